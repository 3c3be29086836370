import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { costSettingsFormSchema, costSettingsInputOf } from "./costs";

const parse = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return parseWithZod(form, { schema: costSettingsFormSchema });
};
const base = { paymentFeePercent: "2.9", paymentFeeFixed: "0.30", shippingCost: "0.00" };

describe("the Costs page's form", () => {
  it("reads dollars as cents, drops a row left empty and gives the API's input", () => {
    const parsed = parse({
      ...base,
      paymentFeesEnabled: "true",
      "gatewayFees[0].gateway": "paypal",
      "gatewayFees[0].percent": "3.49",
      "gatewayFees[0].fixed": "0.49",
      "gatewayFees[1].gateway": "",
      "gatewayFees[1].percent": "",
      "gatewayFees[1].fixed": "",
    });
    expect(parsed.status).toBe("success");
    expect(parsed.status === "success" && costSettingsInputOf(parsed.value)).toEqual({
      costHistoryEnabled: false,
      paymentFeesEnabled: true,
      paymentFeePercent: 2.9,
      paymentFeeFixedCents: 30,
      gatewayFees: [{ gateway: "paypal", percent: 3.49, fixedCents: 49 }],
      shippingCostEnabled: false,
      shippingCostCents: 0,
    });
  });

  it("names each bad field, and the list when a gateway comes twice", () => {
    const parsed = parse({
      ...base,
      paymentFeePercent: "25",
      paymentFeeFixed: "0.305",
      "gatewayFees[0].gateway": "paypal",
      "gatewayFees[0].percent": "3",
      "gatewayFees[0].fixed": "0.30",
      "gatewayFees[1].gateway": "PayPal",
      "gatewayFees[1].percent": "3",
      "gatewayFees[1].fixed": "0.30",
    });
    expect(parsed.reply().error).toEqual({
      paymentFeePercent: ["must be at most 20"],
      paymentFeeFixed: ["must have at most 2 decimals"],
      gatewayFees: ["names a gateway twice"],
    });
  });

  it("refuses an emptied figure, and keeps no rate when every row is removed", () => {
    expect(parse({ ...base, shippingCost: "" }).reply().error).toEqual({ shippingCost: ["must be a number"] });
    const parsed = parse(base);
    expect(parsed.status === "success" && costSettingsInputOf(parsed.value).gatewayFees).toEqual([]);
  });
});
