/**
 * npm run bench -- scale: issue 33's table as ratios. For each size of BENCH_SCALE_EVENTS
 * (default 100,000 and 1,000,000 audit events), one database is filled and every line is
 * measured against its limit in the same run: signed orders/create webhooks against the raw
 * insert of the same rows; forged webhooks against Remix's router (a constant JSON route) and a
 * bare Node server; the ROI dashboard and the Audit Log's searches; the CSV export against
 * `sqlite3 -csv` on the same rows; GET /api/rules against the constant JSON route. Then how each
 * cost grows between the sizes (docs/benchmarks.md, docs/decisions/0058-benchmark-as-ratios.md).
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { getJwt } from "@shopify/shopify-api/test-helpers";
import { DEFAULT_SCOPES } from "../app/env.server";
import { TMP_DIR } from "../scripts/migrations";
import { fillAuditEvents, percentile } from "./fill";
import { growth } from "./growth";
import {
  EVENTS_PER_ORDER,
  SECRET,
  WARMUP,
  WEBHOOKS,
  CONCURRENCY,
  load,
  rawCeiling,
  seedWebhookShop,
  signed,
  startBenchServer,
  waitFor,
} from "./webhooks";

const PORT = Number(process.env.BENCH_PORT || 3250) + 20;
const REQUESTS = Number(process.env.BENCH_SCALE_REQUESTS || 3000);
const FILL_SHOP_DOMAIN = "bench.myshopify.com";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

interface Rate {
  rate: number;
  p50: number;
  p99: number;
}

/** `count` requests made by `make`, CONCURRENCY at a time; every answer must have `status`. */
async function hammer(count: number, status: number, make: (index: number) => [string, RequestInit]): Promise<Rate> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        const index = next++;
        const [url, init] = make(index);
        const begun = performance.now();
        const response = await fetch(url, init);
        await response.arrayBuffer();
        if (response.status !== status) throw new Error(`${url} answered ${response.status}, expected ${status}`);
        latencies.push(performance.now() - begun);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { rate: count / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

/** A bare Node HTTP server in its own process answering every request with a constant 401 JSON: HTTP's own floor. */
async function bareServer() {
  const script = `
    const http = require("node:http");
    const body = JSON.stringify({ error: "Unauthorized" });
    const server = http.createServer((request, response) => {
      request.resume();
      request.on("end", () => { response.writeHead(401, { "Content-Type": "application/json" }); response.end(body); });
    });
    server.keepAliveTimeout = 60000;
    server.listen(0, "127.0.0.1", () => console.log(server.address().port));`;
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    child.once("exit", (code) => reject(new Error(`The bare server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, close: () => child.kill("SIGTERM") };
}

/** The fill's shop's plan as just checked with Shopify's Billing API (app/domain/plan-truth.ts). */
function markPlanChecked(file: string) {
  const db = new Database(file);
  db.prepare("UPDATE Shop SET planCheckedAt = ? WHERE id = 'bench-shop'").run(Date.now());
  db.close();
}

/** The fill's shop as an installed app's: its offline session and ten rules, so GET /api/rules answers. */
function seedApiShop(file: string) {
  const db = new Database(file);
  const now = Date.now();
  db.prepare(
    `INSERT INTO Session (id, shop, state, isOnline, scope, accessToken, accountOwner) VALUES (?, ?, '', 0, ?, 'shpat_bench', 0)`,
  ).run(`offline_${FILL_SHOP_DOMAIN}`, FILL_SHOP_DOMAIN, DEFAULT_SCOPES);
  const rule = db.prepare(
    `INSERT INTO Rule (id, shopId, name, ruleType, threshold, thresholdAmountCents, thresholdPercent, currency, thresholdUnit, action, isActive, priority, conditions, createdAt, updatedAt)
     VALUES (?, 'bench-shop', ?, 'max_discount', ?, NULL, ?, 'USD', 'PERCENT', 'alert', 1, ?, '{}', ?, ?)`,
  );
  for (let i = 0; i < 10; i += 1)
    rule.run(`bench-rule-${i}`, `Max ${20 + i}% off`, String(20 + i), 20 + i, i, now, now);
  db.close();
}

/** A process's resident memory now, from /proc (Linux). */
function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) * 1024 : 0;
}

/**
 * GET /api/audit/export.csv through the production server, as the embedded app downloads it: rows
 * per second and the server process's resident memory before and at its peak during the export.
 */
async function exportThroughServer(url: string, init: RequestInit, pid: number) {
  const baselineRss = rssOf(pid);
  let peakRss = baselineRss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssOf(pid))), 20);
  try {
    const started = performance.now();
    const response = await fetch(url, init);
    if (response.status !== 200) throw new Error(`The export answered ${response.status}`);
    let newlines = 0;
    let bytes = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      for (let i = 0; i < chunk.length; i += 1) if (chunk[i] === 10) newlines += 1;
    }
    const seconds = (performance.now() - started) / 1000;
    const rows = newlines - 1;
    return { rows, rate: rows / seconds, bytes, peakRss, baselineRss };
  } finally {
    clearInterval(sampler);
  }
}

/** The export's rows and columns, straight from SQLite's own shell to /dev/null. */
function sqliteCsv(file: string): { rows: number; rate: number } {
  const query = `SELECT createdAt, eventType, severity, orderName, orderId, discountCodes, discountPercent, totalDiscountCents,
      preDiscountSubtotalCents, subtotalAfterDiscountCents, marginSavedCents, marginPercent, currency, ruleKey, ruleName,
      threshold, message FROM AuditEvent WHERE shopId = 'bench-shop' ORDER BY createdAt DESC, id DESC`;
  const db = new Database(file, { readonly: true });
  const rows = (db.prepare("SELECT COUNT(*) AS n FROM AuditEvent WHERE shopId = 'bench-shop'").get() as { n: number })
    .n;
  db.close();
  const devNull = fs.openSync("/dev/null", "w");
  const started = performance.now();
  const shell = spawnSync("sqlite3", ["-csv", "-header", file, query], { stdio: ["ignore", devNull, "inherit"] });
  const seconds = (performance.now() - started) / 1000;
  fs.closeSync(devNull);
  if (shell.status !== 0) throw new Error(`sqlite3 -csv failed (${shell.error?.message ?? shell.status})`);
  return { rows, rate: rows / seconds };
}

/** Runs a bench script in its own process and returns what it printed on its BENCH_JSON line. */
function child<T>(script: string, env: Record<string, string>): T {
  const run = spawnSync(process.execPath, ["--import", "tsx", script], {
    env: { ...process.env, ...env, BENCH_JSON: "1" },
    stdio: ["ignore", "pipe", "inherit"],
    encoding: "utf8",
    maxBuffer: 16 * 1024 * 1024,
  });
  const line = run.stdout.split("\n").find((text) => text.startsWith("BENCH_JSON "));
  if (run.status !== 0 || !line) throw new Error(`${script} failed:\n${run.stdout}`);
  return JSON.parse(line.slice("BENCH_JSON ".length)) as T;
}

interface ReadFigures {
  [key: string]: { p50: number; p95: number; found?: number };
}

interface SizeFigures {
  events: number;
  fillSeconds: number;
  webhooks: Rate;
  evaluatedRate: number;
  raw: number;
  forged: Rate;
  constant: Rate;
  bare: Rate;
  rules: Rate;
  reads: ReadFigures;
  csv: { rows: number; rate: number; peakRss: number; baselineRss: number; bytes: number };
  served: { rows: number; rate: number; peakRss: number; baselineRss: number; bytes: number };
  sqlite: { rows: number; rate: number };
}

async function measure(events: number): Promise<SizeFigures> {
  const file = path.join(TMP_DIR, "bench-scale.sqlite");
  const fillSeconds = fillAuditEvents(file, events);
  seedWebhookShop(file);
  seedApiShop(file);
  console.log(`\n${events.toLocaleString("en-US")} audit events filled in ${fillSeconds.toFixed(1)} s`);

  const server = await startBenchServer(file, PORT);
  const base = server.base;
  const db = new Database(file, { readonly: true });
  let webhooks: Rate, evaluatedRate: number, forged: Rate, constant: Rate, rules: Rate, bare: Rate;
  let served: SizeFigures["served"];
  try {
    // signed orders/create, as bench/webhooks.ts posts them, then every order evaluated
    const pending = () =>
      (db.prepare("SELECT COUNT(*) AS n FROM OrderEvaluation WHERE status = 'pending'").get() as { n: number }).n;
    await load(base, 0, WARMUP);
    await waitFor(() => pending() === 0, 120_000);
    const started = performance.now();
    const { latencies, seconds } = await load(base, WARMUP, WEBHOOKS);
    await waitFor(() => pending() === 0, 600_000);
    evaluatedRate = WEBHOOKS / ((performance.now() - started) / 1000);
    webhooks = { rate: WEBHOOKS / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
    const stored = (
      db
        .prepare("SELECT COUNT(*) AS n FROM AuditEvent WHERE shopId = 'wh-shop' AND eventType = 'rule_triggered'")
        .get() as {
        n: number;
      }
    ).n;
    if (stored !== (WARMUP + WEBHOOKS) * EVENTS_PER_ORDER) throw new Error(`The webhooks stored ${stored} events`);

    // forged: a body signed with the wrong secret (401, no database)
    const forgedRequest = signed(WARMUP + WEBHOOKS + 1);
    forgedRequest.headers["X-Shopify-Hmac-Sha256"] = signed(0).headers["X-Shopify-Hmac-Sha256"];
    const forge = (): [string, RequestInit] => [
      `${base}/webhooks/orders/create`,
      { method: "POST", body: forgedRequest.body, headers: forgedRequest.headers },
    ];
    await hammer(300, 401, forge);
    forged = await hammer(REQUESTS, 401, forge);
    // Remix's router: an /api path without a route answers a constant JSON 404 (no session, no database)
    const constantRoute = (): [string, RequestInit] => [
      `${base}/api/bench-constant`,
      { headers: { "User-Agent": BROWSER } },
    ];
    await hammer(300, 404, constantRoute);
    constant = await hammer(REQUESTS, 404, constantRoute);
    // GET /api/rules with a session token, renewed every few seconds as App Bridge renews it
    const jwt = async () =>
      (await getJwt(FILL_SHOP_DOMAIN.replace(/\.myshopify\.com$/, ""), "bench-api-key", SECRET)).token;
    let token = await jwt();
    const renew = setInterval(() => void jwt().then((fresh) => (token = fresh)), 5_000);
    try {
      const rulesRoute = (): [string, RequestInit] => [
        `${base}/api/rules`,
        // a browser's agent: Shopify's library answers 410 to agents it takes for bots (Node's fetch is one)
        { headers: { Authorization: `Bearer ${token}`, "User-Agent": BROWSER } },
      ];
      // an installed shop's plan was asked of Shopify's Billing API within the last five minutes
      // (PLAN_REFRESH_MS); without this each call would try Shopify (outside network) and then
      // fall back to reading the alert settings, which no installed shop does between its checks
      markPlanChecked(file);
      await hammer(300, 200, rulesRoute);
      rules = await hammer(REQUESTS, 200, rulesRoute);
      // the CSV export as the merchant downloads it, the server's memory watched from outside
      served = await exportThroughServer(
        `${base}/api/audit/export.csv`,
        { headers: { Authorization: `Bearer ${token}`, "User-Agent": BROWSER } },
        server.pid,
      );
    } finally {
      clearInterval(renew);
    }
  } finally {
    db.close();
    await server.stop();
  }
  const floor = await bareServer();
  try {
    const post = (): [string, RequestInit] => [`${floor.url}/webhooks/orders/create`, { method: "POST", body: "{}" }];
    await hammer(300, 401, post);
    bare = await hammer(REQUESTS, 401, post);
  } finally {
    floor.close();
  }
  // the same rows straight into the same database, after the app's run
  const raw = rawCeiling(WEBHOOKS, file);

  const reads = child<ReadFigures>("bench/scale-reads.ts", { BENCH_DATABASE: file });
  const csv = child<SizeFigures["csv"]>("bench/csv-export.ts", {
    BENCH_DATABASE: file,
    BENCH_EVENTS: String(events),
  });
  const sqlite = sqliteCsv(file);
  if (sqlite.rows !== csv.rows || served.rows !== csv.rows) {
    throw new Error(`sqlite3 read ${sqlite.rows} rows, the export ${csv.rows}, through the server ${served.rows}`);
  }
  return {
    events,
    fillSeconds,
    webhooks,
    evaluatedRate,
    raw,
    forged,
    constant,
    bare,
    rules,
    reads,
    csv,
    served,
    sqlite,
  };
}

const n = (value: number) => Math.round(value).toLocaleString("en-US");
const msText = (value: number) => (value < 10 ? `${value.toFixed(2)} ms` : `${value.toFixed(0)} ms`);
const pct = (value: number) => `${(value * 100).toFixed(1)} %`;
const mark = (met: boolean) => (met ? "met" : "FAILS");
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;

interface Line {
  work: string;
  figure: string;
  limit: string;
  ratio: string;
  goal: string;
  met: boolean;
  /** the cost compared between sizes: seconds per request or row, or a page's milliseconds */
  cost: number;
}

function lines(f: SizeFigures): Line[] {
  const r = f.reads;
  const webhookRatio = f.webhooks.rate / f.raw;
  const roi = (key: string, label: string): Line => ({
    work: `ROI dashboard, ${label}`,
    figure: `p50 ${msText(r[key]!.p50)}, p95 ${msText(r[key]!.p95)}`,
    limit: "—",
    ratio: "—",
    goal: `p95 < 50 ms: ${mark(r[key]!.p95 < 50)}`,
    met: r[key]!.p95 < 50,
    cost: r[key]!.p95,
  });
  const other = Math.max(r.search_text_absent!.p95, r.search_text_code!.p95, r.search_text_rule!.p95);
  const csvRatio = f.served.rate / f.sqlite.rate;
  // the export's own memory: what a process that only exports grew by (its helper thread already
  // started, decision 0070), and what the server grew by while exporting (the server's total holds
  // the build, the caches and the runs before it; its helper thread starts with this export)
  const rss = Math.max(f.csv.peakRss - f.csv.baselineRss, f.served.peakRss - f.served.baselineRss) / 1e6;
  return [
    {
      work: "orders/create webhooks acked",
      figure: `${n(f.webhooks.rate)}/s, p99 ${msText(f.webhooks.p99)}`,
      limit: `raw SQLite insert, one transaction each: ${n(f.raw)}/s`,
      ratio: pct(webhookRatio),
      goal: `>= 25 %, p99 < 100 ms: ${mark(webhookRatio >= 0.25 && f.webhooks.p99 < 100)}`,
      met: webhookRatio >= 0.25 && f.webhooks.p99 < 100,
      cost: 1 / f.webhooks.rate,
    },
    {
      work: "forged webhook (HMAC fails, no DB)",
      figure: `${n(f.forged.rate)}/s, p99 ${msText(f.forged.p99)}`,
      limit: `Remix's router, constant JSON: ${n(f.constant.rate)}/s (bare Node HTTP: ${n(f.bare.rate)}/s)`,
      ratio: `${(f.forged.rate / f.constant.rate).toFixed(2)}× (${pct(f.forged.rate / f.bare.rate)} of bare)`,
      goal: `not bound by Remix (> 1×): ${mark(f.forged.rate > f.constant.rate)}`,
      met: f.forged.rate > f.constant.rate,
      cost: 1 / f.forged.rate,
    },
    roi("roi_this_month", "this month"),
    roi("roi_this_quarter", "this quarter"),
    roi("roi_this_year", "this year"),
    {
      work: "Audit Log search by order name",
      figure: `p50 ${msText(r.search_order_name!.p50)}, p95 ${msText(r.search_order_name!.p95)}`,
      limit: "—",
      ratio: "—",
      goal: `keep (p95 < 20 ms): ${mark(r.search_order_name!.p95 < 20)}`,
      met: r.search_order_name!.p95 < 20,
      cost: r.search_order_name!.p95,
    },
    {
      work: "Audit Log search by other text",
      figure: `p95 ${msText(other)} (absent word ${msText(r.search_text_absent!.p95)}, code ${msText(r.search_text_code!.p95)}, rule ${msText(r.search_text_rule!.p95)})`,
      limit: "—",
      ratio: "—",
      goal: `p95 < 20 ms: ${mark(other < 20)}`,
      met: other < 20,
      cost: other,
    },
    {
      work: `CSV export of ${n(f.served.rows)} events`,
      figure: `${n(f.served.rate)} rows/s through the server, server RSS ${mb(f.served.baselineRss)} before, ${mb(f.served.peakRss)} peak (+${mb(f.served.peakRss - f.served.baselineRss)}) (in process: ${n(f.csv.rate)} rows/s, RSS ${mb(f.csv.baselineRss)} before, +${mb(f.csv.peakRss - f.csv.baselineRss)})`,
      limit: `sqlite3 -csv, same rows: ${n(f.sqlite.rate)} rows/s`,
      ratio: `${csvRatio.toFixed(2)}× (in process ${(f.csv.rate / f.sqlite.rate).toFixed(2)}×)`,
      goal: `>= 0.5×: ${mark(csvRatio >= 0.5)}; export's RSS < 200 MB: ${mark(rss < 200)}`,
      met: csvRatio >= 0.5 && rss < 200,
      cost: 1 / f.served.rate,
    },
    {
      work: "GET /api/rules (session token, JSON)",
      figure: `${n(f.rules.rate)}/s, p99 ${msText(f.rules.p99)}`,
      limit: `constant JSON route, same stack: ${n(f.constant.rate)}/s`,
      ratio: pct(f.rules.rate / f.constant.rate),
      goal: `>= 60 %: ${mark(f.rules.rate / f.constant.rate >= 0.6)}`,
      met: f.rules.rate / f.constant.rate >= 0.6,
      cost: 1 / f.rules.rate,
    },
  ];
}

function table(rows: string[][]) {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const [index, row] of rows.entries()) {
    console.log(`| ${row.map((cell, column) => cell.padEnd(widths[column]!)).join(" | ")} |`);
    if (index === 0) console.log(`| ${widths.map((width) => "-".repeat(width)).join(" | ")} |`);
  }
}

export async function benchScale(): Promise<void> {
  const sizes = (process.env.BENCH_SCALE_EVENTS || "100000,1000000")
    .split(",")
    .map((size) => Number(size.replace(/_/g, "")))
    .filter((size) => Number.isInteger(size) && size > 0);
  if (sizes.length === 0) throw new Error("BENCH_SCALE_EVENTS: give sizes such as 100000,1000000");
  const results: SizeFigures[] = [];
  for (const size of sizes) results.push(await measure(size));
  const cpu = `${os.cpus().length} cores (${os.cpus()[0]?.model ?? "unknown CPU"})`;
  for (const figures of results) {
    console.log(
      `\nIssue 33's table at ${n(figures.events)} audit events, ${cpu}; ${n(WEBHOOKS)} webhooks and ${n(REQUESTS)} requests a line, ${CONCURRENCY} at a time:`,
    );
    table([
      ["work", "measured", "limit, same run", "ratio", "goal"],
      ...lines(figures).map((line) => [line.work, line.figure, line.limit, line.ratio, line.goal]),
    ]);
    console.log(
      `  (webhooks evaluated end to end ${n(figures.evaluatedRate)}/s; export ${mb(figures.served.bytes)}; the in-process export's RSS ${mb(figures.csv.baselineRss)} before it; fill ${figures.fillSeconds.toFixed(1)} s)`,
    );
  }
  for (let index = 1; index < results.length; index += 1) {
    const small = results[index - 1]!;
    const large = results[index]!;
    console.log(
      `\nHow each cost grows from ${n(small.events)} to ${n(large.events)} events (${(large.events / small.events).toFixed(0)}× the events; cost ∝ events^k):`,
    );
    const before = lines(small);
    const after = lines(large);
    table([
      ["work", "cost ratio", "k", "growth"],
      ...after.map((line, row) => {
        const { k, shape } = growth(before[row]!.cost, line.cost, small.events, large.events);
        return [
          line.work.replace(/ of [\d,]+ events/, ""),
          `${(line.cost / before[row]!.cost).toFixed(2)}×`,
          k.toFixed(2),
          shape,
        ];
      }),
    ]);
  }
}
