// The tally over a preflight's carts keeps the worst carts, worst first.
import { describe, expect, it } from "vitest";
import { discountMaker, PREFLIGHT_NOW as NOW, preflightCart as cart } from "../../../tests/fixtures/preflight";
import { newPreflightTally, tallyCart } from "./tally";

const discount = discountMaker();

describe("tallyCart", () => {
  it("the tally keeps the worst carts first", () => {
    const tally = newPreflightTally();
    const ten = discount({ code: "TEN", minimumCents: 15000 });
    tallyCart(tally, cart, [ten], NOW);
    tallyCart(tally, { ...cart, orderId: "small", orderName: "#1", lines: [{ ...cart.lines[1] }] }, [ten], NOW);
    expect(tally.cartsScanned).toBe(2);
    expect(tally.cartsWithStack).toBe(1);
    expect(tally.worst[0].orderName).toBe("#1043");
  });
});
