import type { GraphQLSchema, IntrospectionQuery } from "graphql";

export const SCHEMA_DIR: string;
export interface SchemaManifest {
  package: string;
  version: string;
  admin: { pinned: string; next: string };
  functions: { apis: string[]; versions: string[] };
  sha256: Record<string, string>;
}
export function schemaManifest(): SchemaManifest;
export function shopifyIntrospection(name: string): IntrospectionQuery;
export function shopifySchema(name: string): GraphQLSchema;
export const SUPPLEMENTS: { file: string; marker: string }[];
