import { describe, expect, it } from "vitest";
import { INPUT_LIMITS, formProblem, jsonProblem } from "./input-limits";

const entries = (record: Record<string, string>) => Object.entries(record) as [string, FormDataEntryValue][];

describe("form limits, before any parser expands the fields", () => {
  it("accepts an ordinary form with small list indexes", () => {
    expect(
      formProblem(entries({ intent: "saveStacking", "blockedStacking[0]": "a", "blockedStacking[99]": "b" })),
    ).toBeNull();
  });
  it("refuses list indexes above the cap", () => {
    expect(formProblem(entries({ "blockedStacking[99999999]": "x" }))).toBe(
      'The field "blockedStacking[99999999]" names a list position above 99',
    );
    expect(formProblem(entries({ "a.b[100].c": "x" }))).toMatch(/list position above/);
  });
  it("refuses too many fields, prototype keys, files and text that is not valid Unicode", () => {
    const many = Object.fromEntries(
      Array.from({ length: INPUT_LIMITS.maxFields + 1 }, (_, index) => [`f${index}`, "x"]),
    );
    expect(formProblem(entries(many))).toMatch(/more than 200 fields/);
    expect(formProblem(entries({ "__proto__[polluted]": "x" }))).toMatch(/not allowed/);
    expect(formProblem([["upload", new File(["x"], "x.txt")]])).toMatch(/is a file/);
    expect(formProblem(entries({ name: "\ud800x" }))).toBe('The field "name" contains text that is not valid Unicode');
  });
});

describe("JSON limits", () => {
  it("accepts an ordinary body", () => {
    expect(jsonProblem({ name: "Cap", blockedStacking: [["A", "B"]], conditions: {} })).toBeNull();
  });
  it("names the field with invalid Unicode, at any depth", () => {
    expect(jsonProblem({ a: { b: ["ok", "\udfffx"] } })).toBe("body.a.b[1] contains text that is not valid Unicode");
  });
  it("refuses deep nesting, long lists, prototype keys and huge strings", () => {
    let deep: unknown = "x";
    for (let level = 0; level < 20; level += 1) deep = { a: deep };
    expect(jsonProblem(deep)).toMatch(/nested more than 8 levels/);
    expect(jsonProblem({ list: Array.from({ length: 101 }, () => 1) })).toMatch(/more than 100 items/);
    expect(jsonProblem(JSON.parse('{"__proto__": {"polluted": true}}'))).toMatch(/not allowed/);
    expect(jsonProblem({ name: "x".repeat(INPUT_LIMITS.maxValueLength + 1) })).toMatch(/longer than/);
  });
});

describe("malformed text anywhere in a webhook payload", async () => {
  const { malformedTextPath } = await import("./input-limits");
  it("names where a lone surrogate is, and passes good text of any size", () => {
    expect(malformedTextPath({ customer: { id: "x\udfff" } })).toBe("body.customer.id");
    expect(malformedTextPath({ lines: [{ title: "ok" }, { title: "\ud800" }] })).toBe("body.lines[1].title");
    expect(malformedTextPath({ ids: Array.from({ length: 10_000 }, (_, index) => index), note: "😀" })).toBeNull();
  });
});
