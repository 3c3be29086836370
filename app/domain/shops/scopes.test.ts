import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { SCOPE_PURPOSES } from "../actions/order-actions";
import { REQUIRED_SCOPE_PURPOSES, requiredScopePurpose } from "./scopes";

/** A list of shopify.app.toml's [access_scopes], as written there. */
function tomlScopes(key: "scopes" | "optional_scopes"): string[] {
  const toml = fs.readFileSync("shopify.app.toml", "utf8");
  const section = toml.slice(toml.indexOf("[access_scopes]"));
  const match = section.match(new RegExp(`^${key} = (\\[[^\\]]*\\]|"[^"]*")`, "m"));
  if (!match) throw new Error(`no ${key} in shopify.app.toml`);
  return match[1].match(/[a-z_]+/g) ?? [];
}

describe("what each access is for, in the merchant's words (docs/product.md#integration-center)", () => {
  it("says it for every scope the app asks for, required or optional", () => {
    expect(Object.keys(REQUIRED_SCOPE_PURPOSES).sort()).toEqual(tomlScopes("scopes").sort());
    expect(Object.keys(SCOPE_PURPOSES).sort()).toEqual(tomlScopes("optional_scopes").sort());
  });

  it("keeps Shopify's name for a scope it does not know", () => {
    expect(requiredScopePurpose("read_orders")).toBe("Check your orders and their discounts");
    expect(requiredScopePurpose("read_themes")).toBe("read_themes");
  });
});
