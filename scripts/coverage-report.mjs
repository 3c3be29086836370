#!/usr/bin/env node
// The line and branch coverage of app/ and extensions/ from every suite of one coverage run
// (npm run test:coverage, docs/testing.md#coverage): Vitest's V8 reports (SQLite and PostgreSQL)
// merged with the V8 coverage that the browser tests' server wrote, mapped back through the
// build's source maps. Prints the totals and writes them to <dir>/summary.json.
// Usage: node scripts/coverage-report.mjs [dir]   (default: COVERAGE_DIR, else tests/.tmp/coverage)
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "acorn";
import { convert } from "ast-v8-to-istanbul";
import libCoverage from "istanbul-lib-coverage";

const dir = path.resolve(process.argv[2] ?? process.env.COVERAGE_DIR ?? "tests/.tmp/coverage");
const root = process.cwd();
const map = libCoverage.createCoverageMap({});
const parts = [];

for (const engine of ["sqlite", "postgres"]) {
  const file = path.join(dir, `vitest-${engine}`, "coverage-final.json");
  if (!fs.existsSync(file)) continue;
  map.merge(JSON.parse(fs.readFileSync(file, "utf8")));
  parts.push(`Vitest on ${engine === "sqlite" ? "SQLite" : "PostgreSQL"}`);
}

// The server's dumps (one per process and thread) hold every script it ran; only the build maps
// back to app/, through its source map, by the converter Vitest uses, so both maps have one shape.
const raw = path.join(dir, "e2e-server");
if (fs.existsSync(raw)) {
  const built = new Map();
  const builtFile = (url) => {
    if (!built.has(url)) {
      const file = fileURLToPath(url);
      const code = fs.readFileSync(file, "utf8");
      const sourceMap = JSON.parse(fs.readFileSync(`${file}.map`, "utf8"));
      built.set(url, { code, sourceMap, ast: parse(code, { ecmaVersion: "latest", sourceType: "module" }) });
    }
    return built.get(url);
  };
  for (const name of fs.readdirSync(raw).filter((entry) => entry.endsWith(".json"))) {
    const dump = JSON.parse(fs.readFileSync(path.join(raw, name), "utf8"));
    for (const script of dump.result.filter((entry) => entry.url.startsWith(`file://${root}/build/`))) {
      const { code, sourceMap, ast } = builtFile(script.url);
      map.merge(await convert({ code, ast, sourceMap, wrapperLength: 0, coverage: script }));
    }
  }
  parts.push("the browser tests' server");
}

if (!parts.length) {
  console.error(`✖ No coverage in ${dir}: run npm run test:coverage first.`);
  process.exit(1);
}

const inScope = (file) => {
  const relative = path.relative(root, file);
  return /^(app|extensions)\//.test(relative) && !/\.test\.tsx?$/.test(relative) && !relative.endsWith(".d.ts");
};
const total = libCoverage.createCoverageSummary();
for (const file of map.files().filter(inScope)) total.merge(map.fileCoverageFor(file).toSummary());
const figure = (key) => ({ covered: total[key].covered, total: total[key].total, pct: total[key].pct });
const summary = {
  parts,
  files: map.files().filter(inScope).length,
  lines: figure("lines"),
  branches: figure("branches"),
};
fs.writeFileSync(path.join(dir, "summary.json"), `${JSON.stringify(summary, null, 2)}\n`);
console.log(`Coverage of app/ and extensions/ (${summary.files} files) from ${parts.join(", ")}:`);
for (const key of ["lines", "branches"]) {
  console.log(`  ${key}: ${summary[key].pct}% (${summary[key].covered} of ${summary[key].total})`);
}
