// Both Functions stand on Shopify's published schemas (docs/architecture.md#the-functions):
// each schema.graphql is the pinned introspection (schemas/shopify/) for its API and api_version, printed, and
// each generated/api.ts is what the typegen writes from its input query; a stale or hand-edited file fails here.
import fs from "node:fs";
import path from "node:path";
import { buildSchema, printSchema } from "graphql";
import { describe, expect, it } from "vitest";
import { expectedSchema, expectedTypes, functionExtensions } from "../scripts/functions-schema.mjs";
import { shopifySchema } from "../scripts/shopify-schemas.mjs";

const extensions = functionExtensions();

describe("the Functions' schemas and generated types", () => {
  it("are the two Functions, each on a pinned published schema", () => {
    expect(extensions.map((extension) => `${extension.name}: ${extension.schemaName}`).sort()).toEqual([
      "margin-guardrail-checkout: functions_cart_checkout_validation_2026-10",
      "margin-guardrail-codes: functions_discount_2026-10",
    ]);
  });

  it.each(extensions.map((extension) => [extension.name, extension] as const))(
    "%s: schema.graphql is the published schema and generated/api.ts is fresh (npm run functions:schema)",
    async (_name, extension) => {
      const schemaFile = path.join(extension.dir, "schema.graphql");
      const committed = fs.readFileSync(schemaFile, "utf8");
      const sdl = await expectedSchema(extension);
      expect(committed, "schema.graphql differs from the pinned schema: run npm run functions:schema").toBe(sdl);
      // the same schema, not only the same text: formatting cannot hide a changed type
      expect(printSchema(buildSchema(committed))).toBe(printSchema(shopifySchema(extension.schemaName)));
      const types = await expectedTypes(extension, sdl);
      expect(fs.readFileSync(types.file, "utf8"), "generated/api.ts is stale: run npm run functions:schema").toBe(
        types.text,
      );
    },
  );

  it("the code rules Function's schema has code rejection as Shopify publishes it (docs/architecture.md#the-functions)", () => {
    const codes = extensions.find((extension) => extension.name === "margin-guardrail-codes")!;
    const schema = buildSchema(fs.readFileSync(path.join(codes.dir, "schema.graphql"), "utf8"));
    const reject = schema.getType("EnteredDiscountCodesRejectOperation");
    expect(reject && "getFields" in reject ? Object.keys(reject.getFields()).sort() : []).toEqual(["codes", "message"]);
  });
});
