// The repository explains itself (docs/product.md#decisions, 17): code and guides cite a section of a
// guide (docs/<guide>.md#<section>) that exists, never a decision record by its number; records keep their
// place in docs/decisions/ and may cite each other. Nothing cites documents outside the repository.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { expect, it } from "vitest";
import { anchors } from "../helpers/markdown";

/** Applied migrations are never edited (scripts/migrate-postgres.mjs refuses a changed checksum). */
const APPLIED_MIGRATION = /(^|\/)migrations\/[^/]+\/migration\.sql$/;

/** Every tracked text file, outside the records, the pinned Shopify schemas and the lockfile. */
const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { encoding: "utf8" })
  .split("\n")
  .filter(
    (file) =>
      file &&
      !file.startsWith("docs/decisions/") &&
      !file.startsWith("schemas/") &&
      !file.startsWith("public/") &&
      file !== "package-lock.json" &&
      fs.existsSync(file) &&
      fs.statSync(file).isFile() &&
      fs.statSync(file).size < 2_000_000,
  )
  .map((file) => ({ file, text: fs.readFileSync(file, "utf8") }))
  .filter(({ text }) => !text.includes("\0"));

const guides = new Map<string, Set<string>>();
function anchorsOf(guide: string): Set<string> | undefined {
  if (!guides.has(guide)) {
    if (!fs.existsSync(guide)) return undefined;
    guides.set(guide, anchors(fs.readFileSync(guide, "utf8")));
  }
  return guides.get(guide);
}

it("cites only sections of the guides that exist", () => {
  const missing: string[] = [];
  for (const { file, text } of files) {
    for (const match of text.matchAll(/docs\/([a-z-]+)\.md#([a-z0-9-]+)/g)) {
      if (!anchorsOf(`docs/${match[1]}.md`)?.has(match[2])) missing.push(`${file}: docs/${match[1]}.md#${match[2]}`);
    }
  }
  expect(missing).toEqual([]);
});

/**
 * Ways a decision record is cited by number: its file's path, "decision" or "record" and a number (a
 * record's four digits, or an item of docs/product.md#decisions written as a bare number, which reads as a
 * record), and a bare record number in parentheses or after a section.
 */
const RECORD_CITATION = [
  /decisions\/\d{4}/,
  /\b[Dd]ecisions? \d{1,4}\b/,
  /\b[Rr]ecords? \d{4}\b/,
  /\(0\d{3}[,)]/,
  /: 0\d{3}\)/,
  /\.md#[a-z0-9-]+, 0\d{3}\b/,
];

it("cites no decision record by number outside docs/decisions/", () => {
  const citing: string[] = [];
  for (const { file, text } of files) {
    if (APPLIED_MIGRATION.test(file) || file === "tests/integration/docs-citations.test.ts") continue;
    text.split("\n").forEach((line, index) => {
      const found = RECORD_CITATION.map((pattern) => pattern.exec(line)?.[0]).find(Boolean);
      if (found) citing.push(`${file}:${index + 1}: ${found}`);
    });
  }
  expect(citing).toEqual([]);
});

it("leaves applied migrations citing only records that exist", () => {
  const records = new Set(fs.readdirSync("docs/decisions").map((name) => name.replace(/\.md$/, "")));
  const missing: string[] = [];
  for (const { file, text } of files.filter(({ file }) => APPLIED_MIGRATION.test(file))) {
    for (const match of text.matchAll(/docs\/decisions\/(\d{4}-[a-z0-9-]+)/g)) {
      if (!records.has(match[1])) missing.push(`${file}: ${match[1]}`);
    }
  }
  expect(missing).toEqual([]);
});

it("cites nothing outside the repository", () => {
  const outside = files
    .filter(({ file }) => file !== "tests/integration/docs-citations.test.ts")
    .filter(({ text }) => /seed-spec|\.\.\/shared|decisions\.md #/.test(text))
    .map(({ file }) => file);
  expect(outside).toEqual([]);
});

it("gives every decision record a date and a status", () => {
  // the records are NNNN-title.md; the folder's README.md (the index) and TEMPLATE.md are not records
  for (const name of fs.readdirSync("docs/decisions").filter((file) => /^\d{4}-.+\.md$/.test(file))) {
    const text = fs.readFileSync(`docs/decisions/${name}`, "utf8");
    expect(text, name).toMatch(/^Date: \d{4}-\d{2}-\d{2}$/m);
    expect(text, name).toMatch(/^Status: (proposed|accepted|superseded|deprecated|moved to docs\/[a-z-]+\.md#)/m);
  }
});

it("points every moved record at a section that exists, and says so in the index", () => {
  const index = fs.readFileSync("docs/decisions/README.md", "utf8");
  const wrong: string[] = [];
  for (const name of fs.readdirSync("docs/decisions").filter((file) => /^\d{4}-.+\.md$/.test(file))) {
    const moved = /^Status: moved to docs\/([a-z-]+)\.md#([a-z0-9-]+)$/m.exec(
      fs.readFileSync(`docs/decisions/${name}`, "utf8"),
    );
    if (!moved) continue;
    if (!anchorsOf(`docs/${moved[1]}.md`)?.has(moved[2])) wrong.push(`${name}: docs/${moved[1]}.md#${moved[2]}`);
    const row = index.split("\n").find((line) => line.includes(`](${name})`)) ?? "";
    if (!row.includes(`moved to [${moved[1]}.md#${moved[2]}]`)) wrong.push(`${name}: its index row`);
  }
  expect(wrong).toEqual([]);
});
