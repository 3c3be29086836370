/**
 * The Audit Log's CSV lines (docs/decisions/0057-csv-at-the-databases-speed.md): an event, as
 * its columns or as its line's parts, to the bytes csv-stringify wrote. No Prisma and no server
 * module: the export's helper thread formats with these too
 * (docs/decisions/0070-csv-export-helper-thread.md).
 */
import { codesOf } from "../../domain/audit-view";
import { centsCell, csvCell, csvRecord, isoTime } from "../../domain/csv-cells";
import { keptValues } from "../../domain/kept-values";
import { EXPORT_INDEX, isExportParts, PARTS_INDEX, type AuditExportRecord } from "../../db/audit-export-parts";

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

const tenth = (value: unknown) => (value === null || value === undefined ? "" : Number(value).toFixed(1));
const plain = (value: unknown) =>
  typeof value === "string" ? value : value === null || value === undefined ? "" : String(value);

function codes(value: unknown): string {
  if (value === "[]" || value === null || value === undefined) return "";
  return codesOf(typeof value === "string" ? JSON.parse(value) : value).join(" ");
}

const at = EXPORT_INDEX;

export const HEADER = csvRecord(CSV_COLUMNS);

/** A figure's cell: never quoted (no comma, quote or line break), neutralised when negative. */
const figure = (text: string) => (text.charCodeAt(0) === 0x2d ? `'${text}` : text);

/** The discount codes' cell by their JSON text: a shop's events repeat a few lists of codes. */
const codesCells = keptValues<string, string>(1000);
const codesCell = (value: unknown) =>
  typeof value === "string" ? codesCells(value, () => csvCell(codes(value))) : csvCell(codes(value));

const time = (value: unknown) =>
  typeof value === "number"
    ? isoTime(value)
    : (value instanceof Date ? value : new Date(Number(value as bigint))).toISOString();

/** Where a row's figures and last cells sit: in a record of columns (EXPORT_INDEX) or in line parts (PARTS_INDEX). */
type CellIndex = Record<
  | "discountPercent"
  | "totalDiscountCents"
  | "preDiscountSubtotalCents"
  | "subtotalAfterDiscountCents"
  | "marginSavedCents"
  | "marginPercent"
  | "threshold"
  | "message",
  number
>;

/** The cells discount_percent to margin_percent, comma-separated. */
function figureCells(row: AuditExportRecord, index: CellIndex): string {
  return (
    figure(tenth(row[index.discountPercent])) +
    "," +
    centsCell(row[index.totalDiscountCents]) +
    "," +
    centsCell(row[index.preDiscountSubtotalCents]) +
    "," +
    centsCell(row[index.subtotalAfterDiscountCents]) +
    "," +
    centsCell(row[index.marginSavedCents]) +
    "," +
    figure(tenth(row[index.marginPercent]))
  );
}

/** The threshold and message cells, and the record's end. */
function lastCells(row: AuditExportRecord, index: CellIndex): string {
  return csvCell(plain(row[index.threshold])) + "," + csvCell(plain(row[index.message])) + "\r\n";
}

/** One event's CSV record, its cells in CSV_COLUMNS order, formula-safe and quoted as csvRecord does (the export's hot loop). */
export function csvLine(record: AuditExportRecord): string {
  return (
    time(record[at.createdAt]) +
    "," +
    csvCell(plain(record[at.eventType])) +
    "," +
    csvCell(plain(record[at.severity])) +
    "," +
    csvCell(plain(record[at.orderName])) +
    "," +
    csvCell(plain(record[at.orderId])) +
    "," +
    codesCell(record[at.discountCodes]) +
    "," +
    figureCells(record, at) +
    "," +
    csvCell(plain(record[at.currency])) +
    "," +
    csvCell(plain(record[at.ruleKey])) +
    "," +
    csvCell(plain(record[at.ruleName])) +
    "," +
    lastCells(record, at)
  );
}

const part = PARTS_INDEX;

/**
 * One event's CSV record from its line's parts (SQLite's rows, audit-export.sql.server.ts): the
 * joined text cells are plain already, so only the time, the codes, the figures and the message
 * are formatted here, as csvLine formats them.
 */
function partsLine(parts: AuditExportRecord): string {
  return (
    time(parts[part.createdAt]) +
    (parts[part.head] as string) +
    codesCell(parts[part.discountCodes]) +
    "," +
    figureCells(parts, part) +
    (parts[part.middle] as string) +
    lastCells(parts, part)
  );
}

/** A batch of events as CSV text: one string per batch, not one write per row. */
export function csvChunk(records: readonly AuditExportRecord[]): string {
  let chunk = "";
  for (const record of records) chunk += isExportParts(record) ? partsLine(record) : csvLine(record);
  return chunk;
}
