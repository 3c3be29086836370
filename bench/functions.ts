/**
 * The Functions in QuickJS (`npm run bench -- functions`, or `npx tsx bench/index.ts functions` without the
 * build): each Function bundled as the Shopify CLI bundles it (extensions/function-quickjs.ts), its size
 * (Shopify's limit is 256 kB of Wasm; the bundle is what Javy turns into QuickJS bytecode inside it), and at
 * 1, 50, 200 and 500 cart lines: the input's size (limit 64 kB), the time of a whole run in a fresh QuickJS
 * runtime (the module's evaluation included, as each run in Shopify starts afresh), the time of a run once
 * the module is loaded, Node's time for the same, and QuickJS's interrupt polls per run (the count of
 * function calls and backward jumps QuickJS checks for an interrupt: a proxy for the work done, not
 * Shopify's Wasm instruction count, whose limit is 11M at up to 200 lines).
 */
import path from "node:path";
import { checkoutInput, codesInput } from "../extensions/function-carts";
import { bundleFunction, runInQuickJS } from "../extensions/function-quickjs";
import { cartLinesDiscountsGenerateRun } from "../extensions/margin-guardrail-codes/src/cart_lines_discounts_generate_run";
import { cartValidationsGenerateRun } from "../extensions/margin-guardrail-checkout/src/cart_validations_generate_run";

const SIZES = [1, 50, 200, 500];
/** Fresh-runtime runs per size (their median is printed), and runs of the loaded module per size. */
const COLD_RUNS = Number(process.env.BENCH_FUNCTION_RUNS || 21);
const WARM_RUNS = 50;

const FUNCTIONS = [
  {
    name: "margin-guardrail-checkout",
    exportName: "cart-validations-generate-run",
    cart: checkoutInput as (lines: number) => unknown,
    node: (input: unknown) => cartValidationsGenerateRun(input as ReturnType<typeof checkoutInput>),
  },
  {
    name: "margin-guardrail-codes",
    exportName: "cart-lines-discounts-generate-run",
    cart: codesInput as (lines: number) => unknown,
    node: (input: unknown) => cartLinesDiscountsGenerateRun(input as ReturnType<typeof codesInput>),
  },
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

export async function benchFunctions() {
  console.log(
    `\nThe Functions in QuickJS (quickjs-emscripten; medians of ${COLD_RUNS} fresh runtimes, ${WARM_RUNS} runs of the loaded module):`,
  );
  for (const fn of FUNCTIONS) {
    const bundle = await bundleFunction(path.resolve("extensions", fn.name));
    console.log(
      `  ${fn.name}: bundle ${bundle.bytes} bytes (${kB(bundle.bytes)}), gzip ${bundle.gzipBytes} bytes; run wrapper: @shopify/shopify_function ${bundle.shopifyFunction.version}`,
    );
    for (const lines of SIZES) {
      const input = fn.cart(lines);
      const inputBytes = Buffer.byteLength(JSON.stringify(input));
      // one of each first, not counted: it compiles Node's code and loads QuickJS's Wasm
      await runInQuickJS(bundle, fn.exportName, input);
      fn.node(JSON.parse(JSON.stringify(input)));
      const cold: number[] = [];
      for (let run = 0; run < COLD_RUNS; run += 1) cold.push((await runInQuickJS(bundle, fn.exportName, input)).ms);
      const warm = await runInQuickJS(bundle, fn.exportName, input, { repeat: WARM_RUNS });
      const started = performance.now();
      for (let run = 0; run < WARM_RUNS; run += 1) fn.node(JSON.parse(JSON.stringify(input)));
      const nodeMs = (performance.now() - started) / WARM_RUNS;
      console.log(
        `    ${String(lines).padStart(3)} lines: input ${kB(inputBytes)}${inputBytes > 64 * 1024 ? " (over the 64 kB limit)" : ""}; QuickJS ${median(cold).toFixed(2)} ms a fresh run, ${warm.ms.toFixed(2)} ms loaded; Node ${nodeMs.toFixed(3)} ms; ~${warm.pollsPerRun} interrupt polls a run`,
      );
    }
  }
}
