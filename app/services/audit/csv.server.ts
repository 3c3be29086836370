import { HEADER, csvChunk } from "./csv-lines.server";
import { auditBatches, type AuditQuery } from "./log.server";
import { EXPORT_INDEX, sqliteExportFile } from "../../db/audit-export.sql.server";
import { logger } from "../../logger.server";
import {
  CSV_THREADS_BY_DEFAULT,
  prestartCsvThreads,
  threadedExport,
  type ExportFilter,
  type ThreadedExport,
} from "./csv-threads.server";

export { CSV_COLUMNS, csvChunk, csvLine, csvRow } from "./csv-lines.server";

/** An export that reaches this many rows goes on to the threads (below it, one thread is faster). */
export const CSV_THREADS_AFTER = 2000;
/** Rows per range on the threads. */
export const CSV_THREAD_RANGE = 4000;

export interface CsvExportOptions {
  /**
   * false or absent: the main thread only, unless CSV_EXPORT_THREADS=1 in the built server (off by
   * default: the threads' start costs more than a 100k-row export gains, decision 0057's update);
   * else when the export moves to the threads and their range size.
   */
  threads?: false | { afterRows?: number; rangeSize?: number };
}

/**
 * The filtered events as RFC 4180 CSV (CRLF, quotes doubled, formulas neutralised: the bytes
 * csv-stringify wrote), streamed on demand (docs/decisions/0057-csv-at-the-databases-speed.md):
 * the stream reads the next batch only when the client has taken the last one, so a slow client
 * holds the server to one batch in memory, and the request's abort (or the stream's cancel)
 * stops the reads between batches. On SQLite, when asked, an export past CSV_THREADS_AFTER rows continues on
 * the export's threads (app/services/audit/csv-threads.server.ts) once they are ready, after the
 * last row written; if they fail before their first chunk the main thread goes on alone, after
 * it the response ends in error (logged).
 */
export function auditCsvResponse(
  shopId: string,
  query: AuditQuery,
  filename: string,
  signal?: AbortSignal,
  options: CsvExportOptions = {},
): Response {
  const batches = auditBatches(shopId, query);
  // the threads only when asked: CSV_EXPORT_THREADS=1, or the `threads` option (see CsvExportOptions)
  const threads =
    options.threads === false ||
    (options.threads === undefined && (process.env.CSV_EXPORT_THREADS !== "1" || !CSV_THREADS_BY_DEFAULT))
      ? null
      : { afterRows: CSV_THREADS_AFTER, rangeSize: CSV_THREAD_RANGE, ...options.threads };
  const file = threads ? sqliteExportFile() : null;
  if (file) prestartCsvThreads();
  const filter: ExportFilter = { type: query.type, severity: query.severity, q: query.q };
  let threaded: ThreadedExport | null = null;
  let threadedChunks = 0;
  let rows = 0;
  let header = true;
  let stop: (() => void) | null = null;
  const finish = () => {
    if (stop) signal?.removeEventListener("abort", stop);
    stop = null;
    threaded?.close();
    threaded = null;
    void batches.return(undefined).catch(() => undefined);
  };
  /** The next chunk from the threads; null at the end; undefined when they failed before their first. */
  const fromThreads = async (running: ThreadedExport): Promise<Uint8Array | null | undefined> => {
    for (;;) {
      try {
        const bytes = await running.next();
        if (bytes === null || bytes.byteLength > 0) {
          threadedChunks++;
          return bytes;
        }
      } catch (error) {
        if (threadedChunks > 0) throw error;
        logger.warn("CSV export goes on without its threads", {
          error: error instanceof Error ? error.message : String(error),
        });
        threaded = null;
        return undefined;
      }
    }
  };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (!signal) return;
      stop = () => {
        finish();
        controller.error(signal.reason ?? new Error("The request was aborted"));
      };
      if (signal.aborted) stop();
      else signal.addEventListener("abort", stop, { once: true });
    },
    async pull(controller) {
      try {
        if (threaded) {
          const bytes = await fromThreads(threaded);
          if (signal?.aborted) return;
          if (bytes === null) {
            finish();
            controller.close();
            return;
          }
          if (bytes) {
            controller.enqueue(bytes);
            return;
          }
        }
        const next = await batches.next();
        if (signal?.aborted) return;
        let text = header ? HEADER : "";
        header = false;
        if (!next.done) text += csvChunk(next.value);
        if (text) controller.enqueue(Buffer.from(text, "utf8"));
        if (next.done) {
          finish();
          controller.close();
          return;
        }
        rows += next.value.length;
        const last = next.value[next.value.length - 1];
        if (file && threads && rows >= threads.afterRows && last && threadedChunks === 0) {
          // after this batch's last row: the order's key, as the next batch would start
          const start = { createdAt: Number(last[EXPORT_INDEX.createdAt]), id: String(last[EXPORT_INDEX.id]) };
          threaded = threadedExport(file, shopId, filter, start, threads.rangeSize);
        }
      } catch (error) {
        finish();
        controller.error(error);
      }
    },
    cancel() {
      finish();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
}
