/**
 * A spreadsheet runs a cell that begins with =, +, -, @, a tab or a carriage return as a
 * formula (CSV injection). OWASP's advice: prefix such a cell with a single quote, so it is
 * shown as the text it is. Every CSV the app writes passes its cells through this.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutralizeFormula(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}
