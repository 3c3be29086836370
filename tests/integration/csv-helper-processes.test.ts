// The CSV export's helper thread (docs/decisions/0070-csv-export-helper-thread.md): the ranges it
// formats come out byte for byte as csv-stringify wrote them, with every filter; an export goes on
// on the main thread when the helper fails; an idle helper holds no process open; the production
// bundle of the thread loads and formats on its own.
import { spawnSync } from "node:child_process";
import path from "node:path";
import url from "node:url";
import { Worker } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureShop } from "../../app/db/shops.server";
import { sqliteExportFile, sqliteRangeQuery } from "../../app/db/audit-export.sql.server";
import { recordAuditEvents } from "../../app/services/audit/events.server";
import { auditCsvChunks } from "../../app/services/audit/csv-chunks.server";
import { csvHelperStats, stopCsvHelper, warmCsvHelper } from "../../app/services/audit/csv-helper.server";
import type { FromHelper, HelperData, HelperJob } from "../../app/services/audit/csv-helper-thread";
import { HEADER } from "../../app/services/audit/csv-lines";
import type { AuditQuery } from "../../app/services/audit/log.server";
import { ensureBuild } from "../helpers/app-server";
import { event, expectedCsv } from "../helpers/audit-csv";

/** Events per range: 90 events make 18 ranges, so the helper takes many of them. */
const RANGE = 5;
const COUNT = 90;

const decoded = (chunk: string | Uint8Array) =>
  typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");

/** The export's text, read range by range as the response reads it. */
async function exportText(shopId: string, query: AuditQuery = { q: undefined }): Promise<string> {
  let text = HEADER;
  for await (const chunk of auditCsvChunks(shopId, query, RANGE)) text += decoded(chunk);
  return text;
}

// the helper reads SQLite's file; on PostgreSQL the export keeps its batches through Prisma, which
// audit-export.test.ts covers there
describe.skipIf(process.env.TEST_POSTGRES_URL)("CSV export helper thread", () => {
  let shopId: string;
  beforeAll(async () => {
    shopId = (await ensureShop("csv-helper.myshopify.com")).id;
    await recordAuditEvents(
      shopId,
      Array.from({ length: COUNT }, (_, index) => event(index)),
    );
  });
  afterAll(async () => {
    await stopCsvHelper();
  });

  it("formats ranges with the bytes csv-stringify wrote, with every filter", async () => {
    expect(await warmCsvHelper()).toBe(true);
    const before = csvHelperStats().ranges;
    expect(await exportText(shopId)).toBe(await expectedCsv(shopId, {}));
    // the helper took a share of the 18 ranges, not all and not none
    const taken = csvHelperStats().ranges - before;
    expect(taken).toBeGreaterThan(2);
    expect(taken).toBeLessThan(Math.ceil(COUNT / RANGE));
    const queries: AuditQuery[] = [
      { q: undefined, severity: "high" },
      { q: undefined, type: "rule_triggered" },
      { q: "say" },
      { type: "alert_sent", severity: "critical", q: "order" },
    ];
    for (const query of queries) {
      expect(await exportText(shopId, query), JSON.stringify(query)).toBe(await expectedCsv(shopId, query));
    }
  });

  it("finishes on the main thread when the helper fails mid-export", async () => {
    expect(await warmCsvHelper()).toBe(true);
    const chunks = auditCsvChunks(shopId, { q: undefined }, RANGE);
    const first = await chunks.next();
    expect(first.done).toBe(false);
    // ranges are in the helper's hands now; ending it rejects them
    await stopCsvHelper();
    let text = HEADER + decoded(first.value as string | Uint8Array);
    for await (const chunk of { [Symbol.asyncIterator]: () => chunks }) text += decoded(chunk);
    expect(text).toBe(await expectedCsv(shopId, {}));
    // from the source, no helper starts again unless asked: the next export is the main thread's
    const before = csvHelperStats();
    expect(await exportText(shopId)).toBe(await expectedCsv(shopId, {}));
    expect(csvHelperStats()).toEqual({ ...before, ready: false });
  });

  it("leaves a process free to end once the export is done", async () => {
    const script = path.resolve("tests/fixtures/csv-helper-exit.ts");
    const run = spawnSync(process.execPath, ["--import", "tsx", script, shopId], {
      env: process.env,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.signal, run.stderr).toBeNull();
    expect(run.status, run.stderr).toBe(0);
    const printed = JSON.parse(run.stdout.trim()) as { bytes: number; ranges: number };
    expect(printed.bytes).toBe(Buffer.byteLength(await expectedCsv(shopId, {})) - Buffer.byteLength(HEADER));
    expect(printed.ranges).toBeGreaterThan(0);
  }, 90_000);

  it("runs from the production bundle, which loads on its own", async () => {
    ensureBuild();
    const bundle = url.pathToFileURL(path.resolve("build/csv-helper-thread.js")).href;
    const workerData: HelperData = { csvHelper: true, busyTimeoutMs: 5000 };
    const worker = new Worker(`import(${JSON.stringify(bundle)})`, { eval: true, workerData });
    try {
      const messages: FromHelper[] = [];
      const next = () =>
        new Promise<FromHelper>((resolve, reject) => {
          worker.once("message", resolve);
          worker.once("error", reject);
        });
      messages.push(await next());
      expect(messages[0]).toEqual({ type: "ready" });
      const query = sqliteRangeQuery(shopId, {}, null, null);
      const job: HelperJob = { id: 7, file: sqliteExportFile()!, sql: query.sql, values: query.values };
      worker.postMessage(job);
      const answer = await next();
      expect(answer.type).toBe("chunk");
      if (answer.type !== "chunk") return;
      expect(answer.id).toBe(7);
      expect(HEADER + decoded(answer.bytes)).toBe(await expectedCsv(shopId, {}));
      // a statement that fails is answered, not thrown
      worker.postMessage({ ...job, id: 8, sql: "SELECT nothing FROM nowhere" } satisfies HelperJob);
      expect(await next()).toMatchObject({ type: "failed", id: 8 });
    } finally {
      await worker.terminate();
    }
  });
});
