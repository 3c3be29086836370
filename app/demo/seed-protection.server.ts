/**
 * The demo store's protection story (docs/product.md#protection-gaps): one sale rung up in
 * Shopify's POS with a code the code rules turn away. Discount Functions never run at a POS, so
 * the code went through; the engine records the order as a protection gap with its cause.
 */
import { centsToDecimal, percentOfCents } from "../domain/money";
import { orderFactsFromPayload } from "../domain/monitoring/order-payload";
import { forgetShopRules } from "../services/rules/cache.server";
import { evaluateShopOrders } from "../services/monitoring/evaluation.server";
import { DEMO_CATALOG } from "./demo-store";
import { orderPayload } from "./order-payload-builder";

/** The POS sale's code: 45 % off, above the demo code rules' 30 % cap. */
export const DEMO_POS_CODE = "STAFF45";
const POS_ORDER_ID = 9_100_001;
const POS_ORDER_NUMBER = 1460;

export async function seedProtectionGap(shopId: string, now: Date): Promise<void> {
  const item = DEMO_CATALOG[0];
  const off = percentOfCents(item.priceCents, 45);
  const dollars = centsToDecimal;
  const at = new Date(now.getTime() - 3 * 3_600_000);
  const payload = {
    ...orderPayload({
      id: POS_ORDER_ID,
      number: POS_ORDER_NUMBER,
      customerId: null,
      createdAt: at.toISOString(),
      codes: [{ code: DEMO_POS_CODE, amount: dollars(off), type: "percentage" }],
      applications: [
        { type: "discount_code", target: "line_item", valueType: "percentage", value: "45.0", code: DEMO_POS_CODE },
      ],
      lines: [
        {
          variant: item.variant,
          product: item.product,
          price: { shop: dollars(item.priceCents) },
          allocations: [{ index: 0, amount: { shop: dollars(off) } }],
        },
      ],
    }),
    source_name: "pos",
  };
  const parsed = orderFactsFromPayload(payload);
  if (!parsed.ok) throw new Error(`The demo's POS order is unreadable: ${parsed.error}`);
  // the code rules were written after the sample orders: the engine reads them again
  forgetShopRules(shopId);
  await evaluateShopOrders(
    shopId,
    [{ shopId, topic: "orders/create", facts: parsed.facts, customerId: parsed.customerId, at }],
    async () => null,
    { history: true },
  );
}
