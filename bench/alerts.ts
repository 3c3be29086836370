/**
 * Breach to delivered: signed orders/create webhooks at a steady rate (BENCH_ALERT_RATE per
 * second, 200 by default, for BENCH_ALERT_SECONDS, 30) to the production build, each breaking
 * one rule; the shop's alerts go by webhook and by Slack to local receivers on 127.0.0.1. For
 * each alert: the time from posting its order to its arrival at the receiver (so evaluation
 * is included), and the rate the delivery worker sustained. Nothing may be lost. The same
 * load is run with alerts off first: the webhooks' acknowledgement at the same load, with and
 * without alerts.
 */
import path from "node:path";
import Database from "better-sqlite3";
import { TMP_DIR } from "../scripts/migrations";
import { ms, percentile } from "./fill";
import { receiver } from "./receiver";
import { insertAlertSettings, prepareDatabase, signed, startBenchServer, waitFor } from "./webhooks";

const RATE = Number(process.env.BENCH_ALERT_RATE || 200);
const SECONDS = Number(process.env.BENCH_ALERT_SECONDS || 30);
const PORT = Number(process.env.BENCH_PORT || 3260);
/** Orders sent first and not counted: they compile the code and fill the caches. */
const WARMUP = 300;

const orderNumber = (name: string | undefined) => (name ? Number(name.replace(/^#/, "")) : null);

function configureAlerts(file: string, on: boolean, webhookUrl: string, slackUrl: string) {
  // one breach per order: only the percent rule stays on
  const db = new Database(file);
  db.prepare("UPDATE Rule SET isActive = 0 WHERE id != 'r-percent'").run();
  db.close();
  insertAlertSettings(file, { on, webhookUrl, slackUrl });
}

/** Orders at RATE per second, open loop: order i leaves at i / RATE s, whatever the answers before it. */
async function sendAtRate(base: string, from: number, count: number, onPosted: (number: number, at: number) => void) {
  const latencies: number[] = [];
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  for (let index = 0; index < count; index += 1) {
    const wait = started + (index * 1000) / RATE - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const request = signed(from + index);
    const sent = performance.now();
    onPosted(100_000 + from + index, sent);
    const pending = fetch(`${base}/webhooks/orders/create`, {
      method: "POST",
      body: request.body,
      headers: request.headers,
    }).then(async (response) => {
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`Webhook ${from + index} answered ${response.status}`);
      latencies.push(performance.now() - sent);
    });
    inFlight.add(pending);
    void pending.finally(() => inFlight.delete(pending));
  }
  await Promise.all(inFlight);
  return { latencies, seconds: (performance.now() - started) / 1000 };
}

async function run(on: boolean) {
  const webhook = await receiver((body) => orderNumber(JSON.parse(body).order?.name));
  const slack = await receiver((body) => orderNumber(/order (#\d+)/.exec(JSON.parse(body).text)?.[1]));
  const file = path.join(TMP_DIR, "bench-alerts.sqlite");
  prepareDatabase(file);
  configureAlerts(file, on, `${webhook.url}/alerts`, `${slack.url}/services/T0/B0/bench`);
  // the receivers are on 127.0.0.1, which production refuses unless told otherwise
  const server = await startBenchServer(file, PORT, { ALERTS_ALLOW_PRIVATE_URLS: "true" });
  const db = new Database(file, { readonly: true });
  const posted = new Map<number, number>();
  const pending = () =>
    (db.prepare("SELECT COUNT(*) AS n FROM OrderEvaluation WHERE status = 'pending'").get() as { n: number }).n;
  try {
    await sendAtRate(server.base, 0, WARMUP, () => {});
    await waitFor(() => pending() === 0, 60_000);
    if (on) await waitFor(() => webhook.arrivals.size >= WARMUP && slack.arrivals.size >= WARMUP, 60_000);
    for (const target of [webhook, slack]) target.arrivals.clear();
    const total = RATE * SECONDS;
    const { latencies, seconds } = await sendAtRate(server.base, WARMUP, total, (number, at) => posted.set(number, at));
    await waitFor(() => pending() === 0, 120_000);
    if (on)
      await waitFor(() => webhook.arrivals.size >= total && slack.arrivals.size >= total, 120_000).catch(() => {});
    const outbox = db.prepare("SELECT status, COUNT(*) AS n FROM AlertOutbox GROUP BY status").all() as {
      status: string;
      n: number;
    }[];
    return { total, seconds, latencies, webhook, slack, posted, outbox };
  } finally {
    db.close();
    await server.stop();
    webhook.close();
    slack.close();
  }
}

export async function benchAlerts() {
  const off = await run(false);
  const on = await run(true);
  console.log(
    `\nAlerts: ${on.total.toLocaleString("en-US")} breaching orders at ${RATE}/s for ${SECONDS} s (sent in ${on.seconds.toFixed(1)} s), one breach each, alerts by webhook and by Slack to local receivers`,
  );
  const ack = (figures: typeof on) =>
    `p50 ${ms(percentile(figures.latencies, 50))}, p99 ${ms(percentile(figures.latencies, 99))}`;
  console.log(`  webhooks acknowledged at this load: alerts off ${ack(off)}; alerts on ${ack(on)}`);
  for (const [name, target] of [
    ["webhook", on.webhook],
    ["Slack", on.slack],
  ] as const) {
    const latencies = [...target.arrivals].map(([order, at]) => at - (on.posted.get(order) ?? at));
    const times = [...target.arrivals.values()];
    const rate = times.length / ((Math.max(...times) - Math.min(...times)) / 1000);
    console.log(
      `  ${name}: ${target.arrivals.size.toLocaleString("en-US")} of ${on.total.toLocaleString("en-US")} delivered (${target.duplicates()} repeats); order to delivered p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}, max ${ms(Math.max(...latencies))}; ${rate.toFixed(0)} deliveries/s`,
    );
  }
  console.log(`  outbox: ${on.outbox.map((row) => `${row.n} ${row.status}`).join(", ")}`);
  if (on.webhook.arrivals.size < on.total || on.slack.arrivals.size < on.total) throw new Error("Alerts were lost");
}
