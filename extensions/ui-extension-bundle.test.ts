// The admin action "Check stacking risk" bundled as `shopify app deploy` bundles it
// (ui-extension-bundle.ts): each of its two targets builds from the toml's module, registers with
// shopify.extend, takes in the app's money formats and nothing of Node, and stays well under Shopify's
// 64 KB compressed.
import { describe, expect, it } from "vitest";
import { bundleUiExtensions, cliEntry, UI_EXTENSION_GZIP_LIMIT, uiExtensionEntries } from "./ui-extension-bundle";

const DIR = "extensions/check-stacking-risk";

describe("the admin action's bundle", () => {
  it("reads the toml's two extensions, one admin action target each", () => {
    expect(uiExtensionEntries(DIR)).toEqual([
      {
        handle: "check-stacking-risk",
        type: "ui_extension",
        targets: [{ target: "admin.discount-details.action.render", module: "./src/DiscountDetailsAction.tsx" }],
      },
      {
        handle: "check-stacking-risk-selection",
        type: "ui_extension",
        targets: [
          {
            target: "admin.discount-index.selection-action.render",
            module: "./src/DiscountIndexSelectionAction.tsx",
          },
        ],
      },
    ]);
  });

  it("builds each target with the CLI's entry and options, small and free of Node", async () => {
    const bundles = await bundleUiExtensions(DIR);
    expect(bundles.map((bundle) => bundle.handle)).toEqual(["check-stacking-risk", "check-stacking-risk-selection"]);
    for (const [index, bundle] of bundles.entries()) {
      const target = uiExtensionEntries(DIR)[index]!.targets[0]!.target;
      expect(cliEntry(uiExtensionEntries(DIR)[index]!)).toContain(`shopify.extend('${target}'`);
      expect(bundle.code).toContain(`shopify.extend("${target}"`);
      expect(bundle.inputs).toEqual(
        expect.arrayContaining([
          "app/domain/money.ts",
          "extensions/check-stacking-risk/src/check.ts",
          "extensions/check-stacking-risk/src/CheckModal.tsx",
        ]),
      );
      // Preact and Shopify's signals hook, not React; no server module of the app
      expect(bundle.inputs.some((input) => input.includes("node_modules/preact/"))).toBe(true);
      expect(bundle.inputs.some((input) => /node_modules\/react(-dom)?\//.test(input))).toBe(false);
      expect(bundle.inputs.some((input) => input.includes(".server"))).toBe(false);
      expect(bundle.code).not.toMatch(/\brequire\(|node:|process\.env/);
      expect(bundle.code).toContain("Check stacking risk");
      expect(bundle.gzipBytes).toBeLessThan(UI_EXTENSION_GZIP_LIMIT / 2);
    }
  });
});
