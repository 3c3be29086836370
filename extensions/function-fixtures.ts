/**
 * The Functions' fixture tests (docs/architecture.md#checkout-blocking and docs/architecture.md#the-functions): every fixture in an
 * extension's tests/ folder is a literal input and the output Shopify must receive; the input
 * query, every input and every output are validated against the extension's schema.graphql, and
 * the Function's run must answer that output.
 */
import fs from "node:fs";
import path from "node:path";
import { loadFixture, loadInputQuery, loadSchema, validateTestAssets } from "@shopify/shopify-function-test-helpers";
import type { DocumentNode, GraphQLSchema } from "graphql";
import { beforeAll, expect, it } from "vitest";

export function functionFixtureTests<Input>(options: {
  /** the extension's folder */
  dir: string;
  /** its input query, relative to the folder */
  query: string;
  target: string;
  exportName: string;
  run: (input: Input) => unknown;
}): { names: string[]; assets: () => { schema: GraphQLSchema; query: DocumentNode } } {
  const fixtures = path.join(options.dir, "tests");
  let schema: GraphQLSchema;
  let query: DocumentNode;
  beforeAll(async () => {
    schema = await loadSchema(path.join(options.dir, "schema.graphql"));
    query = await loadInputQuery(path.join(options.dir, options.query));
  });
  const files = fs.readdirSync(fixtures).filter((file) => file.endsWith(".json"));
  it.each(files)("%s: valid against Shopify's schema, and the Function answers its output", async (file) => {
    const fixture = await loadFixture(path.join(fixtures, file));
    expect(fixture.target).toBe(options.target);
    expect(fixture.export).toBe(options.exportName);
    const result = await validateTestAssets({ schema, fixture, inputQueryAST: query });
    expect(result.error).toBeUndefined();
    expect(result.inputQuery.errors).toEqual([]);
    expect(result.inputFixture.errors).toEqual([]);
    expect(result.outputFixture.errors).toEqual([]);
    expect(options.run(fixture.input as Input)).toEqual(fixture.expectedOutput);
  });
  return { names: files.map((file) => file.replace(/\.json$/, "")), assets: () => ({ schema, query }) };
}
