import fs from "node:fs";
import path from "node:path";
import { generate } from "@graphql-codegen/cli";
import { describe, expect, it } from "vitest";
import config, { ADMIN_SCHEMA } from "../../codegen";
import { schemaManifest, shopifySchema } from "../../scripts/shopify-schemas.mjs";
import { checkAdminDocument, collectAdminDocuments } from "../helpers/admin-documents";

// The app's Admin operations against Shopify's published schemas (docs/testing.md#typed-admin-graphql,
// docs/testing.md#typed-admin-graphql): the pinned version and the next one.
const { admin } = schemaManifest();
const SCHEMAS = [`admin_${admin.pinned}`, `admin_${admin.next}`];

describe("the app's Admin GraphQL documents", () => {
  const { documents, problems } = collectAdminDocuments();

  it("are each one named #graphql literal, with no operation left unmarked", () => {
    expect(problems).toEqual([]);
    // the services' operations: backtest, variant facts, order actions, billing, checkout, code rules, health
    expect(documents.length).toBeGreaterThanOrEqual(20);
    expect(documents.map((document) => document.name)).toContain("MarginGuardrailValidationUpdate");
  });

  for (const name of SCHEMAS) {
    it(`validate against ${name}, and every mutation selects its userErrors`, () => {
      const schema = shopifySchema(name);
      const found = documents.flatMap((document) =>
        checkAdminDocument(schema, document.text).map((problem) => `${document.name} (${document.file}): ${problem}`),
      );
      expect(found).toEqual([]);
    });
  }

  it("types come from the pinned version", () => {
    expect(ADMIN_SCHEMA).toBe(`admin_${admin.pinned}`);
  });
});

describe("the document check", () => {
  const schema = shopifySchema(SCHEMAS[0]);

  it("fails a misspelled field, a removed argument and a wrong variable type", () => {
    expect(checkAdminDocument(schema, `query A($id: ID!) { validation(id: $id) { id enabeld } }`)).toEqual([
      expect.stringContaining('Cannot query field "enabeld" on type "Validation"'),
    ]);
    expect(checkAdminDocument(schema, `query B($id: ID!) { order(id: $id, locale: "fr") { id } }`)).toEqual([
      expect.stringContaining('Unknown argument "locale"'),
    ]);
    expect(checkAdminDocument(schema, `query C($id: String!) { order(id: $id) { id } }`)).toEqual([
      expect.stringContaining('Variable "$id" of type "String!" used in position expecting type "ID!"'),
    ]);
  });

  it("fails a mutation that does not read its userErrors", () => {
    const unread = `mutation D($id: ID!, $tags: [String!]!) { tagsAdd(id: $id, tags: $tags) { node { id } } }`;
    expect(checkAdminDocument(schema, unread)).toEqual(['Mutation field "tagsAdd" does not select userErrors.']);
    const read = `mutation D($id: ID!, $tags: [String!]!) { tagsAdd(id: $id, tags: $tags) { userErrors { message } } }`;
    expect(checkAdminDocument(schema, read)).toEqual([]);
  });

  it("fails a document built with ${} or an operation without #graphql", () => {
    const dir = fs.mkdtempSync(path.join("tests", ".tmp", "admin-documents-"));
    try {
      fs.writeFileSync(
        path.join(dir, "broken.server.ts"),
        [
          "const FIELDS = `id`;",
          "export const A = `#graphql\n  query Built($id: ID!) { order(id: $id) { ${FIELDS} } }`;",
          "export const B = `query Unmarked($id: ID!) { order(id: $id) { id } }`;",
          "export const C = `#graphql\n  query Twice { shop { id } }`;",
          "export const D = `#graphql\n  query Twice { shop { name } }`;",
        ].join("\n"),
      );
      const { problems } = collectAdminDocuments(dir);
      expect(problems).toEqual([
        expect.stringContaining("a #graphql document is one literal"),
        expect.stringContaining("an operation without #graphql (query Unmarked("),
        expect.stringContaining("operation name Twice is used twice"),
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the committed generated types", () => {
  it("are what npm run graphql:codegen writes from the pinned schema and today's documents", async () => {
    const outputs: { filename: string; content: string }[] = await generate({ ...config, silent: true }, false);
    expect(outputs.map((output) => output.filename).sort()).toEqual([
      "app/types/admin.generated.d.ts",
      "app/types/admin.types.d.ts",
    ]);
    for (const output of outputs) {
      const committed = fs.existsSync(output.filename) ? fs.readFileSync(output.filename, "utf8") : "";
      // a plain comparison: a failure says which file, without printing a megabyte of types
      expect(
        committed === output.content,
        `${output.filename} is stale: run npm run graphql:codegen and commit it`,
      ).toBe(true);
    }
  }, 180_000);
});
