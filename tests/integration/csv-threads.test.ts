/**
 * The CSV export on its threads (app/services/audit/csv-threads.server.ts, decision 0057's update
 * of 2026-11-26): the same bytes as the main thread alone, across many range boundaries and with
 * the Audit Log's filters; a slow reader keeps the ranges handed out bounded; an abort terminates
 * the threads; a range that fails rejects with its error and frees the threads.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { recordAuditEvents } from "../../app/services/audit/events.server";
import type { NewAuditEvent } from "../../app/services/audit/events.server";
import { ensureShop } from "../../app/db/shops.server";
import { SEVERITIES } from "../../app/domain/severity";
import { auditCsvResponse, type CsvExportOptions } from "../../app/services/audit/csv.server";
import {
  activeThreadExport,
  CSV_THREAD_AHEAD,
  threadedExport,
  warmCsvThreads,
  type ThreadExportStats,
} from "../../app/services/audit/csv-threads.server";
import type { AuditQuery } from "../../app/services/audit/log.server";

const SHOP = "csv-threads.myshopify.com";
const COUNT = 3000;
const base = new Date("2026-09-01T00:00:00Z").getTime();
const NASTY = ["=SUM(1+1)", 'say "hi", then', "line\nbreak", "-5", "漢字 😀 é", "a\r\nb", "unit\x1fseparator", "plain"];
const TYPES = ["rule_triggered", "rule_created", "alert_sent"] as const;

function event(index: number): NewAuditEvent {
  const nasty = NASTY[index % NASTY.length];
  return {
    eventType: TYPES[index % TYPES.length],
    severity: SEVERITIES[index % 4],
    message: `Order #${7000 + index}: ${nasty}`,
    orderName: `#${7000 + index}`,
    orderId: index % 5 === 0 ? null : `gid://shopify/Order/${7000 + index}`,
    discountCodes: index % 4 === 0 ? [] : [nasty, "SAVE20"],
    discountPercent: index % 6 === 0 ? null : 12.34 + index,
    totalDiscountCents: index % 8 === 0 ? null : 1000 + index * 7,
    preDiscountSubtotalCents: 9999 + index,
    subtotalAfterDiscountCents: 5000 - index,
    marginSavedCents: index % 3 === 0 ? -250 - index : 125 + index,
    marginPercent: index % 9 === 0 ? null : -3.25 + index,
    currency: index % 2 ? "EUR" : "USD",
    ruleKey: index % 2 ? `rule-${index}` : null,
    ruleName: index % 2 ? nasty : null,
    threshold: index % 2 ? 30 + index / 4 : null,
    // runs of events share a timestamp: a range may end inside a run
    createdAt: new Date(base + Math.floor(index / 5) * 60_000),
  };
}

const ALL: AuditQuery = { q: undefined };
const THREADED: CsvExportOptions = { threads: { afterRows: 1, rangeSize: 97 } };

/** The whole body, and whether the threads served any of it. */
async function readAll(response: Response): Promise<{ text: string; threaded: boolean }> {
  const reader = response.body!.getReader();
  const parts: Uint8Array[] = [];
  let threaded = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (activeThreadExport()) threaded = true;
    if (done) break;
    parts.push(value);
  }
  return { text: Buffer.concat(parts).toString("utf8"), threaded };
}

// the threads read SQLite's file; PostgreSQL keeps the single-thread path
const SQLITE = process.env.DATABASE_URL!.startsWith("file:");

describe.skipIf(!SQLITE)("CSV export on threads", () => {
  let shopId: string;
  beforeAll(async () => {
    shopId = (await ensureShop(SHOP)).id;
    const other = await ensureShop("csv-threads-other.myshopify.com");
    await recordAuditEvents(
      shopId,
      Array.from({ length: COUNT }, (_, index) => event(index)),
    );
    await recordAuditEvents(other.id, [event(1), event(2)]);
    expect(await warmCsvThreads()).toBe(true);
  }, 60_000);

  const queries: [string, AuditQuery][] = [
    ["no filter", ALL],
    ["type", { q: undefined, type: "rule_triggered" }],
    ["severity", { q: undefined, severity: "high" }],
    ["search", { q: "order #7" }],
    ["search, type and severity", { q: "sum", type: "rule_created", severity: "medium" }],
    ["nothing found", { q: "no such text anywhere" }],
  ];
  for (const [name, query] of queries) {
    it(`writes the main thread's bytes: ${name}`, async () => {
      const alone = await new Response(
        auditCsvResponse(shopId, query, "a.csv", undefined, { threads: false }).body,
      ).text();
      const both = await readAll(auditCsvResponse(shopId, query, "a.csv", undefined, THREADED));
      expect(both.text).toBe(alone);
      const rows = alone.split("\r\n").length - 2;
      if (name === "no filter") expect(rows).toBeGreaterThan(COUNT);
      // the threads served every export that went past its first batch
      if (rows > 2000) expect(both.threaded).toBe(true);
      expect(activeThreadExport()).toBeNull();
    }, 30_000);
  }

  it("uses the threads past the first batch even with small ranges", async () => {
    const both = await readAll(auditCsvResponse(shopId, ALL, "a.csv", undefined, THREADED));
    expect(both.threaded).toBe(true);
  }, 30_000);

  it("keeps the ranges handed out bounded while the client reads slowly", async () => {
    const response = auditCsvResponse(shopId, ALL, "a.csv", undefined, { threads: { afterRows: 1, rangeSize: 50 } });
    const reader = response.body!.getReader();
    let stats: ThreadExportStats | undefined;
    for (let read = 0; read < 6; read++) {
      await reader.read();
      await new Promise((resolve) => setTimeout(resolve, 100));
      stats = activeThreadExport()?.stats() ?? stats;
      if (stats) expect(stats.dispatched - stats.taken).toBeLessThanOrEqual(CSV_THREAD_AHEAD);
    }
    expect(stats).toBeDefined();
    // far from the 60-odd ranges of the whole export
    expect(stats!.dispatched).toBeLessThanOrEqual(stats!.taken + CSV_THREAD_AHEAD);
    expect(stats!.dispatched).toBeLessThan(20);
    await reader.cancel();
    expect(activeThreadExport()).toBeNull();
  }, 30_000);

  it("terminates the threads when the request is aborted mid-export", async () => {
    // the slow reader's cancel ended the last threads
    expect(await warmCsvThreads()).toBe(true);
    const controller = new AbortController();
    const response = auditCsvResponse(shopId, ALL, "a.csv", controller.signal, THREADED);
    const reader = response.body!.getReader();
    await reader.read();
    await reader.read();
    const running = activeThreadExport();
    expect(running).not.toBeNull();
    const exits = running!.stats().threads.map((thread) => new Promise((resolve) => thread.once("exit", resolve)));
    controller.abort();
    await expect(reader.read()).rejects.toThrow();
    await Promise.all(exits);
    expect(activeThreadExport()).toBeNull();
    // the next export starts new threads and writes the whole file
    expect(await warmCsvThreads()).toBe(true);
    const alone = await new Response(auditCsvResponse(shopId, ALL, "a.csv", undefined, { threads: false }).body).text();
    const again = await readAll(auditCsvResponse(shopId, ALL, "a.csv", undefined, THREADED));
    expect(again.threaded).toBe(true);
    expect(again.text).toBe(alone);
  }, 60_000);

  it("a range that fails rejects the export's next chunk with the thread's error and frees the threads", async () => {
    expect(await warmCsvThreads()).toBe(true);
    const start = { createdAt: Date.now(), id: "zzzz" };
    const running = threadedExport("tests/.tmp/no-such-database.sqlite", shopId, {}, start, 50);
    expect(running).not.toBeNull();
    await expect(running!.next()).rejects.toThrow(/CSV export thread: .*(unable to open|does not exist|no such)/i);
    expect(activeThreadExport()).toBeNull();
    // the next export starts new threads and writes the whole file
    expect(await warmCsvThreads()).toBe(true);
    const alone = await new Response(auditCsvResponse(shopId, ALL, "a.csv", undefined, { threads: false }).body).text();
    const again = await readAll(auditCsvResponse(shopId, ALL, "a.csv", undefined, THREADED));
    expect(again.threaded).toBe(true);
    expect(again.text).toBe(alone);
  }, 60_000);
});
