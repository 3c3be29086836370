// Shopify's published GraphQL schemas pinned in schemas/shopify/ (npm run schemas:refresh writes them;
// docs/testing.md#typed-admin-graphql). Offline: read from the committed files, checked against the
// manifest's SHA-256 so an edited or truncated file fails loudly instead of validating against the wrong schema.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import { buildClientSchema, extendSchema, parse } from "graphql";

export const SCHEMA_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "schemas", "shopify");

/** The manifest: the package and version the files came from, the pinned versions, each file's SHA-256. */
export const schemaManifest = () => JSON.parse(fs.readFileSync(path.join(SCHEMA_DIR, "manifest.json"), "utf8"));

/**
 * The introspection result (`{ __schema }`) of one pinned schema, by its file name without `.json.gz`:
 * `admin_2026-10`, `functions_discount_2026-04`, ...
 */
export function shopifyIntrospection(name) {
  const file = `${name}.json.gz`;
  const expected = schemaManifest().sha256[file];
  if (!expected) throw new Error(`schemas/shopify has no ${file}: run npm run schemas:refresh with that version`);
  const bytes = fs.readFileSync(path.join(SCHEMA_DIR, file));
  const actual = crypto.createHash("sha256").update(bytes).digest("hex");
  if (actual !== expected) throw new Error(`schemas/shopify/${file} does not match its manifest (sha256 ${actual})`);
  const parsed = JSON.parse(zlib.gunzipSync(bytes).toString("utf8"));
  return parsed.data ?? parsed;
}

const built = new Map();

/**
 * Types Shopify documents for an Admin version that its published introspection lacks
 * (schemas/shopify/supplements/, each file naming the reference it follows): added to an Admin
 * schema only while it has none of them, so a refreshed schema that has them wins.
 */
export const SUPPLEMENTS = [{ file: "rollouts.graphql", marker: "Rollout" }];

/** One pinned schema as a GraphQLSchema (built once per process), Admin ones with their supplements. */
export function shopifySchema(name) {
  if (!built.has(name)) {
    let schema = buildClientSchema(shopifyIntrospection(name));
    if (name.startsWith("admin_")) {
      for (const { file, marker } of SUPPLEMENTS) {
        if (schema.getType(marker)) continue;
        const sdl = fs.readFileSync(path.join(SCHEMA_DIR, "supplements", file), "utf8");
        schema = extendSchema(schema, parse(sdl), { assumeValidSDL: false });
      }
    }
    built.set(name, schema);
  }
  return built.get(name);
}
