// The cost model's parts in words for figures over many orders (docs/product.md#costs):
// what the backtest's results and the ROI Dashboard say the margin floor counted.
import { describe, expect, it } from "vitest";
import { DEFAULT_COST_SETTINGS, settingsCostNote } from "./costs";

describe("settingsCostNote", () => {
  it("says the defaults count unit costs at the order's date and neither fees nor shipping", () => {
    expect(settingsCostNote(DEFAULT_COST_SETTINGS)).toBe(
      "unit costs at the order's date, fees not counted, shipping not counted",
    );
  });

  it("names each part the merchant turned on or off", () => {
    expect(
      settingsCostNote({
        ...DEFAULT_COST_SETTINGS,
        costHistoryEnabled: false,
        paymentFeesEnabled: true,
        shippingCostEnabled: true,
      }),
    ).toBe("unit costs as today, fees estimated, shipping at your cost per order");
  });
});
