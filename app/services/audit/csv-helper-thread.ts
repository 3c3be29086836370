/**
 * The CSV export's helper thread (docs/decisions/0070-csv-export-helper-thread.md): it formats the
 * ranges of an export the main thread hands it, on a read-only SQLite connection of its own, and
 * sends back each range's bytes (the buffer transferred, not copied). It loads nothing but
 * better-sqlite3 and the export's pure modules: in production from its own bundle
 * (build/csv-helper-thread.js, scripts/build.mjs), in tests and scripts from this source.
 */
import { parentPort, workerData } from "node:worker_threads";
import { exportConnections, readExportParts } from "../../db/audit-export-parts";
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

const port = parentPort;
const data = workerData as Partial<HelperData> | null;
if (port && data?.csvHelper) {
  const encoder = new TextEncoder();
  const connection = exportConnections(data.busyTimeoutMs ?? 5000);
  port.on("message", (job: HelperJob) => {
    try {
      const records = readExportParts(connection(job.file), job.sql, job.values);
      const bytes = encoder.encode(csvChunk(records));
      port.postMessage({ type: "chunk", id: job.id, bytes } satisfies FromHelper, [bytes.buffer]);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      port.postMessage({ type: "failed", id: job.id, message } satisfies FromHelper);
    }
  });
  port.postMessage({ type: "ready" } satisfies FromHelper);
}
