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
 * delimiter and `quote_record_delimiter` (app/domain/csv-cells.test.ts holds the two together on
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

/** By cell count: the pattern of `count` plain cells, each after a comma, and a last comma. */
const PLAIN_CELLS = new Map<number, RegExp>();

/**
 * Whether `text` is `count` cells, each after a comma, then a comma, none of which csvCell
 * would change: no quote, comma, CR or LF inside, no formula's first character. SQLite joins the
 * export's text cells so (docs/decisions/0057-csv-at-the-databases-speed.md); a row whose join is
 * not plain is written cell by cell instead.
 */
export function plainCells(text: string, count: number): boolean {
  let pattern = PLAIN_CELLS.get(count);
  if (!pattern) {
    pattern = new RegExp(`^(?:,(?![=+\\-@\\t\\r])[^,"\\r\\n]*){${count}},$`);
    PLAIN_CELLS.set(count, pattern);
  }
  return pattern.test(text);
}

const DAY_MS = 86_400_000;
const TWO_DIGITS = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, "0"));
const THREE_DIGITS = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, "0"));
/** The last day's "YYYY-MM-DDT" (an export's rows come a day at a time). */
let lastDay = { day: Number.NaN, prefix: "" };

/**
 * `new Date(ms).toISOString()`, the same characters, for the export's hot loop: the date part
 * is made once per day, the time of day from tables. A time that is not a whole number of
 * milliseconds in the range Date can hold is left to toISOString (which throws outside it).
 */
export function isoTime(ms: number): string {
  if (!Number.isInteger(ms) || Math.abs(ms) > 8.64e15) return new Date(ms).toISOString();
  const day = Math.floor(ms / DAY_MS);
  if (day !== lastDay.day) {
    const iso = new Date(day * DAY_MS).toISOString();
    lastDay = { day, prefix: iso.slice(0, iso.indexOf("T") + 1) };
  }
  let rest = ms - day * DAY_MS;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  return `${lastDay.prefix}${TWO_DIGITS[hours]}:${TWO_DIGITS[minutes]}:${TWO_DIGITS[seconds]}.${THREE_DIGITS[rest - seconds * 1000]}Z`;
}

/**
 * A figure in cents as its CSV cell: `(cents / 100).toFixed(2)`, neutralised when negative (a
 * leading minus is a formula's), by integer arithmetic for whole cents below 2^53 / 100's
 * precision limit; anything else takes toFixed. Empty for NULL.
 */
export function centsCell(cents: unknown): string {
  if (cents === null || cents === undefined) return "";
  if (typeof cents === "number" && Number.isInteger(cents) && Math.abs(cents) < 1e15) {
    const whole = cents < 0 ? -cents : cents;
    const units = Math.floor(whole / 100);
    return `${cents < 0 ? "'-" : ""}${units}.${TWO_DIGITS[whole - units * 100]}`;
  }
  const text = (Number(cents) / 100).toFixed(2);
  return text.charCodeAt(0) === 0x2d ? `'${text}` : text;
}
