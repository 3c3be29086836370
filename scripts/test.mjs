#!/usr/bin/env node
// npm test: type check, lint, Shopify's app security scan (scripts/security-check.mjs), the
// production build, Vitest's three projects (unit, integration, processes: vitest.config.ts), the
// integration and processes tests again on a throwaway PostgreSQL server, and the Playwright tests
// in Debian's Chromium. PostgreSQL and Chromium are installed from Debian only when missing and this
// runs as root (scripts/install-postgres.mjs, scripts/install-chromium.mjs); elsewhere a missing
// Chromium stops this with how to install it, and a missing PostgreSQL skips its run with a note.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { canInstallDebianPackages } from "./debian-packages.mjs";
import { CHROMIUM_MISSING, DEBIAN_CHROMIUM, findChromium } from "./install-chromium.mjs";
import { postgresBin } from "./install-postgres.mjs";

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
  step("Install Debian's Chromium (npm run install:chromium)", "node", ["scripts/install-chromium.mjs"]);
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

// --coverage (npm run test:coverage): the same run, measuring V8 coverage of app/ and extensions/
const coverage = process.argv.includes("--coverage");
if (coverage) {
  process.env.COVERAGE_DIR = "tests/.tmp/coverage";
  fs.rmSync(process.env.COVERAGE_DIR, { recursive: true, force: true });
}
fs.rmSync(REPORTS, { recursive: true, force: true });
fs.mkdirSync(REPORTS, { recursive: true });
const testEnv = { ...process.env, NODE_ENV: "test" };
const chromium = ensureChromium();
step("Prisma clients", "node", ["scripts/prisma-generate.mjs"]);
step("Type check", "npx", ["tsc", "--noEmit"]);
step("Lint (ESLint, Prettier)", "npm", ["run", "-s", "lint"]);
step("Shopify's app security scan (npm run security:check)", "node", ["scripts/security-check.mjs"]);
// Built before Vitest: tests/integration/server.test.ts runs server.js on this build.
step("Production build", "node", ["scripts/build.mjs"]);
step(
  "Unit, integration and process tests (Vitest)",
  "npx",
  ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${VITEST_REPORT}`],
  testEnv,
);
const postgresInstalled = postgresBin() !== null;
if (postgresInstalled || canInstallDebianPackages()) {
  if (!postgresInstalled) {
    step("Install Debian's PostgreSQL (npm run install:postgres)", "node", ["scripts/install-postgres.mjs"]);
  }
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
if (coverage) step("Coverage of every suite together", "node", ["scripts/coverage-report.mjs"]);
const total = counts();
console.log("\n✔ All tests passed.");
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
