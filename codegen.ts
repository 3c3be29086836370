// GraphQL Code Generator's configuration for the app's Admin API operations (npm run graphql:codegen;
// docs/testing.md#typed-admin-graphql). The schema is the
// pinned published Admin schema of the app's API version (schemas/shopify/, offline), handed to codegen
// as SDL; Shopify's preset types every `#graphql` document under app/ and augments
// @shopify/admin-api-client so admin.graphql(DOCUMENT, { variables }) is typed by its document.
import type { CodegenConfig } from "@graphql-codegen/cli";
import type { Types } from "@graphql-codegen/plugin-helpers";
import { ApiType, pluckConfig, preset } from "@shopify/api-codegen-preset";
import { printSchema } from "graphql";
import { schemaManifest, shopifySchema } from "./scripts/shopify-schemas.mjs";

/** The Admin schema the types come from: the app's API version (shopify.app.toml, app/shopify.server.ts). */
export const ADMIN_SCHEMA = `admin_${schemaManifest().admin.pinned}`;

/** The files whose `#graphql` documents are the app's Admin operations (tests' documents are not). */
export const ADMIN_DOCUMENTS = ["app/**/*.{ts,tsx}", "!app/**/*.test.{ts,tsx}", "!app/types/**"];

/** Where the committed generated types are. */
export const GENERATED_DIR = "app/types";

const config: CodegenConfig = {
  overwrite: true,
  // not silent: a document that does not validate is reported with its file and line, and fails the run
  silent: false,
  schema: printSchema(shopifySchema(ADMIN_SCHEMA)),
  documents: ADMIN_DOCUMENTS,
  // @shopify/api-codegen-preset brings its own copy of codegen's types: the same shapes, other declarations
  pluckConfig: pluckConfig as CodegenConfig["pluckConfig"],
  generates: {
    [`${GENERATED_DIR}/admin.types.d.ts`]: {
      plugins: ["typescript"],
      // Shopify's settings (shopifyApiTypes), with enums as string unions (a fake's answer can be a literal)
      // and without the schema's descriptions (they would double the file; the schema has them)
      config: {
        defaultScalarType: "string",
        scalars: { JSON: "unknown" },
        enumsAsTypes: true,
        disableDescriptions: true,
      },
    },
    [`${GENERATED_DIR}/admin.generated.d.ts`]: {
      preset: preset as Types.OutputPreset,
      presetConfig: { apiType: ApiType.Admin },
    },
  },
};

export default config;
