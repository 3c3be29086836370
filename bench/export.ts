/**
 * npm run bench -- export: the Audit Log's CSV export of 1,000,000 events (BENCH_EVENTS) through
 * the production server on SQLite, as the embedded app downloads it (gzip, a session token): rows
 * per second, and the server's resident memory after boot and at its peak during the export, read
 * from outside (docs/benchmarks.md#memory-budget).
 */
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { getJwt } from "@shopify/shopify-api/test-helpers";
import { DEFAULT_SCOPES } from "../app/env.server";
import { TMP_DIR } from "../scripts/migrations";
import { fillAuditEvents } from "./fill";
import { SECRET, startBenchServer } from "./webhooks";

const EVENTS = Number(process.env.BENCH_EVENTS || 1_000_000);
const PORT = Number(process.env.BENCH_PORT || 3250) + 30;
const FILL_SHOP = "bench.myshopify.com";
/** A browser's agent: Shopify's library answers 410 to agents it takes for bots (Node's fetch is one). */
export const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

/** A process's resident memory now, from /proc (Linux). */
export function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) * 1024 : 0;
}

/** The peak of a process's resident memory while `sampling` is on. */
export function rssPeak(pid: number) {
  let peak = rssOf(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20);
  return { stop: () => (clearInterval(timer), peak) };
}

export const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;

/** An admin's session token for `shop`, as App Bridge sends it. */
export async function sessionToken(shop: string): Promise<string> {
  return (await getJwt(shop.replace(/\.myshopify\.com$/, ""), "bench-api-key", SECRET)).token;
}

/** The fill's shop as an installed app's: its offline session, its plan just checked with Shopify. */
function seedFillShop(file: string) {
  const db = new Database(file);
  db.prepare(
    `INSERT INTO Session (id, shop, state, isOnline, scope, accessToken, accountOwner) VALUES (?, ?, '', 0, ?, 'shpat_bench', 0)`,
  ).run(`offline_${FILL_SHOP}`, FILL_SHOP, DEFAULT_SCOPES);
  db.prepare("UPDATE Shop SET planCheckedAt = ? WHERE id = 'bench-shop'").run(Date.now());
  db.close();
}

export async function benchExport(): Promise<void> {
  const file = path.join(TMP_DIR, "bench-export.sqlite");
  const fillSeconds = fillAuditEvents(file, EVENTS);
  seedFillShop(file);
  console.log(`\nCSV export of ${EVENTS.toLocaleString("en-US")} audit events (filled in ${fillSeconds.toFixed(0)} s)`);
  const server = await startBenchServer(file, PORT);
  try {
    const token = await sessionToken(FILL_SHOP);
    const headers = { Authorization: `Bearer ${token}`, "User-Agent": BROWSER, "Accept-Encoding": "gzip" };
    // some traffic first: a page of the Audit Log, as a merchant opens it before exporting
    for (let i = 0; i < 20; i += 1) await (await fetch(`${server.base}/api/audit`, { headers })).arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idle = rssOf(server.pid);
    const peak = rssPeak(server.pid);
    const started = performance.now();
    const response = await fetch(`${server.base}/api/audit/export.csv`, { headers });
    if (response.status !== 200) throw new Error(`The export answered ${response.status}`);
    let newlines = 0;
    let bytes = 0;
    // Node's fetch inflates the gzip body itself
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      for (let i = 0; i < chunk.length; i += 1) if (chunk[i] === 10) newlines += 1;
    }
    const seconds = (performance.now() - started) / 1000;
    const top = peak.stop();
    const rows = newlines - 1;
    console.log(
      `  ${rows.toLocaleString("en-US")} rows (${mb(bytes)} of CSV, gzip on the wire) in ${seconds.toFixed(1)} s: ` +
        `${Math.round(rows / seconds).toLocaleString("en-US")} rows/s (goal ≥ 50,000)`,
    );
    console.log(
      `  server RSS ${mb(idle)} idle after boot and some traffic, ${mb(top)} at the export's peak ` +
        `(+${mb(top - idle)}; budget ≤ 350 MB, growth < 50 MB)`,
    );
    if (rows !== EVENTS) throw new Error(`The export has ${rows} rows, expected ${EVENTS}`);
  } finally {
    await server.stop();
  }
}
