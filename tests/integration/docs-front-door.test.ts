// The front door stays short and the guides stay whole: the README is at most 150 lines and names every
// setting of .env.example, the decision index lists exactly the records in docs/decisions/, and links
// between the README and the guides lead to files and sections that exist.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { anchors } from "../helpers/markdown";

const README_MAX_LINES = 150;

/** The README and every guide, decision records included. */
const markdownFiles = execFileSync(
  "git",
  ["ls-files", "--cached", "--others", "--exclude-standard", "README.md", "docs"],
  {
    encoding: "utf8",
  },
)
  .split("\n")
  .filter((file) => file.endsWith(".md") && fs.existsSync(file));

it(`keeps the README at most ${README_MAX_LINES} lines`, () => {
  const lines = fs.readFileSync("README.md", "utf8").trimEnd().split("\n").length;
  expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
});

it("names every variable of .env.example in the README's configuration table", () => {
  const readme = fs.readFileSync("README.md", "utf8");
  const variables = [...fs.readFileSync(".env.example", "utf8").matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map(
    (match) => match[1],
  );
  expect(variables.length).toBeGreaterThan(10);
  expect(variables.filter((name) => !readme.includes(`| \`${name}\``))).toEqual([]);
});

it("indexes exactly the decision records in docs/decisions/", () => {
  const records = fs
    .readdirSync("docs/decisions")
    .filter((name) => /^\d{4}-.+\.md$/.test(name))
    .sort();
  const index = fs.readFileSync("docs/decisions/README.md", "utf8");
  const indexed = [...index.matchAll(/\]\((\d{4}-[^)]+\.md)\)/g)].map((match) => match[1]).sort();
  expect({ missingFromIndex: records.filter((name) => !indexed.includes(name)) }).toEqual({ missingFromIndex: [] });
  expect({ indexedButAbsent: indexed.filter((name) => !records.includes(name)) }).toEqual({ indexedButAbsent: [] });
  expect(new Set(indexed).size).toBe(indexed.length);
});

it("links only to files and guide sections that exist", () => {
  const broken: string[] = [];
  for (const file of markdownFiles) {
    const text = fs.readFileSync(file, "utf8");
    // markdown links to files of the repository: [text](path), [text](path#section), [text](#section)
    for (const match of text.matchAll(/\]\(([^)\s#]*)(?:#([a-z0-9-]+))?\)/g)) {
      if (/^[a-z]+:/.test(match[1])) continue;
      const target = match[1] === "" ? file : path.normalize(path.join(path.dirname(file), match[1]));
      if (!fs.existsSync(target)) broken.push(`${file}: ${match[1]}`);
      else if (match[2] && target.endsWith(".md") && !anchors(fs.readFileSync(target, "utf8")).has(match[2])) {
        broken.push(`${file}: ${match[1]}#${match[2]}`);
      }
    }
  }
  expect(broken).toEqual([]);
});

it("cites only sections of the guides that exist, wherever they are cited", () => {
  const cited = execFileSync(
    "git",
    ["ls-files", "app", "tests", "scripts", "bench", "extensions", "docs", "README.md", ".env.example"],
    { encoding: "utf8" },
  )
    .split("\n")
    .filter((file) => fs.existsSync(file) && fs.statSync(file).isFile());
  const missing: string[] = [];
  for (const file of cited) {
    for (const match of fs.readFileSync(file, "utf8").matchAll(/docs\/([a-z-]+)\.md#([a-z0-9-]+)/g)) {
      const guide = `docs/${match[1]}.md`;
      if (!fs.existsSync(guide) || !anchors(fs.readFileSync(guide, "utf8")).has(match[2])) {
        missing.push(`${file}: ${guide}#${match[2]}`);
      }
    }
  }
  expect(missing).toEqual([]);
});

/** The last commit before commit subjects were held to 72 characters with a body. */
const SUBJECTS_HELD_SINCE = "c42192f857669194add5a6b1170c3887b7bb7df6";

it("keeps commit subjects at most 72 characters, each with a body that says why", (context) => {
  const since = spawnSync("git", ["rev-parse", "--verify", "--quiet", `${SUBJECTS_HELD_SINCE}^{commit}`]);
  // a shallow or exported copy without that history has nothing to check
  if (since.status !== 0) return context.skip();
  const log = execFileSync("git", ["log", "--format=%h%x1f%s%x1f%b%x1e", `${SUBJECTS_HELD_SINCE}..HEAD`], {
    encoding: "utf8",
  });
  const wrong = log
    .split("\x1e")
    .map((entry) => entry.trim().split("\x1f"))
    .filter(([hash]) => hash)
    .flatMap(([hash, subject, body]) => [
      ...(subject.length > 72 ? [`${hash} subject of ${subject.length} characters: ${subject}`] : []),
      ...(body?.trim() ? [] : [`${hash} has no body: ${subject}`]),
    ]);
  expect(wrong).toEqual([]);
});
