// The Flow trigger extensions against what the app sends (docs/product.md#leaked-codes):
// each payload key is a field of its extension, in the extension's order, with a value of the
// field's type; the fields are of the types Shopify Flow takes on a trigger (the Shopify CLI
// refuses others: boolean, email, single_line_text_field, url, number_decimal, schema types, and
// the customer, order, product, company and company contact references); handles are at most 30
// letters, digits and hyphens.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LEAK_FLOW_TRIGGER, leakFlowPayload } from "../app/domain/leaks/code-leaks";
import { FLOW_TRIGGER_HANDLE, flowPayload, type ActionEvent } from "../app/domain/actions/order-actions";

interface TriggerToml {
  name: string;
  type: string;
  handle: string;
  fields: { type: string; key?: string }[];
}

/** The few TOML shapes a trigger extension uses: `key = "string"` lines under their tables. */
function readTrigger(folder: string): TriggerToml {
  const text = fs.readFileSync(path.resolve("extensions", folder, "shopify.extension.toml"), "utf8");
  const top: Record<string, string> = {};
  const fields: Record<string, string>[] = [];
  let table = "";
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const header = /^\[\[?([\w.]+)\]\]?$/.exec(line);
    if (header) {
      table = header[1];
      if (table === "settings.fields") fields.push({});
      continue;
    }
    const pair = /^([\w]+)\s*=\s*"((?:[^"\\]|\\.)*)"$/.exec(line);
    if (!pair) throw new Error(`Not read: ${line}`);
    if (table === "extensions") top[pair[1]] = pair[2];
    else if (table === "settings.fields") fields[fields.length - 1][pair[1]] = pair[2];
  }
  return { name: top.name, type: top.type, handle: top.handle, fields: fields as TriggerToml["fields"] };
}

const TRIGGER_TYPES = new Set(["boolean", "email", "single_line_text_field", "url", "number_decimal"]);
const TRIGGER_REFERENCES = new Set([
  "customer_reference",
  "order_reference",
  "product_reference",
  "company_reference",
  "company_contact_reference",
]);

function expectValidTrigger(toml: TriggerToml) {
  expect(toml.type).toBe("flow_trigger");
  expect(toml.handle).toMatch(/^[a-z0-9-]{1,30}$/);
  for (const field of toml.fields) {
    if (TRIGGER_REFERENCES.has(field.type)) continue;
    expect(TRIGGER_TYPES.has(field.type) || field.type.startsWith("schema."), field.type).toBe(true);
    expect(field.key, `a ${field.type} field needs its key`).toBeTruthy();
  }
  const keys = toml.fields.flatMap((field) => (field.key ? [field.key] : []));
  expect(new Set(keys).size).toBe(keys.length);
}

/** Each key's value is of its field's type, and the keys are the extension's fields, in order. */
function expectPayloadFits(toml: TriggerToml, payload: Record<string, string | number>) {
  const custom = toml.fields.filter((field) => field.key);
  expect(Object.keys(payload).filter((key) => !key.endsWith("_id"))).toEqual(custom.map((field) => field.key));
  for (const field of custom) {
    const value = payload[field.key as string];
    if (field.type === "number_decimal") expect(typeof value, field.key).toBe("number");
    else expect(typeof value, field.key).toBe("string");
  }
}

describe("Flow trigger extensions", () => {
  it('"Discount code probably leaked" has a field for every key the app sends, and no reference', () => {
    const toml = readTrigger("discount-code-leaked");
    expectValidTrigger(toml);
    expect(toml).toMatchObject({ name: LEAK_FLOW_TRIGGER.name, handle: LEAK_FLOW_TRIGGER.handle });
    expect(toml.fields.every((field) => !TRIGGER_REFERENCES.has(field.type))).toBe(true);
    const payload = leakFlowPayload({
      code: "VIP500",
      codeKey: "vip500",
      signals: [{ name: "velocity_spike", figure: 40, limit: 10 }],
      uses: 120,
      customers: 118,
      firstSeenAt: new Date("2026-11-18T09:00:00Z"),
      audienceSize: null,
      usageLimit: null,
      discountId: null,
      flaggedAt: new Date("2026-11-19T21:00:00Z"),
    });
    expectPayloadFits(toml, payload);
    expect(Buffer.byteLength(JSON.stringify(payload))).toBeLessThan(50_000);
  });

  it('"Margin rule breached" has the order reference and a field for every other key', () => {
    const toml = readTrigger("margin-rule-breached");
    expectValidTrigger(toml);
    expect(toml.handle).toBe(FLOW_TRIGGER_HANDLE);
    expect(toml.fields[0]).toEqual({ type: "order_reference" });
    const payload = flowPayload({
      orderId: "gid://shopify/Order/9101",
      ruleName: "Max 20%",
      ruleType: "max_discount",
      severity: "critical",
      discountPercent: 45,
      totalDiscountCents: 4500,
      overLimitCents: 2500,
      discountCodes: ["OFF45"],
    } as ActionEvent);
    expect(payload.order_id).toBe(9101);
    expectPayloadFits(toml, payload);
  });

  it("the two triggers have handles of their own", () => {
    expect(readTrigger("discount-code-leaked").handle).not.toBe(readTrigger("margin-rule-breached").handle);
  });
});
