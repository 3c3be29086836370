import { once } from "node:events";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { stringify } from "csv-stringify";
import { codesOf } from "../../domain/audit-view";
import { neutralizeFormula } from "../../domain/csv-cells";
import { auditBatches, type AuditExportRow, type AuditQuery } from "./log.server";

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
  "margin_saved",
  "margin_percent",
  "currency",
  "rule_key",
  "rule_name",
  "threshold",
  "message",
] as const;

const amount = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(2));

const codes = (value: unknown) => codesOf(typeof value === "string" ? JSON.parse(value) : value).join(" ");

export function csvRow(event: AuditExportRow): string[] {
  return [
    new Date(Number(event.createdAt)).toISOString(),
    event.eventType,
    event.severity,
    event.orderName ?? "",
    event.orderId ?? "",
    codes(event.discountCodes),
    event.discountPercent === null ? "" : event.discountPercent.toFixed(1),
    amount(event.totalDiscountCents),
    amount(event.preDiscountSubtotalCents),
    amount(event.subtotalAfterDiscountCents),
    amount(event.marginSavedCents),
    event.marginPercent === null ? "" : event.marginPercent.toFixed(1),
    event.currency,
    event.ruleKey ?? "",
    event.ruleName ?? "",
    event.threshold === null ? "" : String(event.threshold),
    event.message,
  ];
}

/**
 * The filtered events as RFC 4180 CSV (csv-stringify: CRLF, quotes doubled, formulas
 * neutralised), streamed: rows
 * are read in batches and written as the client takes them.
 */
export function auditCsvResponse(shopId: string, query: AuditQuery, filename: string): Response {
  const csv = stringify({
    header: true,
    columns: [...CSV_COLUMNS],
    record_delimiter: "\r\n",
    // rule names, codes and messages come from merchants and customers: no formulas
    cast: { string: neutralizeFormula },
  });
  void (async () => {
    try {
      for await (const batch of auditBatches(shopId, query)) {
        for (const event of batch) {
          if (!csv.write(csvRow(event))) await once(csv, "drain");
        }
      }
      csv.end();
    } catch (error) {
      csv.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return new Response(createReadableStreamFromReadable(csv), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
}
