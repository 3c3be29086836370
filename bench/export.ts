/**
 * npm run bench -- export: the Audit Log's CSV export of 1,000,000 events (BENCH_EVENTS) through
 * the production server on SQLite, as the embedded app downloads it (gzip, a session token): rows
 * per second, and the server's resident memory after boot and at its peak during the export, read
 * from outside (docs/benchmarks.md#csv-export).
 */
import path from "node:path";
import Database from "better-sqlite3";
import { DEFAULT_SCOPES } from "../app/env.server";
import { formatCount } from "../app/domain/money";
import { TMP_DIR } from "../scripts/migrations";
import { fillAuditEvents } from "./fill";
import { BROWSER, mb, rssOf, rssPeak, sessionToken, startBenchServer } from "./setup";

const EVENTS = Number(process.env.BENCH_EVENTS || 1_000_000);
const PORT = Number(process.env.BENCH_PORT || 3250) + 30;
const FILL_SHOP = "bench.myshopify.com";

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
  console.log(`\nCSV export of ${formatCount(EVENTS)} audit events (filled in ${fillSeconds.toFixed(0)} s)`);
  const server = await startBenchServer(file, PORT);
  try {
    const token = await sessionToken(FILL_SHOP);
    const headers = { Authorization: `Bearer ${token}`, "User-Agent": BROWSER, "Accept-Encoding": "gzip" };
    // some traffic first: a page of the Audit Log, as a merchant opens it before exporting
    for (let i = 0; i < 20; i += 1) await (await fetch(`${server.base}/api/audit`, { headers })).arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idle = rssOf(server.pid);
    const peak = rssPeak([server.pid]);
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
    const [top] = peak.stop();
    const rows = newlines - 1;
    console.log(
      `  ${formatCount(rows)} rows (${mb(bytes)} of CSV, gzip on the wire) in ${seconds.toFixed(1)} s: ` +
        `${formatCount(Math.round(rows / seconds))} rows/s (goal ≥ 50,000)`,
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
