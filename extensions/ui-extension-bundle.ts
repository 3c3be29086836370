/**
 * The admin UI extensions bundled as the Shopify CLI bundles them for `shopify app deploy`
 * (docs/testing.md#the-shopify-functions has the Functions' counterpart, function-quickjs.ts): for each
 * `[[extensions]]` entry of a `ui_extension` toml, the CLI's generated entry (each target's module
 * imported and registered with `shopify.extend(target, ...)`, as it does for Remote DOM extensions,
 * API 2025-10 and later) bundled by esbuild with the CLI's options: automatic JSX (Preact, by each
 * file's `@jsxImportSource`), `.js` read as JSX, no legal comments, minified, target es6, the CLI's
 * resolve extensions, `process.env.NODE_ENV` "production". Shopify refuses at deploy an extension
 * whose bundle is over 64 KB compressed (UI_EXTENSION_GZIP_LIMIT).
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { build } from "esbuild";

/** Shopify's limit on a UI extension's bundle, API 2025-10 and later: 64 KB compressed. */
export const UI_EXTENSION_GZIP_LIMIT = 64 * 1024;

export interface UiExtensionEntry {
  handle: string;
  type: string;
  targets: { target: string; module: string }[];
}

export interface UiExtensionBundle {
  handle: string;
  code: string;
  bytes: number;
  gzipBytes: number;
  /** the source files esbuild took in, relative to the repository */
  inputs: string[];
}

const quoted = (line: string, key: string) => new RegExp(`^\\s*${key}\\s*=\\s*"([^"]*)"`).exec(line)?.[1];

/**
 * The `[[extensions]]` entries of a shopify.extension.toml, with their handle, type and targeting
 * (`target` and `module` of each `[[extensions.targeting]]`); enough of TOML for these files.
 */
export function uiExtensionEntries(dir: string): UiExtensionEntry[] {
  const lines = fs.readFileSync(path.join(dir, "shopify.extension.toml"), "utf8").split("\n");
  const entries: UiExtensionEntry[] = [];
  let entry: UiExtensionEntry | null = null;
  let targeting: { target: string; module: string } | null = null;
  for (const line of lines) {
    const header = /^\s*\[\[?([a-z_.]+)\]\]?\s*$/.exec(line)?.[1];
    if (header === "extensions") {
      entry = { handle: "", type: "", targets: [] };
      entries.push(entry);
      targeting = null;
    } else if (header === "extensions.targeting" && entry) {
      targeting = { target: "", module: "" };
      entry.targets.push(targeting);
    } else if (header) {
      targeting = null;
    } else if (targeting) {
      targeting.target = quoted(line, "target") ?? targeting.target;
      targeting.module = quoted(line, "module") ?? targeting.module;
    } else if (entry) {
      entry.handle = quoted(line, "handle") ?? entry.handle;
      entry.type = quoted(line, "type") ?? entry.type;
    }
  }
  return entries;
}

/** The entry the CLI generates for a Remote DOM extension: each target's module registered with shopify.extend. */
export function cliEntry(entry: UiExtensionEntry): string {
  return entry.targets
    .map(
      ({ target, module }, index) =>
        `import Target_${index} from '${module}';shopify.extend('${target}', (...args) => Target_${index}(...args));`,
    )
    .join("\n");
}

/** Bundles each `ui_extension` of the folder as `shopify app deploy` does. */
export async function bundleUiExtensions(dir: string): Promise<UiExtensionBundle[]> {
  const bundles: UiExtensionBundle[] = [];
  for (const entry of uiExtensionEntries(dir).filter((each) => each.type === "ui_extension")) {
    const result = await build({
      stdin: { contents: cliEntry(entry), resolveDir: path.resolve(dir), loader: "tsx" },
      bundle: true,
      write: false,
      outfile: `${entry.handle}.js`,
      define: { "process.env.NODE_ENV": JSON.stringify("production") },
      jsx: "automatic",
      loader: { ".esnext": "ts", ".js": "jsx" },
      legalComments: "none",
      minify: true,
      target: "es6",
      resolveExtensions: [".tsx", ".ts", ".js", ".json", ".esnext", ".mjs", ".ejs"],
      metafile: true,
      logLevel: "silent",
    });
    const code = result.outputFiles[0]!.text;
    bundles.push({
      handle: entry.handle,
      code,
      bytes: Buffer.byteLength(code),
      gzipBytes: zlib.gzipSync(code).length,
      inputs: Object.keys(result.metafile.inputs),
    });
  }
  return bundles;
}
