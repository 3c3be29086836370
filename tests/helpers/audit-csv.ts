// The CSV export's test events, and what csv-stringify writes for them over Prisma's rows: the
// export's own formatter (app/services/audit/csv.server.ts) must write the same bytes.
import { stringify } from "csv-stringify/sync";
import type { AuditEvent } from "@prisma/client";
import prisma from "../../app/db.server";
import type { NewAuditEvent } from "../../app/services/audit/events.server";
import { codesOf } from "../../app/domain/audit/audit-view";
import { neutralizeFormula } from "../../app/domain/audit/csv-cells";
import { centsToDecimal } from "../../app/domain/money";
import { severitiesAtLeast, SEVERITIES } from "../../app/domain/severity";
import { CSV_COLUMNS } from "../../app/services/audit/csv.server";

const base = new Date("2026-10-01T00:00:00Z").getTime();
const NASTY = [
  "=SUM(1+1)",
  'say "hi", then',
  "line\nbreak",
  "cr\rhere",
  "-5",
  "@who",
  "漢字 😀 é",
  "a\r\nb",
  "+1",
  "\tx",
  "unit\x1fseparator",
];
const TYPES = ["rule_triggered", "rule_created", "alert_sent"] as const;

/** The index-th test event: text a CSV must quote or neutralise, NULLs, negatives, shared times. */
export function event(index: number): NewAuditEvent {
  const nasty = NASTY[index % NASTY.length];
  return {
    eventType: TYPES[index % TYPES.length],
    severity: SEVERITIES[index % 4],
    message: `Order #${5000 + index}: ${nasty}`,
    orderName: `#${5000 + index}`,
    orderId: index % 5 === 0 ? null : `gid://shopify/Order/${5000 + index}`,
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
    // runs of events share a timestamp: the keyset must neither skip nor repeat one
    createdAt: new Date(base + Math.floor(index / 3) * 60_000),
  };
}

/** csv-stringify over Prisma's rows, line breaks quoted: the bytes the export must write. */
export async function expectedCsv(
  shopId: string,
  where: { q?: string; type?: string; severity?: (typeof SEVERITIES)[number] },
) {
  const events: AuditEvent[] = await prisma.auditEvent.findMany({
    where: {
      shopId,
      ...(where.type ? { eventType: where.type } : {}),
      ...(where.severity ? { severity: { in: severitiesAtLeast(where.severity) } } : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  const amount = (cents: number | null) => (cents === null ? "" : centsToDecimal(cents));
  const rows = events
    .filter((item) => !where.q || item.searchText.includes(where.q.toLowerCase()))
    .map((item) => [
      item.createdAt.toISOString(),
      item.eventType,
      item.severity,
      item.orderName ?? "",
      item.orderId ?? "",
      codesOf(item.discountCodes).join(" "),
      item.discountPercent === null ? "" : item.discountPercent.toFixed(1),
      amount(item.totalDiscountCents),
      amount(item.preDiscountSubtotalCents),
      amount(item.subtotalAfterDiscountCents),
      amount(item.marginSavedCents),
      item.marginPercent === null ? "" : item.marginPercent.toFixed(1),
      item.currency,
      item.ruleKey ?? "",
      item.ruleName ?? "",
      item.threshold === null ? "" : String(item.threshold),
      item.message,
    ]);
  return stringify(rows, {
    header: true,
    columns: [...CSV_COLUMNS],
    record_delimiter: "\r\n",
    quote_record_delimiter: true,
    cast: { string: neutralizeFormula },
  });
}
