// The CSV export (app/services/audit/csv.server.ts): the bytes csv-stringify writes over Prisma's rows,
// across batch boundaries and with every filter; a slow client holds it to a batch or two; the
// request's abort stops the reads.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { event, expectedCsv } from "../helpers/audit-csv";
import { recordAuditEvents } from "../../app/services/audit/events.server";
import { ensureShop } from "../../app/db/shops.server";
import type * as LogModule from "../../app/services/audit/log.server";
import type { AuditQuery } from "../../app/services/audit/log.server";

/** Batches read so far, and how many exports' reads were closed. */
const reads = { batches: 0, closed: 0 };
const BATCH = 7;

vi.mock("../../app/services/audit/log.server", async (importOriginal) => {
  const original = await importOriginal<typeof LogModule>();
  return {
    ...original,
    // small batches, so 60-odd events cross many batch boundaries; each batch is counted
    async *auditBatches(...args: Parameters<typeof original.auditBatches>) {
      try {
        for await (const batch of original.auditBatches(args[0], args[1], BATCH)) {
          reads.batches++;
          yield batch;
        }
      } finally {
        reads.closed++;
      }
    },
  };
});

const { auditCsvResponse } = await import("../../app/services/audit/csv.server");

const SHOP = "audit-export.myshopify.com";
const COUNT = 64;

describe("CSV export", () => {
  let shopId: string;
  beforeAll(async () => {
    shopId = (await ensureShop(SHOP)).id;
    const other = await ensureShop("audit-export-other.myshopify.com");
    await recordAuditEvents(
      shopId,
      Array.from({ length: COUNT }, (_, index) => event(index)),
    );
    await recordAuditEvents(other.id, [event(1)]);
  });

  it("writes every event once, newest first, across batch boundaries", async () => {
    reads.batches = 0;
    const csv = await auditCsvResponse(shopId, { q: undefined }, "audit.csv").text();
    expect(csv).toBe(await expectedCsv(shopId, {}));
    expect(csv.split("\r\n").length).toBeGreaterThan(COUNT);
    // 64 events in batches of 7: ten batches, the last one short
    expect(reads.batches).toBe(Math.ceil(COUNT / BATCH));
  });

  it("writes what JavaScript would for codes that are not a plain list and for odd figures", async () => {
    const odd = (await ensureShop("audit-export-odd.myshopify.com")).id;
    const codes: unknown[] = [
      ["A", 5, "B"],
      { code: "X" },
      "STR",
      ["a,b", "c"],
      ['q"uote'],
      ["back\\slash"],
      [""],
      ["", "Z"],
      ["é 😀", "\u2028"],
      [" =X"],
      ["-5"],
      ["]", "["],
      [],
    ];
    const figures = [-0.04, 12.345, 1e21, -7, 0.15, 2.675, 99999999999.95];
    await recordAuditEvents(
      odd,
      codes.map((value, index) => ({
        ...event(4 * index),
        discountCodes: value as string[],
        discountPercent: figures[index % figures.length],
        marginPercent: figures[(index + 3) % figures.length],
        threshold: figures[(index + 1) % figures.length],
        ruleName: index % 2 ? "Max 30% off" : null,
        message: "Order took 35.0% off, above the 30% limit",
      })),
    );
    const csv = await auditCsvResponse(odd, { q: undefined }, "audit.csv").text();
    expect(csv).toBe(await expectedCsv(odd, {}));
  });

  it("applies the Audit Log's filters: search, type and minimum severity", async () => {
    const queries: AuditQuery[] = [
      { q: undefined, severity: "high" },
      { q: undefined, type: "rule_triggered" },
      { q: "say" },
      { q: "#5012" },
      { q: "nothing-matches" },
      { type: "alert_sent", severity: "critical", q: "order" },
    ];
    for (const query of queries) {
      const csv = await auditCsvResponse(shopId, query, "audit.csv").text();
      expect(csv, JSON.stringify(query)).toBe(await expectedCsv(shopId, query));
    }
  });

  it("reads a batch only when the client has taken the last one", async () => {
    reads.batches = 0;
    const response = auditCsvResponse(shopId, { q: undefined }, "audit.csv");
    await new Promise((resolve) => setTimeout(resolve, 50));
    // nothing read by the client: at most the batch in hand and the one queued ahead
    expect(reads.batches).toBeLessThanOrEqual(2);
    const reader = response.body!.getReader();
    await reader.read();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads.batches).toBeLessThanOrEqual(3);
    await reader.cancel();
  });

  it("stops reading when the request is aborted", async () => {
    reads.batches = 0;
    const closedBefore = reads.closed;
    const controller = new AbortController();
    const response = auditCsvResponse(shopId, { q: undefined }, "audit.csv", controller.signal);
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toMatch(/^created_at,event_type,/);
    controller.abort();
    await expect(reader.read()).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const after = reads.batches;
    expect(after).toBeLessThan(Math.ceil(COUNT / BATCH));
    expect(reads.closed).toBe(closedBefore + 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads.batches).toBe(after);
  });

  it("an export of a request already aborted reads nothing", async () => {
    reads.batches = 0;
    const controller = new AbortController();
    controller.abort();
    const response = auditCsvResponse(shopId, { q: undefined }, "audit.csv", controller.signal);
    await expect(response.text()).rejects.toThrow();
    expect(reads.batches).toBe(0);
  });
});
