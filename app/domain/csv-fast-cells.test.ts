// The export's hot-loop formatters give the very characters of what they replace
// (docs/decisions/0057-csv-at-the-databases-speed.md, its update): isoTime is Date's toISOString, centsCell
// is `(cents / 100).toFixed(2)` with a negative figure neutralised.
import { describe, expect, it } from "vitest";
import { centsCell, csvCell, isoTime, plainCells } from "./csv-cells";
import { seededRandom } from "./seeded-random";

const toFixedCell = (cents: number) => {
  const text = (cents / 100).toFixed(2);
  return text.startsWith("-") ? `'${text}` : text;
};

describe("isoTime", () => {
  it("equals toISOString on random times, day edges, negative times and years past 9999", () => {
    const random = seededRandom(59);
    const times = [0, -1, 1, 86_399_999, 86_400_000, -86_400_000, -86_400_001, 8.64e15, -8.64e15, 253_402_300_800_000];
    for (let index = 0; index < 5_000; index += 1) {
      const span = [1e9, 1e12, 2e12, 8e15][index % 4]!;
      times.push(Math.round((random() * 2 - 1) * span));
    }
    for (const ms of times) expect(isoTime(ms), String(ms)).toBe(new Date(ms).toISOString());
    // in order, as an export reads them: the day's prefix is reused
    const start = 1_764_000_000_000;
    for (let ms = start; ms < start + 3 * 86_400_000; ms += 997_331)
      expect(isoTime(ms)).toBe(new Date(ms).toISOString());
  });

  it("leaves fractions and out-of-range times to Date (which throws outside its range)", () => {
    expect(isoTime(1.5)).toBe(new Date(1.5).toISOString());
    expect(() => isoTime(8.64e15 + 1)).toThrow(RangeError);
    expect(() => isoTime(Number.NaN)).toThrow(RangeError);
  });
});

describe("centsCell", () => {
  it("equals toFixed(2) of cents / 100, negative figures neutralised, across magnitudes", () => {
    const random = seededRandom(33);
    const values = [0, 1, -1, 5, -5, 99, -99, 100, -100, 105, 1_005, -1_005, 999_999_999_999_999, -999_999_999_999_999];
    for (let index = 0; index < 20_000; index += 1) {
      const magnitude = 10 ** Math.floor(random() * 16);
      values.push(Math.round((random() * 2 - 1) * magnitude));
    }
    for (const cents of values) expect(centsCell(cents), String(cents)).toBe(toFixedCell(cents));
  });

  it("is empty for NULL and takes toFixed for what is not whole cents", () => {
    expect(centsCell(null)).toBe("");
    expect(centsCell(undefined)).toBe("");
    expect(centsCell(12.5)).toBe(toFixedCell(12.5));
    expect(centsCell(-0.4)).toBe(toFixedCell(-0.4));
    expect(centsCell(1e17)).toBe(toFixedCell(1e17));
    expect(centsCell(BigInt(1234))).toBe("12.34");
  });
});

describe("plainCells", () => {
  it("is true exactly when csvCell leaves each of the cells as it is", () => {
    const random = seededRandom(61);
    const alphabet = ["a", "B", "7", " ", ",", '"', "\r", "\n", "=", "+", "-", "@", "\t", "'", "é", "😀", "\x1f"];
    for (let index = 0; index < 5_000; index += 1) {
      const count = 1 + (index % 5);
      const cells = Array.from({ length: count }, () =>
        Array.from({ length: Math.floor(random() * 4) }, () => alphabet[Math.floor(random() * alphabet.length)]).join(
          "",
        ),
      );
      const joined = `,${cells.join(",")},`;
      // the joined text is plain cells only when it splits back into these cells and none changes
      const expected = cells.every((cell) => !cell.includes(",") && csvCell(cell) === cell);
      expect(plainCells(joined, count), JSON.stringify(cells)).toBe(expected);
    }
  });

  it("counts the cells: one comma more or less is not plain", () => {
    expect(plainCells(",a,b,", 2)).toBe(true);
    expect(plainCells(",a,b,", 3)).toBe(false);
    expect(plainCells(",a,b,c,", 2)).toBe(false);
    expect(plainCells(",,,", 2)).toBe(true);
    expect(plainCells(",a,b", 2)).toBe(false);
  });
});
