/**
 * What the server benchmarks share: the bench shop (its offline session, four rules, a cached unit
 * cost, webhook alerts to a local receiver) on either engine, its signed orders/create webhooks,
 * and the production build started on a port.
 */
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import Database from "better-sqlite3";
import pg from "pg";
import { getJwt } from "@shopify/shopify-api/test-helpers";
import { orderPayload } from "../app/demo/order-payload-builder";
import { DEFAULT_SCOPES } from "../app/env.server";
import { createMigratedDatabase } from "../scripts/migrations";
import { migratePostgres } from "../scripts/migrate-postgres.mjs";

// random, as production requires (patterned secrets and keys are refused at boot)
export const SECRET = "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";
export const ALERTS_KEY = "9c41e07b2d5a86f3e1c0b7a4d29f6e85031bc7da4e6f92a0857d1c3be46fa920";
export const SHOP = "wh-bench.myshopify.com";
/** Rules each bench order breaks: the percent cap, the amount cap and stacking. */
export const EVENTS_PER_ORDER = 3;
/** A browser's agent: Shopify's library answers 410 to agents it takes for bots (Node's fetch is one). */
export const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

/** A statement and its values, run on the bench database of either engine. */
type Run = (sqlText: string, values: unknown[]) => Promise<void>;

/** SQL with `?` placeholders, quoted identifiers, booleans and Dates: each engine's binding. */
function runner(target: string): { run: Run; close: () => Promise<void> } {
  if (target.startsWith("postgresql://")) {
    const client = new pg.Client({ connectionString: target });
    const connected = client.connect();
    return {
      run: async (sqlText, values) => {
        await connected;
        let n = 0;
        await client.query(
          sqlText.replace(/\?/g, () => `$${++n}`),
          values,
        );
      },
      close: () => client.end(),
    };
  }
  const db = new Database(target);
  db.pragma("journal_mode = WAL");
  const bind = (value: unknown) =>
    value instanceof Date ? value.getTime() : typeof value === "boolean" ? Number(value) : value;
  return {
    run: async (sqlText, values) => void db.prepare(sqlText).run(...values.map(bind)),
    close: async () => void db.close(),
  };
}

/**
 * The bench shop in a migrated database (an SQLite file, or a postgresql:// URL): its offline
 * session, its plan just checked with Shopify, four rules, a cached unit cost, and with
 * `alertsTo` webhook alerts sent at once to that URL.
 */
export async function seedBenchShop(target: string, options: { alertsTo?: string } = {}): Promise<void> {
  const { run, close } = runner(target);
  const now = new Date();
  try {
    await run(
      `INSERT INTO "Shop" ("id", "domain", "plan", "currency", "timezone", "installState", "installedAt", "onboardingStep", "isDemo", "planCheckedAt", "createdAt", "updatedAt")
       VALUES ('wh-shop', ?, 'plus', 'USD', 'UTC', 'installed', ?, 3, ?, ?, ?, ?)`,
      [SHOP, now, false, now, now, now],
    );
    await run(
      `INSERT INTO "Session" ("id", "shop", "state", "isOnline", "scope", "accessToken", "accountOwner") VALUES (?, ?, '', ?, ?, 'shpat_bench', ?)`,
      [`offline_${SHOP}`, SHOP, false, DEFAULT_SCOPES, false],
    );
    const rules: [string, string, string, string, number | null, number | null, string][] = [
      ["r-percent", "Max 30% off", "max_discount", "30", null, 30, "PERCENT"],
      ["r-amount", "Cap at $50", "max_discount_amount", "50", 5000, null, "AMOUNT"],
      ["r-stacking", "One promotion", "stacking_prevention", "0", 0, null, "AMOUNT"],
      ["r-margin", "Keep 25% margin", "margin_floor", "25", null, 25, "PERCENT"],
    ];
    for (const rule of rules) {
      await run(
        `INSERT INTO "Rule" ("id", "shopId", "name", "ruleType", "threshold", "thresholdAmountCents", "thresholdPercent", "currency", "thresholdUnit", "action", "isActive", "priority", "conditions", "createdAt", "updatedAt")
         VALUES (?, 'wh-shop', ?, ?, ?, ?, ?, 'USD', ?, 'alert', ?, 0, '{}', ?, ?)`,
        [...rule, true, now, now],
      );
    }
    // the variant's cost is already cached, as after the first order that carried it
    await run(
      `INSERT INTO "VariantUnitCost" ("id", "shopId", "variantId", "inventoryItemId", "unitCostCents", "currency", "collectionIds", "fetchedAt")
       VALUES ('vc1', 'wh-shop', 'gid://shopify/ProductVariant/9001', 'gid://shopify/InventoryItem/9001', 3000, 'USD', '[]', ?)`,
      [now],
    );
    if (options.alertsTo) {
      await run(
        `INSERT INTO "AlertSettings" ("id", "shopId", "emailEnabled", "slackEnabled", "webhookEnabled", "frequency", "minSeverity", "emails",
           "slackChannel", "webhooks", "smtpPort", "createdAt", "updatedAt")
         VALUES ('as-bench', 'wh-shop', ?, ?, ?, 'immediate', 'low', '[]', '#alerts', ?, 587, ?, ?)`,
        [false, false, true, JSON.stringify([options.alertsTo]), now, now],
      );
    }
  } finally {
    await close();
  }
}

/** A fresh migrated SQLite file. */
export function freshSqlite(file: string): void {
  createMigratedDatabase(file);
}

/** A fresh migrated PostgreSQL database `database` on the cluster of `adminUrl`; its URL. */
export async function freshPostgres(adminUrl: string, port: number, database: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${database}"`);
  await admin.end();
  const url = `postgresql://postgres@127.0.0.1:${port}/${database}`;
  await migratePostgres(url);
  return url;
}

/** $100 with a $45 code and a $10 automatic discount: breaks the percent, amount and stacking rules. */
export function payload(index: number) {
  return orderPayload({
    id: 100_000_000 + index,
    number: 100_000 + index,
    codes: [{ code: "BENCH45", amount: "45.00", type: "fixed_amount" }],
    applications: [
      { type: "discount_code", target: "line_item", valueType: "fixed_amount", value: "45.0", code: "BENCH45" },
      { type: "automatic", target: "line_item", valueType: "fixed_amount", value: "10.0", title: "Loyalty" },
    ],
    lines: [
      {
        variant: 9001,
        product: 8001,
        price: { shop: "100.00" },
        allocations: [
          { index: 0, amount: { shop: "45.00" } },
          { index: 1, amount: { shop: "10.00" } },
        ],
      },
    ],
  });
}

/** The order number of the index-th bench order (its name is `#` and this). */
export const orderNumberOf = (index: number) => 100_000 + index;

/** The index-th order as Shopify posts it: body and signed headers. */
export function signed(index: number) {
  const body = JSON.stringify(payload(index));
  return {
    body,
    headers: {
      "Content-Type": "application/json",
      "X-Shopify-Topic": "orders/create",
      "X-Shopify-Shop-Domain": SHOP,
      "X-Shopify-API-Version": "2026-10",
      "X-Shopify-Webhook-Id": `bench-${index}`,
      "X-Shopify-Hmac-Sha256": crypto.createHmac("sha256", SECRET).update(body).digest("base64"),
    },
  };
}

/** An admin's session token for the bench shop, as App Bridge sends it (valid a minute). */
export async function sessionToken(shop = SHOP): Promise<string> {
  return (await getJwt(shop.replace(/\.myshopify\.com$/, ""), "bench-api-key", SECRET)).token;
}

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("Timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A process's resident memory now, from /proc (Linux). */
export function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) * 1024 : 0;
}

/** The peak of processes' resident memory, sampled every 20 ms until `stop`. */
export function rssPeak(pids: number[]) {
  const peaks = pids.map(rssOf);
  const timer = setInterval(
    () => pids.forEach((pid, index) => (peaks[index] = Math.max(peaks[index], rssOf(pid)))),
    20,
  );
  return { stop: () => (clearInterval(timer), peaks) };
}

export const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;

/** The V8 flags `npm start` gives the server (package.json), so that the benchmarks measure what production runs. */
function startFlags(): string[] {
  const start = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: { start: string } }).scripts.start;
  return start.split(/\s+/).filter((word) => word.startsWith("--"));
}

/** The production build on `port` against `target` (an SQLite file or a postgresql:// URL); resolves once it answers. */
export async function startBenchServer(target: string, port: number, env: Record<string, string> = {}) {
  const server = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_PROFILE ? ["--cpu-prof", "--cpu-prof-dir=tests/.tmp/profile"] : []),
      ...startFlags(),
      "server.js",
      "build/index.js",
    ],
    {
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: target.startsWith("postgresql://") ? target : `file:${target}`,
        SHOPIFY_API_KEY: "bench-api-key",
        SHOPIFY_API_SECRET: SECRET,
        SHOPIFY_APP_URL: `https://127.0.0.1:${port}`,
        ALERTS_ENCRYPTION_KEY: ALERTS_KEY,
        // the local alert receiver
        ALERTS_ALLOW_PRIVATE_URLS: "true",
        // production needs a mail transport; the benchmarks send no e-mail
        SMTP_URL: "smtp://127.0.0.1:2525",
        // real charges, as production requires (a developer's .env may still say true)
        SHOPIFY_BILLING_TEST: "false",
        LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
        // more V8 flags for the server alone, to compare (docs/benchmarks.md#memory-budget)
        NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS ?? "",
        ...env,
      },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    try {
      if ((await fetch(`${base}/`)).ok) break;
    } catch {
      if (attempt > 200) {
        server.kill("SIGTERM");
        throw new Error("The server did not start");
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  // resolves once the process has exited and let go of the database file
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) server.kill("SIGTERM");
    await exited;
  };
  return { base, stop, pid: server.pid! };
}
