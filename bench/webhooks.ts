/**
 * Signed orders/create webhooks posted over loopback to the production build, against the
 * raw rate of writing the same rows straight into SQLite.
 */
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { orderPayload } from "../app/demo/order-payload-builder";
import { parseSecretKey, sealSecret } from "../app/domain/secret-box";
import { DEFAULT_SCOPES } from "../app/env.server";
import { TMP_DIR, createMigratedDatabase } from "../scripts/migrations";
import { ms, percentile } from "./fill";
import { countingReceiverProcess } from "./receiver";

export const WEBHOOKS = Number(process.env.BENCH_WEBHOOKS || 6000);
export const WARMUP = 300;
export const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 16);
const PORT = Number(process.env.BENCH_PORT || 3250);
// random, as production requires (patterned secrets and keys are refused at boot)
export const SECRET = "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";
export const ALERTS_KEY = "9c41e07b2d5a86f3e1c0b7a4d29f6e85031bc7da4e6f92a0857d1c3be46fa920";
export const SHOP = "wh-bench.myshopify.com";
export const EVENTS_PER_ORDER = 3;

export function prepareDatabase(file: string) {
  createMigratedDatabase(file);
  seedWebhookShop(file);
}

/** The webhook bench shop (its offline session, four rules, a cached unit cost) in an existing database. */
export function seedWebhookShop(file: string) {
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  const now = Date.now();
  db.prepare(
    `INSERT INTO Shop (id, domain, plan, currency, timezone, installState, installedAt, onboardingStep, isDemo, createdAt, updatedAt)
     VALUES ('wh-shop', ?, 'plus', 'USD', 'UTC', 'installed', ?, 3, 0, ?, ?)`,
  ).run(SHOP, now, now, now);
  db.prepare(
    `INSERT INTO Session (id, shop, state, isOnline, scope, accessToken, accountOwner) VALUES (?, ?, '', 0, ?, 'shpat_bench', 0)`,
  ).run(`offline_${SHOP}`, SHOP, DEFAULT_SCOPES);
  const rule = db.prepare(
    `INSERT INTO Rule (id, shopId, name, ruleType, threshold, thresholdAmountCents, thresholdPercent, currency, thresholdUnit, action, isActive, priority, conditions, createdAt, updatedAt)
     VALUES (?, 'wh-shop', ?, ?, ?, ?, ?, 'USD', ?, 'alert', 1, 0, '{}', ?, ?)`,
  );
  rule.run("r-percent", "Max 30% off", "max_discount", "30", null, 30, "PERCENT", now, now);
  rule.run("r-amount", "Cap at $50", "max_discount_amount", "50", 5000, null, "AMOUNT", now, now);
  rule.run("r-stacking", "One promotion", "stacking_prevention", "0", 0, null, "AMOUNT", now, now);
  rule.run("r-margin", "Keep 25% margin", "margin_floor", "25", null, 25, "PERCENT", now, now);
  // the variant's cost is already cached, as after the first order that carried it
  db.prepare(
    `INSERT INTO VariantUnitCost (id, shopId, variantId, inventoryItemId, unitCostCents, currency, collectionIds, fetchedAt)
     VALUES ('vc1', 'wh-shop', 'gid://shopify/ProductVariant/9001', 'gid://shopify/InventoryItem/9001', 3000, 'USD', '[]', ?)`,
  ).run(now);
  db.close();
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

async function post(base: string, index: number): Promise<number> {
  const request = signed(index);
  const started = performance.now();
  const response = await fetch(`${base}/webhooks/orders/create`, {
    method: "POST",
    body: request.body,
    headers: request.headers,
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`Webhook ${index} answered ${response.status}`);
  return performance.now() - started;
}

/** Posts webhooks `from`..`from + count`, CONCURRENCY at a time, spread in turn over `bases` (app processes). */
export async function load(
  bases: string | string[],
  from: number,
  count: number,
): Promise<{ latencies: number[]; seconds: number }> {
  const targets = Array.isArray(bases) ? bases : [bases];
  const latencies: number[] = [];
  let next = from;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < from + count) {
        const index = next++;
        latencies.push(await post(targets[index % targets.length]!, index));
      }
    }),
  );
  return { latencies, seconds: (performance.now() - started) / 1000 };
}

/** The varying values of one raw breach event (the raw-insert ceilings of both engines). */
export function rawEventValues<T>(index: number, rule: number, now: T) {
  const orderId = `gid://shopify/Order/${index}`;
  return [
    `ev-${index}-${rule}`,
    `Order #${index} broke rule ${rule}`,
    orderId,
    `#${index}`,
    `rule-${rule}`,
    `Rule ${rule}`,
    `${orderId}|${rule}`,
    `#${index} bench45 rule ${rule}`,
    now,
  ] as const;
}

/**
 * The same rows the app writes for one webhook, straight into SQLite, one transaction each; into
 * `into` (a database holding the bench shop already, e.g. the app's own after its run) or a fresh one.
 */
export function rawCeiling(count: number, into?: string): number {
  const file = into ?? path.join(TMP_DIR, "bench-raw.sqlite");
  if (!into) prepareDatabase(file);
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  const receipt = db.prepare(
    "INSERT INTO ProcessedWebhook (webhookId, shopDomain, topic, receivedAt) VALUES (?, ?, 'ORDERS_CREATE', ?)",
  );
  const job = db.prepare(
    "INSERT INTO OrderEvaluation (id, shopId, webhookId, topic, orderId, facts, status, attempts, eventsCreated, createdAt) VALUES (?, 'wh-shop', ?, 'ORDERS_CREATE', ?, ?, 'pending', 0, 0, ?)",
  );
  const check = db.prepare(
    "INSERT INTO OrderCheck (id, shopId, orderId, fingerprint, checkedAt) VALUES (?, 'wh-shop', ?, ?, ?)",
  );
  const event = db.prepare(
    `INSERT INTO AuditEvent (id, shopId, eventType, severity, message, orderId, orderName, discountCodes, discountPercent, totalDiscountCents,
       preDiscountSubtotalCents, subtotalAfterDiscountCents, marginSavedCents, currency, ruleId, ruleKey, ruleName, threshold, details, dedupeKey, searchText, createdAt)
     VALUES (?, 'wh-shop', 'rule_triggered', 'high', ?, ?, ?, '["BENCH45"]', 55, 5500, 10000, 4500, 500, 'USD', ?, 'max_discount', ?, 30, '{}', ?, ?, ?)`,
  );
  const rollup = db.prepare(
    `INSERT INTO EventRollup (shopId, day, eventType, count, marginSavedCents) VALUES ('wh-shop', ?, 'rule_triggered', 1, 500)
     ON CONFLICT (shopId, day, eventType) DO UPDATE SET count = count + 1, marginSavedCents = marginSavedCents + 500`,
  );
  const done = db.prepare(
    "UPDATE OrderEvaluation SET status = 'done', eventsCreated = 3, processedAt = ? WHERE id = ?",
  );
  const facts = JSON.stringify(payload(0));
  const one = db.transaction((index: number) => {
    const now = Date.now();
    const day = new Date(now).toISOString().slice(0, 10);
    const orderId = `gid://shopify/Order/${index}`;
    receipt.run(`raw-${index}`, SHOP, now);
    job.run(`job-${index}`, `raw-${index}`, orderId, facts, now);
    check.run(`check-${index}`, orderId, `fp-${index}`, now);
    for (let rule = 0; rule < EVENTS_PER_ORDER; rule += 1) {
      event.run(...rawEventValues(index, rule, now));
      rollup.run(day);
    }
    done.run(now, `job-${index}`);
  });
  const started = performance.now();
  for (let index = 0; index < count; index += 1) one(index);
  const rate = count / ((performance.now() - started) / 1000);
  db.close();
  return rate;
}

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("Timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The production build on `port` against `file` (SQLite) or a postgresql:// URL; resolves once it answers. */
export async function startBenchServer(file: string, port: number, env: Record<string, string> = {}) {
  const server = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_PROFILE ? ["--cpu-prof", "--cpu-prof-dir=tests/.tmp/profile"] : []),
      ...(process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(" ") : []),
      "server.js",
      "build/index.js",
    ],
    {
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: file.startsWith("postgresql://") ? file : `file:${file}`,
        SHOPIFY_API_KEY: "bench-api-key",
        SHOPIFY_API_SECRET: SECRET,
        SHOPIFY_APP_URL: `https://127.0.0.1:${port}`,
        ALERTS_ENCRYPTION_KEY: ALERTS_KEY,
        // production needs a mail transport; the benchmarks send no e-mail (alerts go to Slack and webhooks)
        SMTP_URL: "smtp://127.0.0.1:2525",
        // real charges, as production requires (a developer's .env may still say true)
        SHOPIFY_BILLING_TEST: "false",
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

/**
 * The bench shop's alert settings: webhook alerts to `webhookUrl` and, with `slackUrl`, Slack
 * alerts too (its URL sealed as the app seals it); `on: false` stores them turned off. With
 * `held`, quiet hours (UTC, the shop's zone) run from an hour ago to two hours from now: every
 * alert is queued and held for the digest at their end, and none is sent during the run.
 */
export function insertAlertSettings(
  file: string,
  options: { on: boolean; webhookUrl: string; slackUrl?: string; held?: boolean },
) {
  const db = new Database(file);
  const now = Date.now();
  const slack = options.slackUrl ? sealSecret(options.slackUrl, "wh-shop", parseSecretKey(ALERTS_KEY)) : null;
  const clock = (at: number) => new Date(at).toISOString().slice(11, 16);
  const quiet = options.held ? [clock(now - 3_600_000), clock(now + 7_200_000)] : [null, null];
  db.prepare(
    `INSERT INTO AlertSettings (id, shopId, emailEnabled, slackEnabled, webhookEnabled, frequency, minSeverity, emails,
       slackChannel, slackWebhookEncrypted, webhooks, smtpPort, quietStart, quietEnd, createdAt, updatedAt)
     VALUES ('as-bench', 'wh-shop', 0, ?, ?, 'immediate', 'low', '[]', '#alerts', ?, ?, 587, ?, ?, ?, ?)`,
  ).run(
    options.on && slack ? 1 : 0,
    options.on ? 1 : 0,
    slack,
    JSON.stringify([options.webhookUrl]),
    quiet[0],
    quiet[1],
    now,
    now,
  );
  db.close();
}

/**
 * What the webhook benchmark runs with: alerts off; alerts on but held (quiet hours), so the
 * run pays for queuing them in each order's transaction and nothing else; or alerts on and
 * delivered to a local receiver during the run.
 */
export type AlertMode = "off" | "held" | "delivered";

export interface WebhookFigures {
  ackRate: number;
  p50: number;
  p99: number;
  evaluatedRate: number;
}

/**
 * The webhook benchmark (see AlertMode); with alerts delivered, webhook alerts go to a local
 * receiver and the run waits for every alert to arrive too; held, it checks that every alert
 * was queued.
 */
export async function benchWebhooks(mode: AlertMode = "off"): Promise<WebhookFigures> {
  const file = path.join(TMP_DIR, "bench-webhooks.sqlite");
  prepareDatabase(file);
  const alertReceiver = mode === "delivered" ? await countingReceiverProcess() : null;
  if (alertReceiver) insertAlertSettings(file, { on: true, webhookUrl: `${alertReceiver.url}/alerts` });
  // never reached: every alert is held past the run
  if (mode === "held") insertAlertSettings(file, { on: true, webhookUrl: "http://127.0.0.1:9/alerts", held: true });
  const server = await startBenchServer(file, PORT, mode === "off" ? {} : { ALERTS_ALLOW_PRIVATE_URLS: "true" });
  const base = server.base;
  const db = new Database(file, { readonly: true });
  try {
    await load(base, 0, WARMUP);
    const pending = () =>
      (db.prepare("SELECT COUNT(*) AS n FROM OrderEvaluation WHERE status = 'pending'").get() as { n: number }).n;
    await waitFor(() => pending() === 0, 60_000);

    const started = performance.now();
    const { latencies, seconds } = await load(base, WARMUP, WEBHOOKS);
    await waitFor(() => pending() === 0, 300_000);
    const endToEnd = (performance.now() - started) / 1000;
    const events = (
      db.prepare("SELECT COUNT(*) AS n FROM AuditEvent WHERE eventType = 'rule_triggered'").get() as { n: number }
    ).n;
    const failed = (
      db.prepare("SELECT COUNT(*) AS n FROM OrderEvaluation WHERE status != 'done'").get() as { n: number }
    ).n;
    const expected = (WARMUP + WEBHOOKS) * EVENTS_PER_ORDER;
    const ackRate = WEBHOOKS / seconds;
    const evaluatedRate = WEBHOOKS / endToEnd;
    const raw = rawCeiling(WEBHOOKS);

    const delivered = alertReceiver
      ? await waitFor(async () => (await alertReceiver.count()) >= events, 300_000).then(
          () => alertReceiver.count(),
          () => alertReceiver.count(),
        )
      : 0;
    const held =
      mode === "held"
        ? (db.prepare("SELECT COUNT(*) AS n FROM AlertOutbox WHERE status = 'held'").get() as { n: number }).n
        : 0;
    const label = { off: "", held: ", webhook alerts on and held (quiet hours)", delivered: ", webhook alerts on" }[
      mode
    ];
    console.log(
      `\nWebhooks${label}: ${WEBHOOKS.toLocaleString("en-US")} signed orders/create over loopback, ${CONCURRENCY} at a time, production build (${os.cpus().length} cores)`,
    );
    console.log(
      `  acknowledged: ${ackRate.toFixed(0)} requests/s; latency p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}, max ${ms(Math.max(...latencies))}`,
    );
    console.log(`  evaluated end to end (last event stored): ${evaluatedRate.toFixed(0)} orders/s`);
    console.log(
      `  events stored: ${events.toLocaleString("en-US")} of ${expected.toLocaleString("en-US")} expected; evaluations not done: ${failed}`,
    );
    console.log(
      `  raw SQLite ceiling for the same rows (one transaction per webhook): ${raw.toFixed(0)} webhooks/s; the app reaches ${((evaluatedRate / raw) * 100).toFixed(1)}% of it`,
    );
    if (alertReceiver) {
      console.log(
        `  alerts delivered to the local receiver: ${delivered.toLocaleString("en-US")} of ${events.toLocaleString("en-US")}`,
      );
    }
    if (mode === "held") {
      console.log(`  alerts queued and held: ${held.toLocaleString("en-US")} of ${events.toLocaleString("en-US")}`);
    }
    if (events !== expected || failed !== 0) throw new Error("Stored events differ from the expected count");
    if (mode === "held" && held !== events) throw new Error("Alerts were not all queued");
    if (alertReceiver && delivered < events) throw new Error("Alerts were lost");
    return {
      ackRate,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      evaluatedRate,
    };
  } finally {
    db.close();
    await server.stop();
    alertReceiver?.close();
  }
}
