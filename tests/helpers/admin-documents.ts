import fs from "node:fs";
import path from "node:path";
import { gqlPluckFromCodeStringSync } from "@graphql-tools/graphql-tag-pluck";
import { pluckConfig } from "@shopify/api-codegen-preset";
import {
  getNamedType,
  isObjectType,
  Kind,
  parse,
  validate,
  type DocumentNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from "graphql";

/**
 * The app's Admin GraphQL documents, read from its source as codegen reads them (graphql-tag-pluck
 * with Shopify's pluckConfig, as codegen.ts): every template literal that begins with `#graphql`
 * (docs/testing.md#typed-admin-graphql). A document is one literal, without `${}`, since its exact
 * text is what types admin.graphql's answer.
 */
export interface AdminDocument {
  file: string;
  name: string;
  text: string;
}

const SOURCE = /\.(ts|tsx)$/;
const SKIPPED = /\.test\.(ts|tsx)$/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === path.join("app", "types") ? [] : sourceFiles(full);
    return SOURCE.test(entry.name) && !SKIPPED.test(entry.name) ? [full] : [];
  });
}

/** Operations written without the `#graphql` mark, which codegen would not see: `query Name(`, `mutation Name {`. */
const UNMARKED = /`\s*(query|mutation)\s+[A-Za-z_]\w*\s*[({]/g;

/** Every `#graphql` document under `dir` (app/), and the problems found collecting them. */
export function collectAdminDocuments(dir = "app"): { documents: AdminDocument[]; problems: string[] } {
  const documents: AdminDocument[] = [];
  const problems: string[] = [];
  for (const file of sourceFiles(dir)) {
    const code = fs.readFileSync(file, "utf8");
    for (const source of gqlPluckFromCodeStringSync(file, code, pluckConfig)) {
      // Shopify's pluck marks an interpolation `#REQUIRED_VAR=` and the constant `#VAR_NAME=` (comments)
      if (source.body.includes("#REQUIRED_VAR=")) {
        problems.push(`${file}: a #graphql document is one literal; it has \${...}`);
        continue;
      }
      const text = source.body.replace(/#VAR_NAME=\w+$/, "");
      let names: string[];
      try {
        names = operationsOf(parse(text)).map((operation) => operation.name?.value ?? "");
      } catch (error) {
        problems.push(`${file}: ${(error as Error).message}`);
        continue;
      }
      if (names.length !== 1 || !names[0]) problems.push(`${file}: each document is one named operation`);
      documents.push({ file, name: names[0] ?? "", text });
    }
    for (const match of code.matchAll(UNMARKED)) {
      problems.push(`${file}: an operation without #graphql (${match[0].slice(1).trim()}...)`);
    }
  }
  const seen = new Set<string>();
  for (const document of documents) {
    if (seen.has(document.name)) problems.push(`${document.file}: operation name ${document.name} is used twice`);
    seen.add(document.name);
  }
  return { documents, problems };
}

const operationsOf = (document: DocumentNode) =>
  document.definitions.filter((definition): definition is OperationDefinitionNode => {
    return definition.kind === Kind.OPERATION_DEFINITION;
  });

const selects = (selectionSet: SelectionSetNode | undefined, field: string): boolean =>
  (selectionSet?.selections ?? []).some(
    (selection) =>
      (selection.kind === Kind.FIELD && selection.name.value === field) ||
      (selection.kind === Kind.INLINE_FRAGMENT && selects(selection.selectionSet, field)),
  );

/**
 * What is wrong with one document against one schema: graphql's validation (unknown or removed
 * fields and arguments, wrong types, missing required arguments, ...), and any mutation field whose
 * payload has `userErrors` that the document does not select (Shopify's refusals would go unread).
 */
export function checkAdminDocument(schema: GraphQLSchema, text: string): string[] {
  let document: DocumentNode;
  try {
    document = parse(text);
  } catch (error) {
    return [(error as Error).message];
  }
  const problems = validate(schema, document).map((error) => error.message);
  const mutationType = schema.getMutationType();
  for (const operation of operationsOf(document)) {
    if (operation.operation !== "mutation" || !mutationType) continue;
    for (const selection of operation.selectionSet.selections) {
      if (selection.kind !== Kind.FIELD) continue;
      const field = mutationType.getFields()[selection.name.value];
      const payload = field && getNamedType(field.type);
      if (!payload || !isObjectType(payload) || !payload.getFields().userErrors) continue;
      if (!selects(selection.selectionSet, "userErrors")) {
        problems.push(`Mutation field "${selection.name.value}" does not select userErrors.`);
      }
    }
  }
  return problems;
}
