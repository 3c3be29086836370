import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT || 3210);
export const E2E_DATABASE = "tests/.tmp/e2e.sqlite";
export const E2E_OUTBOX = "tests/.tmp/e2e-outbox";
// one name for this run, which the workers inherit: the page matrix gathers its pages' first
// visits under it (tests/e2e/page-matrix/checks.ts)
process.env.E2E_RUN_ID ??= `${Date.now()}-${process.pid}`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  // npm test asks for a JSON report too, to print the closing "N passed, N failed" line.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
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
  webServer: {
    // The demo store on its own database, seeded afresh, from the production build.
    command: "node scripts/demo.mjs --reset --no-build",
    url: `http://127.0.0.1:${PORT}/dashboard`,
    reuseExistingServer: false,
    timeout: 120_000,
    // SIGTERM lets the server finish and write its V8 coverage (npm run test:coverage)
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    env: {
      ...(process.env.COVERAGE_DIR ? { NODE_V8_COVERAGE: `${process.env.COVERAGE_DIR}/e2e-server` } : {}),
      PORT: String(PORT),
      DATABASE_URL: `file:./${E2E_DATABASE}`,
      SHOPIFY_API_KEY: "",
      SHOPIFY_API_SECRET: "e2e-webhook-secret",
      HOST: "127.0.0.1",
      MAIL_OUTBOX_DIR: E2E_OUTBOX,
      SMTP_URL: "",
      RESEND_API_KEY: "",
    },
  },
});
