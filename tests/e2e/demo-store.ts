// The browser tests' demo store (docs/testing.md#browser-tests): seeded once per run by the global
// setup, then copied for each Playwright worker, which serves its copy from a server of its own, so
// workers run side by side without sharing a database, an outbox or a port.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { test } from "@playwright/test";
import { createMigratedDatabase } from "../../scripts/migrations";
import { ensureBuild } from "../helpers/app-server";
import { asOneFile } from "../helpers/seeded-demo";

/** The seeded demo store every worker copies. */
export const SEEDED_DEMO = "tests/.tmp/e2e-seeded.sqlite";
/** The secret the workers' servers sign and check webhooks with. */
export const E2E_SECRET = "e2e-webhook-secret";

/** This worker's copy of the demo store, which its server serves (tests read and set it directly). */
export function e2eDatabase(parallelIndex = test.info().parallelIndex): string {
  return `tests/.tmp/e2e-${parallelIndex}.sqlite`;
}

/** Where this worker's server writes the e-mails it would send. */
export function e2eOutbox(parallelIndex = test.info().parallelIndex): string {
  return `tests/.tmp/e2e-outbox-${parallelIndex}`;
}

/** Playwright's global setup: the build, and the demo store migrated and seeded once for the run. */
export default function seedDemoOnce() {
  ensureBuild();
  createMigratedDatabase(SEEDED_DEMO);
  const seeded = spawnSync("npx", ["tsx", "prisma/seed.ts", "--reset"], {
    stdio: "inherit",
    // NODE_ENV=demo is ours; @types/node knows three values only
    // the demo store's settings, whatever .env holds (a clean clone has none)
    env: {
      ...process.env,
      NODE_ENV: "demo",
      DATABASE_URL: `file:${fs.realpathSync(SEEDED_DEMO)}`,
      SHOPIFY_API_KEY: "",
      SHOPIFY_API_SECRET: E2E_SECRET,
    } as Record<string, string | undefined> as NodeJS.ProcessEnv,
  });
  if (seeded.status !== 0) throw new Error("seeding the demo store failed");
  asOneFile(SEEDED_DEMO);
}

/** A fresh copy of the seeded store for worker `parallelIndex`, and its empty outbox. */
export function copySeededDemo(parallelIndex: number): { database: string; outbox: string } {
  const database = e2eDatabase(parallelIndex);
  for (const suffix of ["-wal", "-shm"]) fs.rmSync(database + suffix, { force: true });
  fs.copyFileSync(SEEDED_DEMO, database);
  const outbox = e2eOutbox(parallelIndex);
  fs.rmSync(outbox, { recursive: true, force: true });
  return { database, outbox };
}
