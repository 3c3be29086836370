/**
 * npm run bench -- flash-sale: a sale as a merchant lives it (docs/benchmarks.md#flash-sale).
 * Signed orders/create webhooks at BENCH_FLASH_RATE per second (100) for BENCH_FLASH_SECONDS (300),
 * open loop (each order leaves on time whatever the answers before it), then BENCH_FLASH_BURST
 * (500) at once, while the merchant saves a rule every second, against the production build on
 * SQLite in one process. Each order breaks three rules and the shop's alerts go by webhook, at
 * once, to a local receiver. Printed: connection failures, 5xx and 503 answers, the webhooks'
 * acknowledgement p50/p99 as the client sees it, the saves' p99 and failures, every acknowledged
 * order evaluated exactly once, the queue drained after the burst, order-to-alert-sent p99, and
 * the server's RSS idle and at peak. Then the same at BENCH_FLASH_PG_RATE (200) per second on
 * PostgreSQL with two processes (BENCH_FLASH_ENGINES=sqlite or postgresql runs one).
 */
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { formatCount } from "../app/domain/money";
import { TMP_DIR } from "../scripts/migrations";
import { ensurePostgres, startCluster } from "../scripts/postgres.mjs";
import { ms, percentile } from "./fill";
import { alertReceiverProcess } from "./receiver";
import {
  BROWSER,
  EVENTS_PER_ORDER,
  freshPostgres,
  freshSqlite,
  mb,
  orderNumberOf,
  rssOf,
  rssPeak,
  seedBenchShop,
  sessionToken,
  signed,
  startBenchServer,
  waitFor,
} from "./setup";

const SECONDS = Number(process.env.BENCH_FLASH_SECONDS || 300);
const BURST = Number(process.env.BENCH_FLASH_BURST || 500);
const PORT = Number(process.env.BENCH_PORT || 3250) + 40;
/** Orders sent before the sale and not counted: they compile the code and fill the caches. */
const WARMUP = 300;

interface Answers {
  statuses: Map<number, number>;
  /** fetch failed before any answer (refused, reset, timed out) */
  connectionFailures: number;
  latencies: number[];
}

const answers = (): Answers => ({ statuses: new Map(), connectionFailures: 0, latencies: [] });
const count = (tally: Answers, status: number) => tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
const fivexx = (tally: Answers) => [...tally.statuses].filter(([status]) => status >= 500);
const acked = (tally: Answers) => tally.statuses.get(200) ?? 0;

/** Posts order `index` (signed already, or signed now) to `base`, noting its answer. */
async function postOrder(
  base: string,
  index: number,
  tally: Answers,
  sentAt: Map<number, number>,
  request = signed(index),
): Promise<void> {
  const started = performance.now();
  sentAt.set(orderNumberOf(index), Date.now());
  try {
    const response = await fetch(`${base}/webhooks/orders/create`, {
      method: "POST",
      body: request.body,
      headers: request.headers,
    });
    await response.arrayBuffer();
    count(tally, response.status);
    if (response.status === 200) tally.latencies.push(performance.now() - started);
  } catch {
    tally.connectionFailures += 1;
  }
}

/** Orders `from`.. at `rate` per second for `seconds`, open loop, spread over `bases` in turn. */
async function sendAtRate(
  bases: string[],
  from: number,
  rate: number,
  seconds: number,
  tally: Answers,
  sentAt: Map<number, number>,
) {
  const total = Math.round(rate * seconds);
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  for (let n = 0; n < total; n += 1) {
    const wait = started + (n * 1000) / rate - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const posted = postOrder(bases[n % bases.length]!, from + n, tally, sentAt);
    inFlight.add(posted);
    void posted.finally(() => inFlight.delete(posted));
  }
  await Promise.all(inFlight);
  return total;
}

/**
 * The client's own floor for a burst: the same requests, all at once, to a bare Node server in a
 * process of its own that answers each with an empty 200. Opening hundreds of connections at once
 * costs this client (and the 2 cores it shares) that much whatever the server.
 */
async function bareBurst(requests: { body: string; headers: Record<string, string> }[]): Promise<number[]> {
  const script = `require("node:http").createServer((request, response) => { request.resume(); request.on("end", () => response.end()); })
    .listen(0, "127.0.0.1", function () { console.log(this.address().port); });`;
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  try {
    const port = await new Promise<number>((resolve) =>
      child.stdout.once("data", (chunk: Buffer) => resolve(Number(chunk))),
    );
    const latencies: number[] = [];
    await Promise.all(
      requests.map(async (request) => {
        const started = performance.now();
        const response = await fetch(`http://127.0.0.1:${port}/webhooks/orders/create`, { method: "POST", ...request });
        await response.arrayBuffer();
        latencies.push(performance.now() - started);
      }),
    );
    return latencies;
  } finally {
    child.kill("SIGTERM");
  }
}

/** The merchant: a rule saved every second until `stop`, with a fresh session token each minute. */
function merchantSaving(bases: string[]) {
  const tally = answers();
  let stopped = false;
  const done = (async () => {
    let token = await sessionToken();
    let tokenAt = Date.now();
    for (let n = 0; !stopped; n += 1) {
      const next = performance.now() + 1000;
      if (Date.now() - tokenAt > 50_000) [token, tokenAt] = [await sessionToken(), Date.now()];
      const started = performance.now();
      try {
        const response = await fetch(`${bases[n % bases.length]}/api/rules/r-percent`, {
          method: "PUT",
          headers: { Authorization: `Bearer ${token}`, "User-Agent": BROWSER, "Content-Type": "application/json" },
          body: JSON.stringify({
            name: "Max 30% off",
            ruleType: "max_discount",
            threshold: String(30 + (n % 2)),
            action: "alert",
          }),
        });
        await response.arrayBuffer();
        count(tally, response.status);
        tally.latencies.push(performance.now() - started);
      } catch {
        tally.connectionFailures += 1;
      }
      const wait = next - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  })();
  return {
    tally,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

/** What the bench reads from the database while it runs. */
interface Probe {
  pending(): Promise<number>;
  /** orders evaluated (queue entries done) */
  done(): Promise<number>;
  /** orders evaluated more than once, and breach events against EVENTS_PER_ORDER per order */
  twice(): Promise<number>;
  events(): Promise<number>;
  close(): Promise<void>;
}

/** The bench's reads of `target` (an SQLite file or a postgresql:// URL), the same on either engine. */
function probeOf(target: string): Probe {
  let one: (query: string) => Promise<number>;
  let close: () => Promise<void>;
  if (target.startsWith("postgresql://")) {
    const pool = new pg.Pool({ connectionString: target, max: 1 });
    one = async (query) => Number((await pool.query(query)).rows[0].n);
    close = () => pool.end();
  } else {
    const db = new Database(target, { readonly: true });
    one = async (query) => (db.prepare(query).get() as { n: number }).n;
    close = async () => void db.close();
  }
  return {
    pending: () => one(`SELECT COUNT(*) AS n FROM "OrderEvaluation" WHERE "status" <> 'done'`),
    done: () => one(`SELECT COUNT(*) AS n FROM "OrderEvaluation" WHERE "status" = 'done'`),
    twice: () => one(`SELECT COUNT(*) AS n FROM "OrderEvaluation" WHERE "attempts" <> 1`),
    events: () => one(`SELECT COUNT(*) AS n FROM "AuditEvent" WHERE "eventType" = 'rule_triggered'`),
    close,
  };
}

async function flashSale(label: string, target: string, processes: number, rate: number) {
  const alerts = await alertReceiverProcess();
  const arrived = async () => Object.keys((await alerts.read()).arrivals).length;
  await seedBenchShop(target, { alertsTo: `${alerts.url}/alerts` });
  const probe = probeOf(target);
  const servers = await Promise.all(
    Array.from({ length: processes }, (_, index) => startBenchServer(target, PORT + index)),
  );
  const bases = servers.map((server) => server.base);
  const pids = servers.map((server) => server.pid);
  const sentAt = new Map<number, number>();
  try {
    // before the sale: some traffic, then the idle memory
    const warm = answers();
    await Promise.all(
      Array.from({ length: WARMUP }, (_, index) => postOrder(bases[index % bases.length]!, index, warm, sentAt)),
    );
    await waitFor(async () => (await probe.pending()) === 0, 120_000);
    await waitFor(async () => (await arrived()) >= WARMUP, 120_000).catch(() => undefined);
    const warmSaves = merchantSaving(bases);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await warmSaves.stop();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idle = pids.map(rssOf);
    const warmDone = await probe.done();

    // the sale
    const peak = rssPeak(pids);
    const orders = answers();
    const merchant = merchantSaving(bases);
    const steady = await sendAtRate(bases, WARMUP, rate, SECONDS, orders, sentAt);
    const steadyLatencies = [...orders.latencies];
    // signed beforehand, so that the burst leaves the client at once
    const burst = Array.from({ length: BURST }, (_, n) => signed(WARMUP + steady + n));
    await Promise.all(
      burst.map((request, n) => postOrder(bases[n % bases.length]!, WARMUP + steady + n, orders, sentAt, request)),
    );
    const burstLatencies = orders.latencies.slice(steadyLatencies.length);
    const burstAcked = performance.now();
    await waitFor(async () => (await probe.pending()) === 0, 600_000);
    const drained = (performance.now() - burstAcked) / 1000;
    await merchant.stop();
    const sent = steady + BURST;
    const expectedAlerts = WARMUP + acked(orders);
    await waitFor(async () => (await arrived()) >= expectedAlerts, 300_000).catch(() => undefined);
    const peaks = peak.stop();
    const floor = await bareBurst(burst);

    const evaluated = (await probe.done()) - warmDone;
    const twice = await probe.twice();
    const events = await probe.events();
    const received = await alerts.read();
    const toAlert: number[] = [];
    for (const [order, at] of Object.entries(received.arrivals)) {
      const posted = sentAt.get(Number(order));
      if (posted !== undefined && Number(order) >= orderNumberOf(WARMUP)) toAlert.push(at - posted);
    }
    const saves = merchant.tally;
    const list = (tally: Answers) =>
      fivexx(tally)
        .map(([status, n]) => `${n} × ${status}`)
        .join(", ") || "none";
    console.log(
      `\nFlash sale on ${label}: ${rate} orders/s for ${SECONDS} s then ${BURST} at once (${formatCount(sent)} orders), a rule saved every second; ${os.cpus().length} cores`,
    );
    console.log(
      `  webhooks: ${formatCount(acked(orders))} acknowledged; connection failures ${orders.connectionFailures}; 5xx ${list(orders)} (goal 0)`,
    );
    console.log(
      `  acknowledgement as the client sees it: p50 ${ms(percentile(orders.latencies, 50))}, p99 ${ms(percentile(orders.latencies, 99))} (goal < 250 ms), max ${ms(Math.max(...orders.latencies))}; ` +
        `at the steady rate p99 ${ms(percentile(steadyLatencies, 99))}, in the burst p50 ${ms(percentile(burstLatencies, 50))}, p99 ${ms(percentile(burstLatencies, 99))} ` +
        `(the same ${BURST} requests from this client to a bare Node server that answers at once: p50 ${ms(percentile(floor, 50))}, p99 ${ms(percentile(floor, 99))})`,
    );
    console.log(
      `  rule saves: ${saves.latencies.length}, p50 ${ms(percentile(saves.latencies, 50))}, p99 ${ms(percentile(saves.latencies, 99))} (goal < 1 s); failures: connection ${saves.connectionFailures}, 5xx ${list(saves)}, other ${saves.latencies.length - (saves.statuses.get(200) ?? 0) - fivexx(saves).reduce((sum, [, n]) => sum + n, 0)} (goal 0)`,
    );
    console.log(
      `  exactly once: ${formatCount(evaluated)} of ${formatCount(acked(orders))} acknowledged orders evaluated, ${twice} more than once, ${formatCount(events)} breach events of ${formatCount((WARMUP + acked(orders)) * EVENTS_PER_ORDER)} expected`,
    );
    console.log(`  queue drained ${drained.toFixed(1)} s after the burst was acknowledged (goal ≤ 30 s)`);
    console.log(
      `  order to first alert received: p50 ${ms(percentile(toAlert, 50))}, p99 ${ms(percentile(toAlert, 99))}; alerts for ${formatCount(Object.keys(received.arrivals).length)} of ${formatCount(expectedAlerts)} orders arrived (${formatCount(received.requests)} alert requests)`,
    );
    console.log(
      `  server RSS: ${servers.map((_, index) => `${mb(idle[index])} idle, ${mb(peaks[index])} peak`).join("; ")} (budget ≤ 200 MB idle, ≤ 350 MB peak)`,
    );
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await probe.close();
    alerts.close();
  }
}

export async function benchFlashSale(): Promise<void> {
  const engines = (process.env.BENCH_FLASH_ENGINES ?? "sqlite,postgresql").split(",");
  if (engines.includes("sqlite")) {
    const file = path.join(TMP_DIR, "bench-flash-sale.sqlite");
    freshSqlite(file);
    await flashSale("SQLite, one process", file, 1, Number(process.env.BENCH_FLASH_RATE || 100));
  }
  if (engines.includes("postgresql")) {
    const { bin, missing } = ensurePostgres();
    if (missing) throw new Error(missing);
    const cluster = await startCluster({ bin, database: "bench" });
    try {
      const url = await freshPostgres(cluster.adminUrl, cluster.port, "bench_flash_sale");
      await flashSale("PostgreSQL, two processes", url, 2, Number(process.env.BENCH_FLASH_PG_RATE || 200));
    } finally {
      cluster.stop();
    }
  }
}
