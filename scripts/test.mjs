#!/usr/bin/env node
// npm test (docs/testing.md): the Prisma clients; then side by side the type check, the lint,
// Shopify's app security scan (scripts/security-check.mjs) and the production build; Vitest's
// unit, integration and processes projects on SQLite while a throwaway PostgreSQL cluster starts;
// the files that depend on the engine again on that cluster (tests/postgres-files.ts); and the
// Playwright tests in Debian's Chromium. PostgreSQL and Chromium are installed from Debian only
// when missing and this runs as root (scripts/install-postgres.mjs, scripts/install-chromium.mjs);
// elsewhere a missing Chromium stops this with how to install it, and a missing PostgreSQL skips
// its run with a note. Each step says its time; a failed one says its name and its output.
// --coverage (npm run test:coverage) measures V8 coverage of every suite together. --full
// (npm run test:full, what a nightly job runs) runs the whole page matrix with its screenshots,
// every integration file on PostgreSQL, and the long fuzz run from a new seed.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import { canInstallDebianPackages } from "./debian-packages.mjs";
import { CHROMIUM_MISSING, DEBIAN_HEADLESS_SHELL, findChromium } from "./install-chromium.mjs";
import { ensurePostgres, startCluster } from "./postgres.mjs";
import { postgresBin } from "./install-postgres.mjs";

const runStarted = Date.now();
const since = (started) => `${((Date.now() - started) / 1000).toFixed(1)}s`;

/** Steps that failed in a run that goes on past them (--coverage measures every suite). */
const failed = [];
const coverage = process.argv.includes("--coverage");

function fail(title, started, output = "") {
  if (output) process.stdout.write(output);
  console.error(`\n✖ ${title} failed after ${since(started)}.`);
  if (!coverage) process.exit(1);
  failed.push(title);
}

/** One step, its output shown as it runs. */
function step(title, command, args, env = process.env) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env });
  if (result.status !== 0) return fail(title, started);
  console.log(`✔ ${title} (${since(started)})`);
}

/** One step of several run side by side: its output is kept and shown whole when it ends. */
function quietStep(title, command, args) {
  const started = Date.now();
  return new Promise((resolve) => {
    let output = "";
    const child = spawn(command, args, { env: process.env, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (code) => resolve({ title, started, output, ok: code === 0, time: since(started) }));
  });
}

/** Steps side by side; each one's output under its name as it ends; then each failure, named. */
async function together(steps) {
  console.log(`\n▶ ${steps.map(([title]) => title).join(", ")}: side by side`);
  const results = await Promise.all(
    steps.map(([title, command, args]) =>
      quietStep(title, command, args).then((result) => {
        console.log(`\n${result.ok ? "✔" : "✖"} ${title} (${result.time})`);
        if (result.ok && result.output.trim()) process.stdout.write(indent(result.output));
        return result;
      }),
    ),
  );
  for (const result of results.filter((each) => !each.ok)) fail(result.title, result.started, result.output);
}

const indent = (text) =>
  text
    .trimEnd()
    .split("\n")
    .map((line) => `  ${line}`)
    .join("\n") + "\n";

/**
 * The browser for Playwright: CHROMIUM_PATH, or Debian's Chromium, installed when missing
 * (npm run install:chromium, as root; otherwise this says how and stops).
 */
function ensureChromium() {
  const found = findChromium();
  if (found.error) {
    console.error(`✖ ${found.error}`);
    process.exit(1);
  }
  if (found.path) return found.path;
  if (!canInstallDebianPackages()) {
    console.error(`✖ ${CHROMIUM_MISSING}`);
    process.exit(1);
  }
  step("Install Debian's Chromium headless shell (npm run install:chromium)", "node", ["scripts/install-chromium.mjs"]);
  return DEBIAN_HEADLESS_SHELL;
}

/** Vitest with its JSON report, as a child that runs while this process goes on. */
function vitest(title, args, report, env) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const child = spawn(
    "npx",
    ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...args],
    {
      stdio: "inherit",
      env,
    },
  );
  const done = new Promise((resolve) => child.on("close", resolve)).then((code) => {
    if (code !== 0) return fail(title, started);
    console.log(`✔ ${title} (${since(started)})`);
  });
  return { child, done };
}

const REPORTS = "tests/.tmp/reports";
const VITEST_REPORT = `${REPORTS}/vitest.json`;
const POSTGRES_REPORT = `${REPORTS}/vitest-postgres.json`;
const PLAYWRIGHT_REPORT = `${REPORTS}/playwright.json`;

/** Passed, failed and skipped tests of every run, for the closing line. */
function counts() {
  const vitest = [VITEST_REPORT, POSTGRES_REPORT]
    .filter((file) => fs.existsSync(file))
    .map((file) => JSON.parse(fs.readFileSync(file, "utf8")));
  const sum = (key) => vitest.reduce((total, report) => total + report[key], 0);
  const playwright = JSON.parse(fs.readFileSync(PLAYWRIGHT_REPORT, "utf8")).stats;
  return {
    passed: sum("numPassedTests") + playwright.expected + playwright.flaky,
    failed: sum("numFailedTests") + playwright.unexpected,
    skipped: sum("numPendingTests") + sum("numTodoTests") + playwright.skipped,
    flaky: playwright.flaky,
  };
}

const full = process.argv.includes("--full");
if (full) Object.assign(process.env, { MATRIX: "full", POSTGRES_ALL: "1", TEST_FULL: "1" });
if (coverage) {
  process.env.COVERAGE_DIR = "tests/.tmp/coverage";
  fs.rmSync(process.env.COVERAGE_DIR, { recursive: true, force: true });
}
fs.rmSync(REPORTS, { recursive: true, force: true });
fs.mkdirSync(REPORTS, { recursive: true });
const testEnv = { ...process.env, NODE_ENV: "test" };
const chromium = ensureChromium();
step("Prisma clients", "node", ["scripts/prisma-generate.mjs"]);
// Built beside the checks: Vitest's tests/integration/server.test.ts runs server.js on this build.
await together([
  ["Type check", "npx", ["tsc", "--noEmit"]],
  ["Lint (ESLint, dependency-cruiser, Prettier)", "npm", ["run", "-s", "lint"]],
  ["Shopify's app security scan (npm run security:check)", "node", ["scripts/security-check.mjs"]],
  ["Production build", "node", ["scripts/build.mjs"]],
]);

const sqlite = vitest("Unit, integration and process tests on SQLite (Vitest)", [], VITEST_REPORT, testEnv);
// PostgreSQL's cluster starts while SQLite's run goes on (installed first where missing and possible)
let cluster = null;
if (postgresBin() !== null || canInstallDebianPackages()) {
  const started = Date.now();
  const { bin, missing } = ensurePostgres();
  if (missing) fail(`PostgreSQL (${missing})`, started);
  else {
    cluster = await startCluster({ bin });
    console.log(`\n✔ PostgreSQL test cluster on 127.0.0.1:${cluster.port} (${since(started)}, beside Vitest)`);
    for (const signal of ["SIGINT", "SIGTERM"]) {
      process.on(signal, () => {
        cluster.stop();
        sqlite.child.kill(signal);
        process.exit(1);
      });
    }
    process.on("exit", () => cluster.stop());
  }
}
await sqlite.done;
if (cluster) {
  await vitest(
    "The engine's tests on PostgreSQL (Vitest, tests/postgres-files.ts)",
    ["--project", "postgres"],
    POSTGRES_REPORT,
    { ...testEnv, TEST_POSTGRES_URL: cluster.adminUrl },
  ).done;
  cluster.stop();
} else {
  console.log(
    "\n▶ Tests on PostgreSQL: skipped, PostgreSQL is not installed and cannot be installed here " +
      "(apt-get install -y postgresql as root, then npm run test:postgres).",
  );
}
step("Browser tests (Playwright, Chromium)", "npx", ["playwright", "test"], {
  ...process.env,
  CHROMIUM_PATH: chromium,
  PLAYWRIGHT_JSON_OUTPUT_NAME: PLAYWRIGHT_REPORT,
});
if (full) {
  const seed = String(Date.now() % 1_000_000);
  step(`The long fuzz run (npm run fuzz, seed ${seed})`, "npx", ["tsx", "tests/fuzz/run.ts", "--seed", seed]);
}
if (coverage) step("Coverage of every suite together", "node", ["scripts/coverage-report.mjs"]);
if (failed.length) {
  console.error(`\n✖ Failed: ${failed.join("; ")} (the run went on to measure coverage).`);
  process.exit(1);
}
const total = counts();
console.log(`\n✔ All tests passed in ${since(runStarted)}.`);
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
// a browser test that failed once and passed on its retry is named in the list above ("flaky")
if (total.flaky) console.log(`${total.flaky} browser test(s) passed only on their retry: see "flaky" above.`);
