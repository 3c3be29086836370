import { describe, expect, it } from "vitest";
import { intentIn } from "./form-save.server";

describe("intentIn", () => {
  const table = { save: () => 1, test: () => 2 };

  it("knows the intents the table has a handler for", () => {
    expect(intentIn(table, "save")).toBe(true);
    expect(intentIn(table, "test")).toBe(true);
  });

  it("takes an inherited name, another word or a non-string as an unknown action", () => {
    for (const value of ["toString", "__proto__", "constructor", "hasOwnProperty", "rotate", "", null, 1, ["save"]]) {
      expect(intentIn(table, value), String(value)).toBe(false);
    }
  });
});
