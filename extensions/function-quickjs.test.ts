// Both Functions run as Shopify runs them (docs/testing.md#the-shopify-functions): bundled as the Shopify
// CLI bundles them, with the installed @shopify/shopify_function's run wrapping each target, evaluated in
// QuickJS (the engine Javy compiles into the Wasm) with Javy's Shopify Function I/O, on every fixture,
// answering what the fixture expects and what Node answers; a bundle that uses a Node-only API, a node:
// import or Intl fails here.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutInput, checkoutInputAtLimits, codesInput, codesInputAtLimits } from "./function-carts";
import {
  FUNCTION_INPUT_MAX_BYTES,
  FUNCTION_METAFIELD_MAX_BYTES,
  utf8Bytes,
} from "../app/domain/functions/input-limits";
import {
  bundleFunction,
  checkBundle,
  entrypointContents,
  FORBIDDEN_GLOBALS,
  runInQuickJS,
  SHOPIFY_FUNCTION_MAJOR,
  shopifyFunctionPackage,
  type FunctionBundle,
} from "./function-quickjs";
import { cartLinesDiscountsGenerateRun } from "./margin-guardrail-codes/src/cart_lines_discounts_generate_run";
import { cartValidationsGenerateRun } from "./margin-guardrail-checkout/src/cart_validations_generate_run";

const FUNCTIONS = [
  {
    name: "margin-guardrail-checkout",
    exportName: "cart-validations-generate-run",
    node: (input: unknown) => cartValidationsGenerateRun(input as Parameters<typeof cartValidationsGenerateRun>[0]),
    cart: checkoutInput,
  },
  {
    name: "margin-guardrail-codes",
    exportName: "cart-lines-discounts-generate-run",
    node: (input: unknown) =>
      cartLinesDiscountsGenerateRun(input as Parameters<typeof cartLinesDiscountsGenerateRun>[0]),
    cart: codesInput,
  },
];

describe.each(FUNCTIONS)("$name in QuickJS", ({ name, exportName, node, cart }) => {
  const dir = path.join(__dirname, name);
  let bundle: FunctionBundle;
  beforeAll(async () => {
    bundle = await bundleFunction(dir);
  });

  it("bundles as the CLI does, with no Node-only API and no Intl", () => {
    expect(Object.keys(bundle.exports)).toEqual([exportName]);
    expect(checkBundle(bundle.code)).toEqual([]);
    expect(bundle.code).toMatch(/export\s*\{/);
  });

  it("wraps its target with the installed @shopify/shopify_function's run, as the CLI's entry does", () => {
    expect(bundle.shopifyFunction.version.split(".")[0]).toBe(SHOPIFY_FUNCTION_MAJOR);
    expect(bundle.shopifyFunction.run).toBe(path.join(shopifyFunctionPackage(dir).dir, "run.ts"));
    // the package's run, bundled: it reads and writes through Javy's ShopifyFunction global
    expect(fs.readFileSync(bundle.shopifyFunction.run, "utf8")).toMatch(/ShopifyFunction\.readInput\(\)/);
    expect(bundle.code).toMatch(/ShopifyFunction\.readInput\(\)/);
    expect(bundle.code).toMatch(/ShopifyFunction\.writeOutput\(/);
    expect(bundle.code).toMatch(new RegExp(`export\\s*\\{[^}]*\\b${bundle.exports[exportName]}\\b`));
  });

  const fixtures = fs.readdirSync(path.join(dir, "tests")).filter((file) => file.endsWith(".json"));
  it.each(fixtures)("%s: the same output as the fixture and as Node", async (file) => {
    const { payload } = JSON.parse(fs.readFileSync(path.join(dir, "tests", file), "utf8")) as {
      payload: { export: string; input: unknown; output: unknown };
    };
    expect(payload.export).toBe(exportName);
    const run = await runInQuickJS(bundle, exportName, payload.input);
    expect(run.output).toEqual(payload.output);
    expect(run.output).toEqual(JSON.parse(JSON.stringify(node(payload.input))));
    expect(run.logs).toEqual([]);
  });

  it("decides a cart of 200 lines (Shopify's limit for 11M instructions) as Node does, well inside the cap", async () => {
    const input = cart(200);
    const run = await runInQuickJS(bundle, exportName, input, { repeat: 20 });
    expect(run.output).toEqual(JSON.parse(JSON.stringify(node(input))));
    expect(run.output).not.toEqual({ operations: [] });
    expect(Buffer.byteLength(JSON.stringify(input))).toBeLessThanOrEqual(FUNCTION_INPUT_MAX_BYTES);
    // a figure, not an assertion on speed (npm run bench -- functions prints them all)
    console.log(
      `${name}, 200 lines in QuickJS: ${run.ms.toFixed(2)} ms a run, about ${run.pollsPerRun} interrupt polls a run`,
    );
  });
});

// docs/product.md#function-input-limits: at 200 lines (the count Shopify's limits are set for), with the
// largest configuration the app writes, each input stays within 64,000 bytes and is still decided
describe("inputs at Shopify's limits, 200 lines", () => {
  const bytes = (input: unknown) => utf8Bytes(JSON.stringify(input));
  let bundles: Record<string, FunctionBundle>;
  beforeAll(async () => {
    bundles = Object.fromEntries(
      await Promise.all(FUNCTIONS.map(async ({ name }) => [name, await bundleFunction(path.join(__dirname, name))])),
    );
  });

  it("the code rules Function: the form's longest lists and a full metafield", async () => {
    const input = codesInputAtLimits(200);
    expect(bytes(input.discount.metafield!.jsonValue)).toBeLessThanOrEqual(FUNCTION_METAFIELD_MAX_BYTES);
    expect(bytes(input.discount.metafield!.jsonValue)).toBeGreaterThan(FUNCTION_METAFIELD_MAX_BYTES - 100);
    const size = bytes(input);
    expect(size).toBeLessThanOrEqual(FUNCTION_INPUT_MAX_BYTES);
    const run = await runInQuickJS(bundles["margin-guardrail-codes"]!, "cart-lines-discounts-generate-run", input);
    expect(run.output).toEqual({
      operations: [
        {
          enteredDiscountCodesReject: {
            codes: [{ code: "VIP25" }],
            message: "Codes can't be used with the items in your cart.",
          },
        },
      ],
    });
    expect(run.output).toEqual(JSON.parse(JSON.stringify(cartLinesDiscountsGenerateRun(input))));
    console.log(`margin-guardrail-codes, 200 lines at the limits: ${size} bytes of input`);
  });

  it("the code rules Function: no product title, so the merchant's titles take none of it", () => {
    // 200 titles of 255 characters would be 51,000 bytes: most of the limit
    const query = fs.readFileSync(
      path.join(__dirname, "margin-guardrail-codes/src/cart_lines_discounts_generate_run.graphql"),
      "utf8",
    );
    expect(query.replace(/#.*$/gm, "")).not.toMatch(/\btitle\b/);
  });

  it("the checkout Function: five discounts on every line and the longest message", async () => {
    const input = checkoutInputAtLimits(200);
    const size = bytes(input);
    expect(size).toBeLessThanOrEqual(FUNCTION_INPUT_MAX_BYTES);
    const run = await runInQuickJS(bundles["margin-guardrail-checkout"]!, "cart-validations-generate-run", input);
    expect(run.output).toEqual({
      operations: [{ validationAdd: { errors: [{ message: "€".repeat(255), target: "$.cart" }] } }],
    });
    expect(run.output).toEqual(JSON.parse(JSON.stringify(cartValidationsGenerateRun(input))));
    console.log(`margin-guardrail-checkout, 200 lines at the limits: ${size} bytes of input`);
  });
});

describe("the CLI's entry", () => {
  it("imports the package's run and exports each toml export, camel-cased, wrapped by it", () => {
    expect(entrypointContents(["cart-lines-discounts-generate-run", "run"])).toBe(
      [
        "",
        'import __runFunction from "@shopify/shopify_function/run"',
        "",
        'import { cartLinesDiscountsGenerateRun as runCartLinesDiscountsGenerateRun } from "user-function"',
        "export function cartLinesDiscountsGenerateRun() { return __runFunction(runCartLinesDiscountsGenerateRun) }",
        "",
        'import { run as runRun } from "user-function"',
        "export function run() { return __runFunction(runRun) }",
      ].join("\n"),
    );
  });

  it("is not bundled without @shopify/shopify_function installed above the extension, as the CLI stops", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "function-without-package-"));
    try {
      expect(() => shopifyFunctionPackage(dir)).toThrow(/Could not find the Shopify Functions JavaScript library/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a bundle that would not run in Javy", () => {
  // a user function of its own, bundled in the checkout extension (whose @shopify/shopify_function wraps it)
  const extension = path.join(__dirname, "margin-guardrail-checkout");
  let dir: string;
  beforeAll(() => {
    fs.mkdirSync(path.resolve("tests/.tmp"), { recursive: true });
    dir = fs.mkdtempSync(path.join(process.env.TEST_TMP_DIR ?? os.tmpdir(), "function-quickjs-"));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  async function bundleOf(source: string) {
    const entry = path.join(dir, `entry-${Math.random().toString(36).slice(2)}.ts`);
    fs.writeFileSync(entry, source);
    return bundleFunction(extension, { entry, exports: ["run"] });
  }

  it.each([
    [
      "Intl",
      `export function run() { return { text: new Intl.NumberFormat("en-US").format(1234.5) }; }`,
      /ReferenceError.*Intl/,
    ],
    [
      "Buffer",
      `export function run() { return { text: Buffer.from("margin").toString("base64") }; }`,
      /ReferenceError.*Buffer/,
    ],
    ["process", `export function run() { return { args: process.argv.length }; }`, /ReferenceError.*process/],
    // esbuild's own stand-in for a require it cannot bundle throws in QuickJS as it would in Javy
    [
      "require",
      `export function run() { const load = require; return { fs: typeof load("fs") }; }`,
      /Dynamic require of "fs"/,
    ],
  ])("one using %s is flagged, and fails in QuickJS", async (global, source, failure) => {
    const bundle = await bundleOf(source);
    expect(checkBundle(bundle.code)).toContain(global);
    await expect(runInQuickJS(bundle, "run", {})).rejects.toThrow(failure);
  });

  it("one using a locale method is flagged: QuickJS answers it without a locale, unlike Node", async () => {
    const bundle = await bundleOf(`export function run() { return { text: (1234.5).toLocaleString("en-US") }; }`);
    expect(checkBundle(bundle.code)).toEqual(["toLocaleString"]);
    const run = await runInQuickJS(bundle, "run", {});
    expect(run.output).not.toEqual({ text: (1234.5).toLocaleString("en-US") });
  });

  it("one importing a node: module does not bundle", async () => {
    await expect(
      bundleOf(
        `import { createHash } from "node:crypto";\nexport function run() { return { h: createHash("sha256").digest("hex") }; }`,
      ),
    ).rejects.toThrow(/node:crypto/);
  });

  it("the check names each forbidden global, but not words in strings or properties", () => {
    for (const global of FORBIDDEN_GLOBALS) expect(checkBundle(`const x = ${global}.y;`)).toContain(global);
    expect(checkBundle(`const m = "could not process the cart"; const o = { process: 1 }; o.process;`)).toEqual([]);
  });

  it("a Function that never ends is stopped by the interrupt cap", async () => {
    const bundle = await bundleOf(`export function run() { for (;;) {} }`);
    await expect(runInQuickJS(bundle, "run", {}, { interruptCap: 50 })).rejects.toThrow(/interrupted/);
  });
});
