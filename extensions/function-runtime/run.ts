/**
 * Stand-in for `@shopify/shopify_function/run` (the extensions' dependency, ~2.0.1) when that package is
 * not installed: the same contract, written here. Javy's Shopify Function plugin defines the global
 * `ShopifyFunction`; the run wrapper reads the input from it, calls the target and hands the result back.
 * docs/decisions/0040-functions-on-published-schemas.md.
 */
interface ShopifyFunctionIO {
  readInput(): unknown;
  writeOutput(output: unknown): void;
}

declare const ShopifyFunction: ShopifyFunctionIO;

export default function runFunction<Input, Output>(target: (input: Input) => Output): void {
  if (typeof ShopifyFunction === "undefined") {
    throw new Error("ShopifyFunction is not defined: this bundle runs only inside Javy's Shopify Function runtime");
  }
  ShopifyFunction.writeOutput(target(ShopifyFunction.readInput() as Input));
}
