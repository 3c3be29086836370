// The repository explains itself (docs/product.md#decisions, 17): every citation of
// docs/product.md names a section that exists, every cited decision record exists, and
// nothing cites documents outside the repository.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { expect, it } from "vitest";
import { anchors } from "../helpers/markdown";

const files = execFileSync(
  "git",
  [
    "ls-files",
    "app",
    "tests",
    "scripts",
    "bench",
    "prisma",
    "extensions",
    "docs",
    "README.md",
    "server.js",
    "eslint.config.js",
  ],
  {
    encoding: "utf8",
  },
)
  .split("\n")
  .filter((file) => /\.(ts|tsx|js|mjs|md|toml)$/.test(file) && fs.existsSync(file));

it("cites only sections of docs/product.md that exist", () => {
  const known = anchors(fs.readFileSync("docs/product.md", "utf8"));
  const missing: string[] = [];
  for (const file of files) {
    for (const match of fs.readFileSync(file, "utf8").matchAll(/docs\/product\.md#([a-z0-9-]+)/g)) {
      if (!known.has(match[1])) missing.push(`${file}: #${match[1]}`);
    }
  }
  expect(missing).toEqual([]);
});

it("cites only decision records that exist", () => {
  const records = new Set(fs.readdirSync("docs/decisions").map((name) => name.replace(/\.md$/, "")));
  const missing: string[] = [];
  for (const file of files) {
    for (const match of fs.readFileSync(file, "utf8").matchAll(/docs\/decisions\/(\d{4}-[a-z0-9-]+)/g)) {
      if (!records.has(match[1])) missing.push(`${file}: ${match[1]}`);
    }
  }
  expect(missing).toEqual([]);
});

it("cites nothing outside the repository", () => {
  const outside = files.filter(
    (file) =>
      file !== "tests/integration/docs-citations.test.ts" &&
      /seed-spec|\.\.\/shared|decisions\.md #/.test(fs.readFileSync(file, "utf8")),
  );
  expect(outside).toEqual([]);
});

it("gives every decision record a date and a status", () => {
  // the records are NNNN-title.md; the folder's README.md (the index) and TEMPLATE.md are not records
  for (const name of fs.readdirSync("docs/decisions").filter((file) => /^\d{4}-.+\.md$/.test(file))) {
    const text = fs.readFileSync(`docs/decisions/${name}`, "utf8");
    expect(text, name).toMatch(/^Date: \d{4}-\d{2}-\d{2}$/m);
    expect(text, name).toMatch(/^Status: (proposed|accepted|superseded|deprecated)/m);
  }
});
