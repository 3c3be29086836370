import { describe, expect, it } from "vitest";
import { hygieneSettingsSchema, planFormSchema, plannedFromForm, plannedSchema } from "./preflight";

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const form = (fields: Record<string, string>) => planFormSchema.safeParse(fields);
const messages = (result: ReturnType<typeof form>) =>
  result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));

describe("the Plan a promotion form", () => {
  it("turns the merchant's fields into the promotion Shopify would hold, which the API's schema takes", () => {
    const parsed = form({
      title: " Flash 30 ",
      code: "FLASH30",
      discountClass: "ORDER",
      valueType: "percentage",
      value: "12.5",
      combinesOrder: "true",
      startsOn: inDays(3),
      endsOn: inDays(5),
      minimumSubtotal: "75",
    });
    expect(parsed.success).toBe(true);
    const planned = plannedFromForm(parsed.data!);
    expect(planned).toEqual({
      title: "Flash 30",
      code: "FLASH30",
      discountClasses: ["ORDER"],
      customerGets: { value: { percentage: 0.125 }, items: { all: true } },
      combinesWith: { productDiscounts: false, orderDiscounts: true, shippingDiscounts: false },
      startsAt: `${inDays(3)}T00:00:00Z`,
      endsAt: `${inDays(5)}T00:00:00Z`,
      minimumRequirement: { subtotal: { greaterThanOrEqualToSubtotal: 75 } },
    });
    expect(plannedSchema.safeParse(planned).success).toBe(true);
  });

  it("makes an automatic discount without a code, and free shipping for the shipping class without a value", () => {
    const parsed = form({
      title: "Ship free",
      discountClass: "SHIPPING",
      valueType: "percentage",
      minimumQuantity: "2",
    });
    expect(parsed.success).toBe(true);
    const planned = plannedFromForm(parsed.data!);
    expect(planned).toMatchObject({
      code: null,
      customerGets: { value: { freeShipping: true } },
      endsAt: null,
      minimumRequirement: { quantity: { greaterThanOrEqualToQuantity: 2 } },
    });
    expect(plannedSchema.safeParse(planned).success).toBe(true);
  });

  it("refuses what Shopify would not hold, naming the field", () => {
    const base = { title: "Sale", discountClass: "ORDER", valueType: "percentage", value: "10" };
    expect(messages(form({ ...base, title: "" }))).toEqual({ title: "Title is required" });
    expect(messages(form({ ...base, value: "" }))).toEqual({ value: "Value is required" });
    expect(messages(form({ ...base, value: "0" }))).toEqual({ value: "A percentage is above 0 and at most 100" });
    expect(messages(form({ ...base, value: "-5" }))).toEqual({ value: "Value must be a number above 0" });
    expect(messages(form({ ...base, minimumSubtotal: "-5" }))).toEqual({
      minimumSubtotal: "Minimum subtotal must be an amount above 0",
    });
    expect(messages(form({ ...base, value: "100.01" }))).toEqual({ value: "A percentage is above 0 and at most 100" });
    expect(form({ ...base, value: "100" }).success).toBe(true);
    expect(messages(form({ ...base, valueType: "amount", value: "0" }))).toEqual({
      value: "An amount is above 0 and at most 10000000",
    });
    expect(messages(form({ ...base, code: "TWO WORDS" }))).toEqual({ code: "Code must not contain spaces" });
    expect(messages(form({ ...base, startsOn: inDays(3), endsOn: inDays(3) }))).toEqual({
      endsOn: "End date must be after the start date",
    });
    expect(messages(form({ ...base, endsOn: inDays(0) }))).toEqual({ endsOn: "End date must be after today" });
    expect(form({ ...base, endsOn: inDays(1) }).success).toBe(true);
    expect(messages(form({ ...base, minimumSubtotal: "50", minimumQuantity: "2" }))).toEqual({
      minimumQuantity: "Give a minimum subtotal or a minimum quantity, not both",
    });
    expect(messages(form({ ...base, discountClass: "BOGUS" }))).toEqual({ discountClass: "Choose what it discounts" });
  });
});

describe("the audit's thresholds", () => {
  it("takes whole days 1–365 and whole percents 1–100", () => {
    expect(hygieneSettingsSchema.safeParse({ activeDays: "42", fullPercent: "100" }).data).toEqual({
      activeDays: 42,
      fullPercent: 100,
    });
    expect(hygieneSettingsSchema.safeParse({ activeDays: "1", fullPercent: "1" }).success).toBe(true);
    for (const bad of [
      { activeDays: "0", fullPercent: "100" },
      { activeDays: "366", fullPercent: "100" },
      { activeDays: "4.5", fullPercent: "100" },
      { activeDays: "42", fullPercent: "101" },
      { activeDays: "42", fullPercent: "0" },
    ]) {
      expect(hygieneSettingsSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
