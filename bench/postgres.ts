/**
 * npm run bench -- postgres: the webhook benchmark on PostgreSQL with one and with two app
 * processes, beside SQLite's one process in the same run, and each engine's raw-insert ceiling
 * for the same rows (docs/decisions/0020-postgresql-and-several-processes.md). PostgreSQL is a
 * throwaway local cluster (scripts/postgres.mjs; installed from Debian when missing, as root).
 */
import os from "node:os";
import pg from "pg";
import { DEFAULT_SCOPES } from "../app/env.server";
import { migratePostgres } from "../scripts/migrate-postgres.mjs";
import { ensurePostgres, startCluster } from "../scripts/postgres.mjs";
import { ms, percentile } from "./fill";
import {
  CONCURRENCY,
  EVENTS_PER_ORDER,
  SHOP,
  WARMUP,
  WEBHOOKS,
  benchWebhooks,
  load,
  payload,
  rawCeiling,
  rawEventValues,
  startBenchServer,
  waitFor,
} from "./webhooks";

const PORT = Number(process.env.BENCH_PORT || 3250) + 10;

/** The bench shop, its offline session, its four rules and a cached unit cost, as bench/webhooks.ts has them on SQLite. */
async function prepare(url: string, database: string, adminUrl: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${database}"`);
  await admin.end();
  await migratePostgres(url);
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const now = new Date();
  await db.query(
    `INSERT INTO "Shop" ("id", "domain", "plan", "currency", "timezone", "installState", "installedAt", "onboardingStep", "isDemo", "createdAt", "updatedAt")
     VALUES ('wh-shop', $1, 'plus', 'USD', 'UTC', 'installed', $2, 3, false, $2, $2)`,
    [SHOP, now],
  );
  await db.query(
    `INSERT INTO "Session" ("id", "shop", "state", "isOnline", "scope", "accessToken", "accountOwner") VALUES ($1, $2, '', false, $3, 'shpat_bench', false)`,
    [`offline_${SHOP}`, SHOP, DEFAULT_SCOPES],
  );
  const rules: [string, string, string, string, number | null, number | null, string][] = [
    ["r-percent", "Max 30% off", "max_discount", "30", null, 30, "PERCENT"],
    ["r-amount", "Cap at $50", "max_discount_amount", "50", 5000, null, "AMOUNT"],
    ["r-stacking", "One promotion", "stacking_prevention", "0", 0, null, "AMOUNT"],
    ["r-margin", "Keep 25% margin", "margin_floor", "25", null, 25, "PERCENT"],
  ];
  for (const rule of rules) {
    await db.query(
      `INSERT INTO "Rule" ("id", "shopId", "name", "ruleType", "threshold", "thresholdAmountCents", "thresholdPercent", "currency", "thresholdUnit", "action", "isActive", "priority", "conditions", "createdAt", "updatedAt")
       VALUES ($1, 'wh-shop', $2, $3, $4, $5, $6, 'USD', $7, 'alert', true, 0, '{}', $8, $8)`,
      [...rule, now],
    );
  }
  await db.query(
    `INSERT INTO "VariantUnitCost" ("id", "shopId", "variantId", "inventoryItemId", "unitCostCents", "currency", "collectionIds", "fetchedAt")
     VALUES ('vc1', 'wh-shop', 'gid://shopify/ProductVariant/9001', 'gid://shopify/InventoryItem/9001', 3000, 'USD', '[]', $1)`,
    [now],
  );
  return db;
}

interface Figures {
  label: string;
  ackRate: number;
  p50: number;
  p99: number;
  evaluatedRate: number;
}

/** The webhook load against `processes` app processes on one PostgreSQL database. */
async function run(cluster: { adminUrl: string; port: number }, processes: number): Promise<Figures> {
  const database = `bench_webhooks_${processes}`;
  const url = `postgresql://postgres@127.0.0.1:${cluster.port}/${database}`;
  const db = await prepare(url, database, cluster.adminUrl);
  const servers = await Promise.all(
    Array.from({ length: processes }, (_, index) => startBenchServer(url, PORT + index)),
  );
  const count = async (query: string) => Number((await db.query(query)).rows[0].n);
  const pending = () => count(`SELECT COUNT(*) AS n FROM "OrderEvaluation" WHERE "status" <> 'done'`);
  try {
    const bases = servers.map((server) => server.base);
    await load(bases, 0, WARMUP);
    await waitFor(async () => (await pending()) === 0, 120_000);
    const started = performance.now();
    const { latencies, seconds } = await load(bases, WARMUP, WEBHOOKS);
    await waitFor(async () => (await pending()) === 0, 600_000);
    const endToEnd = (performance.now() - started) / 1000;
    const events = await count(`SELECT COUNT(*) AS n FROM "AuditEvent" WHERE "eventType" = 'rule_triggered'`);
    const expected = (WARMUP + WEBHOOKS) * EVENTS_PER_ORDER;
    if (events !== expected) throw new Error(`PostgreSQL stored ${events} events, ${expected} expected`);
    const twice = await count(`SELECT COUNT(*) AS n FROM "OrderEvaluation" WHERE "attempts" <> 1`);
    if (twice !== 0) throw new Error(`${twice} orders were evaluated more than once`);
    return {
      label: `PostgreSQL, ${processes} app process${processes === 1 ? "" : "es"}`,
      ackRate: WEBHOOKS / seconds,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      evaluatedRate: WEBHOOKS / endToEnd,
    };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await db.end();
  }
}

/**
 * The rows the app writes for one webhook (receipt, queue entry, order check, three events and
 * their rollups, the queue entry done), straight into PostgreSQL, one transaction each, on
 * `connections` connections at once.
 */
async function rawPostgresCeiling(cluster: { adminUrl: string; port: number }, total: number, connections: number) {
  const database = `bench_raw_${connections}`;
  const url = `postgresql://postgres@127.0.0.1:${cluster.port}/${database}`;
  const setup = await prepare(url, database, cluster.adminUrl);
  await setup.end();
  const pool = new pg.Pool({ connectionString: url, max: connections });
  const facts = JSON.stringify(payload(0));
  let next = 0;
  const one = async (client: pg.PoolClient, index: number) => {
    const now = new Date();
    const day = now.toISOString().slice(0, 10);
    const orderId = `gid://shopify/Order/${index}`;
    await client.query("BEGIN");
    await client.query(
      `INSERT INTO "ProcessedWebhook" ("webhookId", "shopDomain", "topic", "receivedAt") VALUES ($1, $2, 'ORDERS_CREATE', $3)`,
      [`raw-${index}`, SHOP, now],
    );
    await client.query(
      `INSERT INTO "OrderEvaluation" ("id", "shopId", "webhookId", "topic", "orderId", "facts", "status", "attempts", "eventsCreated", "createdAt")
       VALUES ($1, 'wh-shop', $2, 'ORDERS_CREATE', $3, $4, 'pending', 0, 0, $5)`,
      [`job-${index}`, `raw-${index}`, orderId, facts, now],
    );
    await client.query(
      `INSERT INTO "OrderCheck" ("id", "shopId", "orderId", "fingerprint", "checkedAt") VALUES ($1, 'wh-shop', $2, $3, $4)`,
      [`check-${index}`, orderId, `fp-${index}`, now],
    );
    for (let rule = 0; rule < EVENTS_PER_ORDER; rule += 1) {
      await client.query(
        `INSERT INTO "AuditEvent" ("id", "shopId", "eventType", "severity", "message", "orderId", "orderName", "discountCodes", "discountPercent",
           "totalDiscountCents", "preDiscountSubtotalCents", "subtotalAfterDiscountCents", "marginSavedCents", "currency", "ruleId", "ruleKey",
           "ruleName", "threshold", "details", "dedupeKey", "searchText", "createdAt")
         VALUES ($1, 'wh-shop', 'rule_triggered', 'high', $2, $3, $4, '["BENCH45"]', 55, 5500, 10000, 4500, 500, 'USD', $5, 'max_discount', $6, 30, '{}', $7, $8, $9)`,
        [...rawEventValues(index, rule, now)],
      );
      await client.query(
        `INSERT INTO "EventRollup" ("shopId", "day", "eventType", "count", "marginSavedCents") VALUES ('wh-shop', $1, 'rule_triggered', 1, 500)
         ON CONFLICT ("shopId", "day", "eventType") DO UPDATE SET "count" = "EventRollup"."count" + 1, "marginSavedCents" = "EventRollup"."marginSavedCents" + 500`,
        [day],
      );
    }
    await client.query(
      `UPDATE "OrderEvaluation" SET "status" = 'done', "eventsCreated" = 3, "processedAt" = $1 WHERE "id" = $2`,
      [now, `job-${index}`],
    );
    await client.query("COMMIT");
  };
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      const client = await pool.connect();
      try {
        while (next < total) await one(client, next++);
      } finally {
        client.release();
      }
    }),
  );
  const rate = total / ((performance.now() - started) / 1000);
  await pool.end();
  return rate;
}

export async function benchPostgres(): Promise<void> {
  const { bin, missing } = ensurePostgres();
  if (missing) throw new Error(missing);
  const cluster = await startCluster({ bin, database: "bench" });
  try {
    const sqlite = await benchWebhooks("off");
    const one = await run(cluster, 1);
    const two = await run(cluster, 2);
    const rawSqlite = rawCeiling(WEBHOOKS);
    const rawPostgres = await rawPostgresCeiling(cluster, WEBHOOKS, 1);
    const rawPostgresConcurrent = await rawPostgresCeiling(cluster, WEBHOOKS, CONCURRENCY);
    console.log(
      `\nSQLite and PostgreSQL, same webhook load: ${WEBHOOKS.toLocaleString("en-US")} signed orders/create, ${CONCURRENCY} at a time, production build (${os.cpus().length} cores; the PostgreSQL server on the same machine, fsync off)`,
    );
    const rows: Figures[] = [{ label: "SQLite, 1 app process", ...sqlite }, one, two];
    for (const row of rows) {
      console.log(
        `  ${row.label.padEnd(32)} acknowledged ${row.ackRate.toFixed(0).padStart(5)}/s (p50 ${ms(row.p50)}, p99 ${ms(row.p99)}); evaluated end to end ${row.evaluatedRate.toFixed(0).padStart(5)} orders/s`,
      );
    }
    // two processes on the same 2 cores: perfect scaling would need cores the machine does not have
    console.log(
      `  scale-out efficiency, 2 app processes against 1 on PostgreSQL (two-process rate / (2 × one-process rate)): acknowledged ${((two.ackRate / (2 * one.ackRate)) * 100).toFixed(0)} %, evaluated ${((two.evaluatedRate / (2 * one.evaluatedRate)) * 100).toFixed(0)} %; p99 ${ms(one.p99)} with 1, ${ms(two.p99)} with 2 (${os.cpus().length} cores shared by both processes, PostgreSQL and the load generator)`,
    );
    console.log(
      `  raw-insert ceiling for the same rows, one transaction per webhook: SQLite ${rawSqlite.toFixed(0)}/s (its one writer); PostgreSQL ${rawPostgres.toFixed(0)}/s on one connection, ${rawPostgresConcurrent.toFixed(0)}/s on ${CONCURRENCY}`,
    );
  } finally {
    cluster.stop();
  }
}
