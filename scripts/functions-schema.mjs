#!/usr/bin/env node
// npm run functions:schema [-- --check]
// For each Shopify Function in extensions/ (docs/architecture.md#the-functions):
// - schema.graphql: Shopify's published Function schema for the extension's API (its target) and the
//   api_version of its shopify.extension.toml, from the pinned introspection in schemas/shopify/, printed as
//   `shopify app function schema` writes it (graphql's buildClientSchema + printSchema);
// - generated/api.ts: the types of its input query, as `shopify app function typegen` writes them
//   (graphql-codegen's typescript + typescript-operations plugins, configured by the "codegen" key of the
//   extension's package.json, the key the CLI reads).
// Both are formatted with the repository's prettier settings. --check writes nothing and exits 1 when a
// committed file differs from what would be written. Offline.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { codegen } from "@graphql-codegen/core";
import * as typescriptPlugin from "@graphql-codegen/typescript";
import * as operationsPlugin from "@graphql-codegen/typescript-operations";
import { parse, printSchema } from "graphql";
import prettier from "prettier";
import { shopifySchema } from "./shopify-schemas.mjs";

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
export const EXTENSIONS_DIR = path.join(ROOT, "extensions");

/** Which published Function API a target belongs to (the name in schemas/shopify/functions_<api>_<version>). */
const API_OF_TARGET = [
  [/^cart\.validations\.generate\./, "cart_checkout_validation"],
  [/^cart\.(lines|delivery-options)\.discounts\.generate\./, "discount"],
];

const PLUGINS = { typescript: typescriptPlugin, "typescript-operations": operationsPlugin };

/** The Function extensions: each folder of extensions/ whose shopify.extension.toml says type = "function". */
export function functionExtensions() {
  return fs
    .readdirSync(EXTENSIONS_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(EXTENSIONS_DIR, entry.name))
    .filter((dir) => {
      const toml = path.join(dir, "shopify.extension.toml");
      return fs.existsSync(toml) && /^\s*type\s*=\s*"function"/m.test(fs.readFileSync(toml, "utf8"));
    })
    .map((dir) => {
      const toml = fs.readFileSync(path.join(dir, "shopify.extension.toml"), "utf8");
      const version = /^api_version\s*=\s*"([^"]+)"/m.exec(toml)?.[1];
      const targets = [...toml.matchAll(/^\s*target\s*=\s*"([^"]+)"/gm)].map((match) => match[1]);
      const apis = new Set(targets.map((target) => API_OF_TARGET.find(([pattern]) => pattern.test(target))?.[1]));
      if (!version || apis.size !== 1 || apis.has(undefined)) {
        throw new Error(`${path.relative(ROOT, dir)}: cannot tell its Function API (${targets.join(", ")})`);
      }
      const [api] = apis;
      return { dir, name: path.basename(dir), version, api, schemaName: `functions_${api}_${version}` };
    });
}

async function formatted(text, file) {
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(text, { ...options, filepath: file });
}

/** schema.graphql as it should be: the pinned published schema, printed. */
export async function expectedSchema(extension) {
  const file = path.join(extension.dir, "schema.graphql");
  return formatted(`${printSchema(shopifySchema(extension.schemaName))}\n`, file);
}

/** generated/api.ts as it should be, from the schema `sdl` and the extension's package.json "codegen" config. */
export async function expectedTypes(extension, sdl) {
  const pkg = JSON.parse(fs.readFileSync(path.join(extension.dir, "package.json"), "utf8"));
  const config = pkg.codegen;
  if (!config) throw new Error(`${extension.name}/package.json has no "codegen" key`);
  const [outputName, output] = Object.entries(config.generates)[0];
  const pattern = new RegExp(`^${config.documents.replace(/\./g, "\\.").replace(/\*/g, "[^/]*")}$`);
  const sourceDir = path.join(extension.dir, path.dirname(config.documents));
  const documents = fs
    .readdirSync(sourceDir)
    .map((file) => path.posix.join(path.dirname(config.documents), file))
    .filter((file) => pattern.test(file))
    .sort()
    .map((file) => ({
      location: file,
      document: parse(fs.readFileSync(path.join(extension.dir, file), "utf8")),
    }));
  const file = path.join(extension.dir, outputName);
  const text = await codegen({
    filename: file,
    schema: parse(sdl),
    documents,
    config: config.config ?? {},
    plugins: output.plugins.map((plugin) => {
      if (typeof plugin === "string") return { [plugin]: {} };
      // a path in a plugin's config is the extension folder's, where the CLI runs codegen
      const [[name, options]] = Object.entries(plugin);
      const { importSchemaTypesFrom } = options;
      return {
        [name]: importSchemaTypesFrom
          ? {
              ...options,
              importSchemaTypesFrom: path.relative(process.cwd(), path.join(extension.dir, importSchemaTypesFrom)),
            }
          : options,
      };
    }),
    pluginMap: PLUGINS,
  });
  const header = `// Generated by npm run functions:schema from ${config.documents} and ${config.schema}\n// (as \`shopify app function typegen\` would). Do not edit.\n`;
  return { file, text: await formatted(header + text, file) };
}

/** Every file the script owns, with what it should hold. */
export async function expectedFiles() {
  const files = [];
  for (const extension of functionExtensions()) {
    const sdl = await expectedSchema(extension);
    files.push({ file: path.join(extension.dir, "schema.graphql"), text: sdl });
    files.push(await expectedTypes(extension, sdl));
  }
  return files;
}

async function main() {
  const check = process.argv.includes("--check");
  const stale = [];
  for (const { file, text } of await expectedFiles()) {
    const current = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : null;
    if (current === text) continue;
    stale.push(path.relative(ROOT, file));
    if (!check) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text);
    }
  }
  if (check && stale.length > 0) {
    console.error(`Stale (run npm run functions:schema): ${stale.join(", ")}`);
    process.exit(1);
  }
  console.log(stale.length === 0 ? "Function schemas and types are current." : `Wrote ${stale.join(", ")}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
