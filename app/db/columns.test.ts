import { describe, expect, it } from "vitest";
import { fromSqlInt, fromSqlJson, fromSqlTime, toSqlJson, toSqlTime } from "./columns";

describe("raw SQL column conversions", () => {
  it("binds timestamps as Unix milliseconds and reads them back", () => {
    const at = new Date("2026-11-22T05:00:00.000Z");
    expect(toSqlTime(at)).toBe(at.getTime());
    expect(toSqlTime("2026-11-22T05:00:00.000Z")).toBe(at.getTime());
    expect(fromSqlTime(BigInt(at.getTime()))).toEqual(at);
    expect(fromSqlTime(at.getTime())).toEqual(at);
  });
  it("binds JSON as text and reads text or parsed values", () => {
    expect(toSqlJson(["A", "B"])).toBe('["A","B"]');
    expect(toSqlJson(undefined)).toBeNull();
    expect(fromSqlJson('["A"]')).toEqual(["A"]);
    expect(fromSqlJson(["A"])).toEqual(["A"]);
  });
  it("reads bigint counts as numbers", () => {
    expect(fromSqlInt(BigInt(3))).toBe(3);
    expect(fromSqlInt(null)).toBeNull();
  });
});
