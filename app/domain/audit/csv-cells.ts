/**
 * A spreadsheet runs a cell that begins with =, +, -, @, a tab or a carriage return as a
 * formula (CSV injection). OWASP's advice: prefix such a cell with a single quote, so it is
 * shown as the text it is. Every CSV the app writes passes its cells through this.
 */
export function neutralizeFormula(cell: string): string {
  switch (cell.charCodeAt(0)) {
    case 0x3d: // =
    case 0x2b: // +
    case 0x2d: // -
    case 0x40: // @
    case 0x09: // tab
    case 0x0d: // carriage return
      return `'${cell}`;
    default:
      return cell;
  }
}
/** A cell that must be quoted in RFC 4180 CSV: it holds a quote, a comma or a line break. */
const NEEDS_QUOTES = /[",\r\n]/;
const QUOTES = /"/g;

/**
 * One CSV cell, formula-safe, quoted only when it must be (quotes inside doubled), byte for
 * byte what csv-stringify writes with `cast: { string: neutralizeFormula }`, a CRLF record
 * delimiter and `quote_record_delimiter` (app/domain/audit/csv-cells.test.ts holds the two together on
 * random cells). Any CR or LF is quoted: a bare one ends the record for Excel and CSV parsers.
 */
export function csvCell(cell: string): string {
  if (cell === "") return cell;
  const safe = neutralizeFormula(cell);
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(QUOTES, '""')}"` : safe;
}

/** One CSV record of formula-safe cells, ended by CRLF. */
export function csvRecord(cells: readonly string[]): string {
  let line = "";
  for (let index = 0; index < cells.length; index++) {
    if (index > 0) line += ",";
    line += csvCell(cells[index]);
  }
  return `${line}\r\n`;
}
