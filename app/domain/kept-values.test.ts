import { describe, expect, it } from "vitest";
import { keptValues } from "./kept-values";

describe("kept values", () => {
  it("makes a key's value once, keeps falsy values too, and starts again past its limit", () => {
    let made = 0;
    const kept = keptValues<string, boolean>(2);
    const make = () => {
      made += 1;
      return false;
    };
    expect(kept("a", make)).toBe(false);
    expect(kept("a", make)).toBe(false);
    expect(made).toBe(1);
    kept("b", make);
    kept("c", make); // the third key: the store starts again with it
    expect(made).toBe(3);
    kept("c", make);
    expect(made).toBe(3);
    kept("a", make);
    expect(made).toBe(4);
  });
});
