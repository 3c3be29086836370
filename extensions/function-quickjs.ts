/**
 * The Functions run as Shopify runs them (docs/testing.md#the-shopify-functions):
 * - bundleFunction: what `shopify app function build` does before Javy compiles the bundle, for a Function
 *   whose targets name their `export` in shopify.extension.toml: it finds the extension's installed
 *   `@shopify/shopify_function` (2.x, its index.ts and run.ts, looking up from the extension's folder), then
 *   esbuild bundles the CLI's generated entry (which imports the package's `run` and wraps each export) with
 *   `user-function` aliased to the extension's src/index.ts: ESM, es2022, bundled, no legal comments, the
 *   default browser platform, so a `node:` import cannot resolve;
 * - checkBundle: the bundle names no Node-only global (require, process, Buffer, __dirname, ...), no Intl
 *   and no locale method (toLocaleString, localeCompare, ...), which QuickJS answers without a locale;
 * - runInQuickJS: the bundle evaluated by QuickJS (quickjs-emscripten, the engine Javy compiles into the
 *   Wasm) in a fresh runtime per run, as each Function run starts afresh, with the global the package's
 *   `run` reads and writes through, Javy's Shopify Function I/O (`ShopifyFunction.readInput` /
 *   `writeOutput`), and a console that collects lines; no Intl, no Node.
 *   The interrupt handler counts QuickJS's interrupt polls: a proxy for work done, not Shopify's
 *   instruction count (see pollsPerHandlerCall), and a cap that stops a runaway Function.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { build } from "esbuild";
import { getQuickJS, type QuickJSContext, type QuickJSHandle, type QuickJSWASMModule } from "quickjs-emscripten";

/** QuickJS calls the interrupt handler once per this many polls (JS_INTERRUPT_COUNTER_INIT in quickjs.c). */
export const pollsPerHandlerCall = 10_000;

/** Handler calls after which a run is interrupted: about 2 × 10⁸ polls, far past any sane Function. */
export const INTERRUPT_CAP = 20_000;

/** The major version of `@shopify/shopify_function` whose `run` reads and writes through `ShopifyFunction`. */
export const SHOPIFY_FUNCTION_MAJOR = "2";

export interface FunctionBundle {
  code: string;
  bytes: number;
  gzipBytes: number;
  /** the JavaScript export each target calls, by its shopify.extension.toml export name */
  exports: Record<string, string>;
  /** the `@shopify/shopify_function` the bundle wraps the targets with: its version and its run module */
  shopifyFunction: { version: string; run: string };
}

const camelize = (name: string) => name.replace(/-([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());

/** The export names of an extension's targets (`export = "..."` in shopify.extension.toml). */
export function exportNames(dir: string): string[] {
  const toml = fs.readFileSync(path.join(dir, "shopify.extension.toml"), "utf8");
  return [...toml.matchAll(/^\s*export\s*=\s*"([a-z0-9-]+)"/gm)].map((match) => match[1]!);
}

/**
 * The installed `@shopify/shopify_function` that the CLI would build with: the first
 * node_modules/@shopify/shopify_function up from the extension's folder (npm's workspaces put it in the
 * root's), with its entry (index.ts) and run module (run.ts), and of the major version whose `run` uses
 * Javy's `ShopifyFunction` I/O. Throws as the CLI stops when it is missing or of another major version.
 */
export function shopifyFunctionPackage(dir: string): { dir: string; version: string } {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    const found = path.join(at, "node_modules", "@shopify", "shopify_function");
    if (["package.json", "index.ts", "run.ts"].every((file) => fs.existsSync(path.join(found, file)))) {
      const { version } = JSON.parse(fs.readFileSync(path.join(found, "package.json"), "utf8")) as { version: string };
      if (version.split(".")[0] !== SHOPIFY_FUNCTION_MAJOR) {
        throw new Error(
          `@shopify/shopify_function ${version} is installed at ${found}; these Functions are built with ~${SHOPIFY_FUNCTION_MAJOR}.0`,
        );
      }
      return { dir: found, version };
    }
    if (path.dirname(at) === at) {
      throw new Error(
        `Could not find the Shopify Functions JavaScript library (@shopify/shopify_function) from ${dir}: run npm install`,
      );
    }
  }
}

/**
 * The module the CLI generates and bundles for a Function whose targets name their exports: the
 * package's `run` called on the user function's export of each target, under the same name.
 */
export function entrypointContents(names: string[]): string {
  const prelude = `\nimport __runFunction from "@shopify/shopify_function/run"`;
  const exports = names.map((name) => {
    const identifier = camelize(name);
    const alias = camelize(`run-${name}`);
    return `\nimport { ${identifier} as ${alias} } from "user-function"\nexport function ${identifier}() { return __runFunction(${alias}) }`;
  });
  return `${prelude}\n${exports.join("\n")}`;
}

/**
 * Bundles a Function as `shopify app function build` does before Javy compiles it. `dir` is the
 * extension's folder, `entry` the user function (the extension's src/index.ts unless given), `exports`
 * the toml's export names (read from its shopify.extension.toml unless given). No `define`: the CLI
 * defines `process.env.*` from the build machine's environment, which a Function here may not read.
 */
export async function bundleFunction(
  dir: string,
  options: { entry?: string; exports?: string[] } = {},
): Promise<FunctionBundle> {
  const names = options.exports ?? exportNames(dir);
  const installed = shopifyFunctionPackage(dir);
  const result = await build({
    stdin: { contents: entrypointContents(names), loader: "ts", resolveDir: dir },
    alias: { "user-function": options.entry ?? path.join(dir, "src", "index.ts") },
    define: {},
    logLevel: "silent",
    bundle: true,
    legalComments: "none",
    target: "es2022",
    format: "esm",
    write: false,
    metafile: true,
    outfile: path.join(dir, "dist", "function.js"),
  });
  // esbuild resolved `@shopify/shopify_function/run` itself, as in the CLI: it took the package found above
  const run = path.join(installed.dir, "run.ts");
  const taken = Object.keys(result.metafile.inputs)
    .map((input) => path.resolve(input))
    .filter((input) => fs.existsSync(input))
    .map((input) => fs.realpathSync(input));
  if (!taken.includes(fs.realpathSync(run))) throw new Error(`The bundle does not include ${run}`);
  const code = result.outputFiles[0]!.text;
  const bytes = Buffer.byteLength(code);
  return {
    code,
    bytes,
    gzipBytes: zlib.gzipSync(code, { level: 9 }).length,
    exports: Object.fromEntries(names.map((name) => [name, camelize(name)])),
    shopifyFunction: { version: installed.version, run },
  };
}

/** Globals Javy's QuickJS does not have: Node's, and Intl (QuickJS is built without it). */
export const FORBIDDEN_GLOBALS = [
  "require",
  "module",
  "exports",
  "process",
  "Buffer",
  "global",
  "__dirname",
  "__filename",
  "setImmediate",
  "Intl",
] as const;

/**
 * Methods that QuickJS has but that answer without a locale there (no Intl): a Function using them would
 * write other text in Shopify than in Node.
 */
export const LOCALE_METHODS = ["toLocaleString", "toLocaleDateString", "toLocaleTimeString", "localeCompare"] as const;

/**
 * The forbidden globals the bundle names as identifiers and the locale methods it calls (string literals
 * and comments left out), and any `node:` import left in it. Empty when the bundle can run in Javy.
 */
export function checkBundle(code: string): string[] {
  // drop string and template literals and comments, so a message that says "process" is no finding
  const stripped = code
    .replace(/\/\*[\s\S]*?\*\//g, " ")
    .replace(/(^|[^:\\])\/\/.*$/gm, "$1")
    .replace(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`/g, '""');
  const findings: string[] = [];
  if (/\bfrom\s*["']node:|\bimport\s*\(\s*["']node:/.test(code)) findings.push("node: import");
  for (const name of FORBIDDEN_GLOBALS) {
    // a use of the global, not a property of the same name (`.process`) nor an object key (`process:`)
    if (new RegExp(`(?<![.\\w$])${name}(?![\\w$])(?!\\s*:)`).test(stripped)) findings.push(name);
  }
  for (const name of LOCALE_METHODS) {
    if (new RegExp(`\\.${name}\\s*\\(`).test(stripped)) findings.push(name);
  }
  return findings;
}

export interface QuickJSRun {
  output: unknown;
  logs: string[];
  /** interrupt-handler calls: each is about pollsPerHandlerCall polls (function calls and backward jumps) */
  interrupts: number;
  /**
   * interrupts × pollsPerHandlerCall ÷ repeat: the polls of one run, to within pollsPerHandlerCall ÷ repeat
   * (the module's evaluation included once)
   */
  pollsPerRun: number;
  /**
   * wall time of one run: the input's parse, the target, the output's serialisation; with the module's
   * evaluation when repeat is 1, spread over the runs otherwise
   */
  ms: number;
  /** the module's evaluation alone */
  evalMs: number;
}

let quickJS: Promise<QuickJSWASMModule> | undefined;

/** Runs one export of a bundle on one input inside QuickJS; throws the Function's error, or on the cap. */
export async function runInQuickJS(
  bundle: FunctionBundle,
  exportName: string,
  input: unknown,
  options: { interruptCap?: number; repeat?: number } = {},
): Promise<QuickJSRun> {
  const repeat = options.repeat ?? 1;
  const QuickJS = await (quickJS ??= getQuickJS());
  const identifier = bundle.exports[exportName];
  if (!identifier) throw new Error(`The bundle has no export ${exportName}`);
  const runtime = QuickJS.newRuntime();
  let interrupts = 0;
  const cap = options.interruptCap ?? INTERRUPT_CAP;
  runtime.setInterruptHandler(() => {
    interrupts += 1;
    return interrupts > cap;
  });
  runtime.setMemoryLimit(64 * 1024 * 1024);
  runtime.setMaxStackSize(1024 * 1024);
  const vm = runtime.newContext();
  const logs: string[] = [];
  try {
    installShim(vm, JSON.stringify(input), logs);
    const started = performance.now();
    const namespace = unwrap(vm, vm.evalCode(bundle.code, "function.js", { type: "module" }));
    const target = vm.getProp(namespace, identifier);
    namespace.dispose();
    const evalMs = performance.now() - started;
    // a repeated run reads the input and writes the output again, as each run in Shopify does
    try {
      for (let run = 0; run < repeat; run += 1) unwrap(vm, vm.callFunction(target, vm.undefined)).dispose();
    } finally {
      target.dispose();
    }
    const outputHandle = vm.getProp(vm.global, "__functionOutput");
    const text = vm.typeof(outputHandle) === "string" ? vm.getString(outputHandle) : null;
    outputHandle.dispose();
    const elapsed = performance.now() - started;
    if (text === null) throw new Error("The Function wrote no output");
    return {
      output: JSON.parse(text),
      logs,
      interrupts,
      pollsPerRun: Math.round((interrupts * pollsPerHandlerCall) / repeat),
      ms: repeat === 1 ? elapsed : (elapsed - evalMs) / repeat,
      evalMs,
    };
  } finally {
    vm.dispose();
    runtime.dispose();
  }
}

/**
 * What the package's `run` expects of the runtime, inside the VM: Javy's Shopify Function I/O, the global
 * `ShopifyFunction` whose `readInput()` gives the input and whose `writeOutput(value)` takes the output
 * (here through JSON text, both ways), and Javy's console, whose lines are collected.
 */
function installShim(vm: QuickJSContext, inputJson: string, logs: string[]) {
  const input = vm.newString(inputJson);
  vm.setProp(vm.global, "__functionInput", input);
  input.dispose();
  const log = vm.newFunction("log", (...args) => {
    logs.push(args.map((arg) => String(vm.dump(arg))).join(" "));
  });
  vm.setProp(vm.global, "__functionLog", log);
  log.dispose();
  unwrap(
    vm,
    vm.evalCode(
      `globalThis.ShopifyFunction = {
        readInput() { return JSON.parse(globalThis.__functionInput); },
        writeOutput(output) { globalThis.__functionOutput = JSON.stringify(output); },
      };
      globalThis.console = { log: __functionLog, error: __functionLog, warn: __functionLog, info: __functionLog };`,
      "javy-shim.js",
      { type: "global" },
    ),
  ).dispose();
}

function unwrap(vm: QuickJSContext, result: ReturnType<QuickJSContext["evalCode"]>): QuickJSHandle {
  if (result.error) {
    const error = vm.dump(result.error) as { name?: string; message?: string; stack?: string } | string;
    result.error.dispose();
    const text = typeof error === "string" ? error : `${error.name ?? "Error"}: ${error.message ?? ""}`;
    throw new Error(`In QuickJS: ${text}`);
  }
  return result.value;
}
