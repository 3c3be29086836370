/**
 * The CSV export's helper thread (docs/decisions/0070-csv-export-helper-thread.md): it formats the
 * ranges of an export the main thread hands it, on a read-only SQLite connection of its own, and
 * sends back each range's bytes (the buffer transferred, not copied). It loads nothing but
 * better-sqlite3 and the export's pure modules: in production from its own bundle
 * (build/csv-helper-thread.js, scripts/build.mjs), in tests and scripts from this source.
 */
import Database from "better-sqlite3";
import { parentPort, workerData } from "node:worker_threads";
import { readExportParts } from "../../db/audit-export-parts";
import { keptValues } from "../../domain/kept-values";
import { csvChunk } from "./csv-lines";

/** A range to format: the export's SQLite file, and the statement of the range's line parts. */
export interface HelperJob {
  id: number;
  file: string;
  sql: string;
  values: unknown[];
}

export type FromHelper =
  | { type: "ready" }
  | { type: "chunk"; id: number; bytes: Uint8Array }
  | { type: "failed"; id: number; message: string };

/** What the main thread passes at the start. */
export interface HelperData {
  csvHelper: true;
  busyTimeoutMs: number;
}

let open: { file: string; db: Database.Database; generation: number } | null = null;
const statements = keptValues<string, Database.Statement>(40);

/** The thread's connection to `file`, opened on first use (the one before closed if it named another file). */
function connection(file: string, busyTimeoutMs: number): NonNullable<typeof open> {
  if (open?.file === file) return open;
  const generation = (open?.generation ?? 0) + 1;
  open?.db.close();
  const db = new Database(file, { fileMustExist: true, timeout: busyTimeoutMs });
  // this connection only ever reads
  db.pragma("query_only = ON");
  open = { file, db, generation };
  return open;
}

const port = parentPort;
const data = workerData as Partial<HelperData> | null;
if (port && data?.csvHelper) {
  const encoder = new TextEncoder();
  const busyTimeoutMs = data.busyTimeoutMs ?? 5000;
  port.on("message", (job: HelperJob) => {
    try {
      const { db, generation } = connection(job.file, busyTimeoutMs);
      const prepare = (sqlText: string) => statements(`${generation}\n${sqlText}`, () => db.prepare(sqlText).raw(true));
      // one read transaction: the rowids the range read name the same rows in the reads after it
      const records = db.transaction(() => readExportParts(prepare, job.sql, job.values))();
      const bytes = encoder.encode(csvChunk(records));
      port.postMessage({ type: "chunk", id: job.id, bytes } satisfies FromHelper, [bytes.buffer]);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      port.postMessage({ type: "failed", id: job.id, message } satisfies FromHelper);
    }
  });
  port.postMessage({ type: "ready" } satisfies FromHelper);
}
