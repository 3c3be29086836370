#!/usr/bin/env node
// npm run schemas:refresh [-- --version 1.17.0] [-- --admin 2027-01 --next unstable --functions 2026-10]
// Copies Shopify's published introspection schemas out of the npm package @shopify/dev-mcp (its dist/data/)
// into schemas/shopify/ and rewrites schemas/shopify/manifest.json with the package version and each file's
// SHA-256. The only step that needs the network (npm pack); the tests read the committed files offline.
// How and when to refresh: docs/testing.md#typed-admin-graphql.
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "schemas", "shopify");
const MANIFEST = path.join(DIR, "manifest.json");
const current = JSON.parse(fs.readFileSync(MANIFEST, "utf8"));

const { values } = parseArgs({
  options: {
    version: { type: "string", default: current.version },
    admin: { type: "string", default: current.admin.pinned },
    next: { type: "string", default: current.admin.next },
    functions: { type: "string", multiple: true, default: current.functions.versions },
  },
});

const files = [
  `admin_${values.admin}`,
  `admin_${values.next}`,
  ...values.functions.flatMap((version) => current.functions.apis.map((api) => `functions_${api}_${version}`)),
]
  .map((name) => `${name}.json.gz`)
  .sort();

const work = fs.mkdtempSync(path.join(os.tmpdir(), "shopify-schemas-"));
try {
  const tarball = execFileSync("npm", ["pack", `${current.package}@${values.version}`, "--silent"], {
    cwd: work,
    encoding: "utf8",
  }).trim();
  execFileSync("tar", ["-xzf", tarball, ...files.map((file) => `package/dist/data/${file}`)], { cwd: work });
  for (const file of fs.readdirSync(DIR)) {
    if (file.endsWith(".json.gz")) fs.rmSync(path.join(DIR, file));
  }
  const sha256 = {};
  for (const file of files) {
    const bytes = fs.readFileSync(path.join(work, "package", "dist", "data", file));
    fs.writeFileSync(path.join(DIR, file), bytes);
    sha256[file] = crypto.createHash("sha256").update(bytes).digest("hex");
  }
  const manifest = {
    ...current,
    version: values.version,
    admin: { pinned: values.admin, next: values.next },
    functions: { ...current.functions, versions: values.functions },
    sha256,
  };
  fs.writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`schemas/shopify: ${files.length} schemas from ${current.package}@${values.version}`);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
