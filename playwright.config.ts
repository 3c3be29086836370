import os from "node:os";
import { defineConfig } from "@playwright/test";
import { findChromium } from "./scripts/install-chromium.mjs";
import { testClockEnvironment } from "./tests/helpers/test-clock.mjs";

// one name for this run, which the workers inherit: the page matrix gathers its pages' visits
// under it (tests/e2e/page-matrix/checks.ts)
process.env.E2E_RUN_ID ??= `${Date.now()}-${process.pid}`;
// The run's fixed clock (tests/helpers/test-clock.mjs): the runner's environment reaches its
// workers, the demo store's seed and every app server they start, so all read one clock that
// starts at 10:05 UTC today, whatever time it is.
Object.assign(process.env, testClockEnvironment());

export default defineConfig({
  testDir: "tests/e2e",
  // Each worker serves its own copy of the demo store from a server of its own
  // (tests/e2e/fixtures.ts): a spec file runs in order in one worker, files side by side.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS) || Math.min(2, os.availableParallelism()),
  // One retry: a browser test that fails once on a loaded machine and then passes is reported as
  // "flaky" in the list and in npm test's closing lines, and does not fail the run; twice fails it.
  retries: 1,
  timeout: 30_000,
  // the demo store, migrated and seeded once; every worker copies it (tests/e2e/demo-store.ts)
  globalSetup: "./tests/e2e/demo-store.ts",
  globalTeardown: "./tests/e2e/page-vitals-report.ts",
  // npm test asks for a JSON report too, to print the closing "N passed, N failed" line.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    screenshot: "only-on-failure",
    launchOptions: {
      // CHROMIUM_PATH, else Debian's Chromium headless shell, else its full Chromium (npm run install:chromium)
      executablePath: findChromium().path ?? undefined,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-quic",
        "--no-first-run",
        // Tests frame the app from a public origin (Shopify's admin, a foreign site) served by
        // page.route; without this Chromium refuses any public page framing 127.0.0.1, and the
        // app's own frame-ancestors policy could not be seen at work.
        "--disable-features=LocalNetworkAccessChecks",
      ],
    },
  },
});
