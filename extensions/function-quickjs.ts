/**
 * The Functions run as Shopify runs them (docs/decisions/0040-functions-on-published-schemas.md):
 * - bundleFunction: esbuild, with the options the Shopify CLI uses for a JavaScript Function (its generated
 *   entry imports `@shopify/shopify_function/run` and wraps each export named in shopify.extension.toml;
 *   `user-function` is the extension's src/index.ts; ESM, es2022, bundled, no legal comments, the default
 *   browser platform, so a `node:` import cannot resolve);
 * - checkBundle: the bundle names no Node-only global (require, process, Buffer, __dirname, ...), no Intl
 *   and no locale method (toLocaleString, localeCompare, ...), which QuickJS answers without a locale;
 * - runInQuickJS: the bundle evaluated by QuickJS (quickjs-emscripten, the engine Javy compiles into the
 *   Wasm) in a fresh runtime per run, as each Function run starts afresh, with a shim of Javy's Shopify I/O
 *   (`ShopifyFunction.readInput` / `writeOutput`) and a console that collects lines; no Intl, no Node.
 *   The interrupt handler counts QuickJS's interrupt polls: a proxy for work done, not Shopify's
 *   instruction count (see pollsPerHandlerCall), and a cap that stops a runaway Function.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import zlib from "node:zlib";
import { build, type Plugin } from "esbuild";
import { getQuickJS, type QuickJSContext, type QuickJSHandle, type QuickJSWASMModule } from "quickjs-emscripten";

const HERE = path.dirname(new URL(import.meta.url).pathname);

/** QuickJS calls the interrupt handler once per this many polls (JS_INTERRUPT_COUNTER_INIT in quickjs.c). */
export const pollsPerHandlerCall = 10_000;

/** Handler calls after which a run is interrupted: about 2 × 10⁸ polls, far past any sane Function. */
export const INTERRUPT_CAP = 20_000;

export interface FunctionBundle {
  code: string;
  bytes: number;
  gzipBytes: number;
  /** the JavaScript export each target calls, by its shopify.extension.toml export name */
  exports: Record<string, string>;
  /** where `@shopify/shopify_function/run` came from: the installed package or the stand-in */
  runtime: "package" | "stand-in";
}

const camelize = (name: string) => name.replace(/-([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());

/** The export names of an extension's targets (`export = "..."` in shopify.extension.toml). */
export function exportNames(dir: string): string[] {
  const toml = fs.readFileSync(path.join(dir, "shopify.extension.toml"), "utf8");
  return [...toml.matchAll(/^\s*export\s*=\s*"([a-z0-9-]+)"/gm)].map((match) => match[1]!);
}

/** `@shopify/shopify_function/run` from the extension's node_modules when installed, else the stand-in. */
function runtimeModule(dir: string): { file: string; runtime: FunctionBundle["runtime"] } {
  try {
    const file = createRequire(path.join(dir, "package.json")).resolve("@shopify/shopify_function/run.ts");
    return { file, runtime: "package" };
  } catch {
    return { file: path.join(HERE, "function-runtime", "run.ts"), runtime: "stand-in" };
  }
}

/**
 * Bundles a Function as `shopify app function build` does before Javy compiles it. `entry` is the
 * user function (the extension's src/index.ts unless given).
 */
export async function bundleFunction(
  dir: string,
  options: { entry?: string; exports?: string[] } = {},
): Promise<FunctionBundle> {
  const names = options.exports ?? exportNames(dir);
  const runtime = runtimeModule(dir);
  const contents = [
    `import __runFunction from "@shopify/shopify_function/run";`,
    ...names.map((name) => {
      const identifier = camelize(name);
      const alias = camelize(`run-${name}`);
      return `import { ${identifier} as ${alias} } from "user-function";\nexport function ${identifier}() { return __runFunction(${alias}); }`;
    }),
  ].join("\n");
  const runPlugin: Plugin = {
    name: "shopify-function-run",
    setup(builder) {
      builder.onResolve({ filter: /^@shopify\/shopify_function\/run$/ }, () => ({ path: runtime.file }));
    },
  };
  const result = await build({
    stdin: { contents, loader: "ts", resolveDir: dir },
    alias: { "user-function": options.entry ?? path.join(dir, "src", "index.ts") },
    plugins: [runPlugin],
    define: {},
    logLevel: "silent",
    bundle: true,
    legalComments: "none",
    target: "es2022",
    format: "esm",
    write: false,
    outfile: path.join(dir, "dist", "function.js"),
  });
  const code = result.outputFiles[0]!.text;
  const bytes = Buffer.byteLength(code);
  return {
    code,
    bytes,
    gzipBytes: zlib.gzipSync(code, { level: 9 }).length,
    exports: Object.fromEntries(names.map((name) => [name, camelize(name)])),
    runtime: runtime.runtime,
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

/** Javy's Shopify I/O and console, inside the VM: the input as JSON text in, the output as JSON text out. */
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
