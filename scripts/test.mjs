#!/usr/bin/env node
// npm test: type check, lint, the production build, unit and integration tests (vitest), the
// integration tests again on a throwaway PostgreSQL server (installed from Debian when missing, as
// root), and the Playwright tests in Debian's Chromium, which is installed here when missing (as root).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { postgresAvailable } from "./postgres.mjs";

const DEBIAN_CHROMIUM = "/usr/bin/chromium";

function step(title, command, args, env = process.env) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed after ${seconds}s.`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${title} (${seconds}s)`);
}

/** The browser for Playwright: CHROMIUM_PATH, or Debian's Chromium, installed when missing. */
function ensureChromium() {
  const chosen = process.env.CHROMIUM_PATH;
  if (chosen) {
    if (fs.existsSync(chosen)) return chosen;
    console.error(`✖ CHROMIUM_PATH is set to ${chosen}, which does not exist.`);
    process.exit(1);
  }
  if (fs.existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0;
  if (!isRoot || !hasApt) {
    console.error(
      `✖ Chromium was not found at ${DEBIAN_CHROMIUM}. Install Debian's chromium package ` +
        "(apt-get install -y chromium, as root), or set CHROMIUM_PATH to a Chromium or Chrome binary.",
    );
    process.exit(1);
  }
  step("Install Debian's Chromium (apt-get)", "sh", [
    "-c",
    "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null",
  ]);
  return DEBIAN_CHROMIUM;
}

const REPORTS = "tests/.tmp/reports";
const VITEST_REPORT = `${REPORTS}/vitest.json`;
const PLAYWRIGHT_REPORT = `${REPORTS}/playwright.json`;

const POSTGRES_REPORT = `${REPORTS}/vitest-postgres.json`;

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
  };
}

fs.rmSync(REPORTS, { recursive: true, force: true });
fs.mkdirSync(REPORTS, { recursive: true });
const testEnv = { ...process.env, NODE_ENV: "test" };
const chromium = ensureChromium();
step("Prisma clients", "node", ["scripts/prisma-generate.mjs"]);
step("Type check", "npx", ["tsc", "--noEmit"]);
step("Lint (ESLint, Prettier)", "npm", ["run", "-s", "lint"]);
// Built before Vitest: tests/integration/server.test.ts runs server.js on this build.
step("Production build", "npx", ["remix", "build"]);
step(
  "Unit and integration tests",
  "npx",
  ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${VITEST_REPORT}`],
  testEnv,
);
if (postgresAvailable()) {
  step("Integration tests on PostgreSQL (npm run test:postgres)", "node", [
    "scripts/test-postgres.mjs",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${POSTGRES_REPORT}`,
  ]);
} else {
  console.log(
    "\n▶ Integration tests on PostgreSQL: skipped, PostgreSQL is not installed and cannot be installed here " +
      "(apt-get install -y postgresql as root, then npm run test:postgres).",
  );
}
step("Browser tests (Playwright, Chromium)", "npx", ["playwright", "test"], {
  ...process.env,
  CHROMIUM_PATH: chromium,
  PLAYWRIGHT_JSON_OUTPUT_NAME: PLAYWRIGHT_REPORT,
});
const total = counts();
console.log("\n✔ All tests passed.");
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
