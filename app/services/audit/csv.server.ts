import { auditCsvChunks } from "./csv-chunks.server";
import { HEADER } from "./csv-lines";
import type { AuditQuery } from "./log.server";

export { CSV_COLUMNS, csvChunk, csvLine } from "./csv-lines";

/**
 * The filtered events as RFC 4180 CSV (CRLF, quotes doubled, formulas neutralised: the bytes
 * csv-stringify wrote), streamed on demand (docs/decisions/0057-csv-at-the-databases-speed.md):
 * the stream reads the next chunk only when the client has taken the last one, so a slow client
 * holds the server to two ranges in memory, and the request's abort (or the stream's cancel)
 * stops the reads between batches.
 */
export function auditCsvResponse(shopId: string, query: AuditQuery, filename: string, signal?: AbortSignal): Response {
  const batches = auditCsvChunks(shopId, query);
  let header = true;
  let stop: (() => void) | null = null;
  const finish = () => {
    if (stop) signal?.removeEventListener("abort", stop);
    stop = null;
    void batches.return(undefined).catch(() => undefined);
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
        const next = await batches.next();
        if (signal?.aborted) return;
        const chunk = next.done ? "" : next.value;
        if (typeof chunk === "string") {
          const text = header ? HEADER + chunk : chunk;
          if (text) controller.enqueue(Buffer.from(text, "utf8"));
        } else {
          if (header) controller.enqueue(Buffer.from(HEADER, "utf8"));
          controller.enqueue(chunk);
        }
        header = false;
        if (next.done) {
          finish();
          controller.close();
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
