import fs from "node:fs";
import { isObjectType } from "graphql";
import { describe, expect, it } from "vitest";
import { schemaManifest, shopifySchema } from "../../scripts/shopify-schemas.mjs";
import { API_VERSION } from "../../app/shopify.server";

// The pinned published schemas (docs/testing.md#typed-admin-graphql) are the ones the app speaks.
describe("Shopify's pinned schemas", () => {
  const manifest = schemaManifest();

  it("pins the Admin API version the app and its webhooks use", () => {
    expect(manifest.admin.pinned).toBe(API_VERSION);
    const toml = fs.readFileSync("shopify.app.toml", "utf8");
    expect(toml).toMatch(new RegExp(`\\[webhooks\\]\\s*\\napi_version = "${manifest.admin.pinned}"`));
  });

  it("holds every file of the manifest, each matching its SHA-256 and building into a schema", () => {
    const files = fs.readdirSync("schemas/shopify").filter((file) => file.endsWith(".json.gz"));
    expect(files.sort()).toEqual(Object.keys(manifest.sha256).sort());
    for (const file of files) {
      const schema = shopifySchema(file.replace(/\.json\.gz$/, ""));
      expect(schema.getQueryType(), file).toBeTruthy();
    }
  });

  it("adds the documented discount Rollouts the published Admin schemas lack, from their supplement", () => {
    for (const name of [`admin_${manifest.admin.pinned}`, `admin_${manifest.admin.next}`]) {
      const schema = shopifySchema(name);
      for (const member of ["DiscountCodeBasic", "DiscountAutomaticBasic", "DiscountCodeFreeShipping"]) {
        const type = schema.getType(member);
        expect(isObjectType(type) && Object.keys(type.getFields()), `${name} ${member}`).toContain("rollouts");
      }
      expect(schema.getType("RolloutDiscountActivateChange"), name).toBeTruthy();
    }
  });

  it("names Function schemas the extensions can use", () => {
    for (const version of manifest.functions.versions) {
      expect(shopifySchema(`functions_discount_${version}`).getType("EnteredDiscountCode")).toBeTruthy();
      expect(shopifySchema(`functions_cart_checkout_validation_${version}`).getType("Cart")).toBeTruthy();
    }
  });
});
