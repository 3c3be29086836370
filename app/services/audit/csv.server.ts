import { codesOf } from "../../domain/audit/audit-view";
import { csvRecord } from "../../domain/audit/csv-cells";
import { centsToDecimal } from "../../domain/money";
import type { AuditExportRow } from "../../db/audit-export.sql.server";
import { auditBatches, type AuditQuery } from "./log.server";

export const CSV_COLUMNS = [
  "created_at",
  "event_type",
  "severity",
  "order_name",
  "order_id",
  "discount_codes",
  "discount_percent",
  "total_discount",
  "pre_discount_subtotal",
  "subtotal_after_discount",
  // the event's discount above its rule's limit (flagged or saved is the order's, not the event's:
  // docs/product.md#what-the-figures-count); "margin_saved" until it was named for what it is
  "overage",
  "margin_percent",
  "currency",
  "rule_key",
  "rule_name",
  "threshold",
  "message",
] as const;

const HEADER = csvRecord(CSV_COLUMNS);

const text = (value: unknown) => (value === null || value === undefined ? "" : String(value));
const cents = (value: unknown) => (value === null || value === undefined ? "" : centsToDecimal(Number(value)));
const tenth = (value: unknown) => (value === null || value === undefined ? "" : Number(value).toFixed(1));
const time = (value: unknown) => (value instanceof Date ? value : new Date(Number(value))).toISOString();
const codes = (json: unknown) => codesOf(typeof json === "string" ? JSON.parse(json) : json).join(" ");

/** One event's CSV record: its cells in CSV_COLUMNS order, from its AUDIT_EXPORT_COLUMNS values. */
function csvLine(row: AuditExportRow): string {
  const [createdAt, eventType, severity, orderName, orderId, discountCodes, discountPercent, totalDiscount] = row;
  const [preDiscount, afterDiscount, overage, marginPercent, currency, ruleKey, ruleName, threshold, message] =
    row.slice(8);
  return csvRecord([
    time(createdAt),
    text(eventType),
    text(severity),
    text(orderName),
    text(orderId),
    codes(discountCodes),
    tenth(discountPercent),
    cents(totalDiscount),
    cents(preDiscount),
    cents(afterDiscount),
    cents(overage),
    tenth(marginPercent),
    text(currency),
    text(ruleKey),
    text(ruleName),
    text(threshold),
    text(message),
  ]);
}

/**
 * The filtered events as RFC 4180 CSV (CRLF, quotes doubled, formulas neutralised: the bytes
 * csv-stringify writes), streamed on demand: the stream reads the next batch only when the client
 * has taken the last one, so a slow client holds the server to a batch in memory, and the
 * request's abort (or the stream's cancel) stops the reads between batches.
 */
export function auditCsvResponse(shopId: string, query: AuditQuery, filename: string, signal?: AbortSignal): Response {
  const batches = auditBatches(shopId, query);
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
        let chunk = header ? HEADER : "";
        header = false;
        if (!next.done) for (const row of next.value) chunk += csvLine(row);
        if (chunk) controller.enqueue(Buffer.from(chunk, "utf8"));
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
