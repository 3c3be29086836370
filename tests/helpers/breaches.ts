import { expect } from "vitest";
import prisma from "../../app/db.server";
import { drainOrderEvaluations } from "../../app/services/monitoring/worker.server";
import { ensureShop } from "../../app/services/shops/shops.server";
import { orderPayload } from "../fixtures/orders";
import { routeArgs, webhookRequest } from "./shopify";

/** A shop on Core (in `timezone`) with one rule, at most 20% off; its id. */
export async function coreShopWithLimit(domain: string, timezone = "UTC"): Promise<string> {
  const shopId = (await ensureShop(domain)).id;
  await prisma.shop.update({ where: { id: shopId }, data: { plan: "core", planCheckedAt: new Date(), timezone } });
  await prisma.rule.create({
    data: {
      shopId,
      name: "Max 20%",
      ruleType: "max_discount",
      threshold: "20",
      thresholdUnit: "PERCENT",
      thresholdPercent: 20,
      conditions: {},
    },
  });
  return shopId;
}

/**
 * Posts orders to `domain` through the orders/create route, numbered from `firstNumber`:
 * each a $100 order with a `percent`% code (45 by default: a critical breach of a 20% limit),
 * evaluated before it returns the order's name.
 */
export function breachingOrders(domain: string, firstNumber: number) {
  let number = firstNumber;
  return async (percent = 45): Promise<string> => {
    const { action } = await import("../../app/routes/webhooks.orders.create");
    number += 1;
    const amount = `${percent}.00`;
    const code = `OFF${percent}`;
    const payload = orderPayload({
      id: number,
      number,
      codes: [{ code, amount, type: "fixed_amount" }],
      applications: [{ type: "discount_code", target: "line_item", valueType: "fixed_amount", value: amount, code }],
      lines: [
        { variant: 1, product: 1, price: { shop: "100.00" }, allocations: [{ index: 0, amount: { shop: amount } }] },
      ],
    });
    const response = (await action(routeArgs(webhookRequest("orders/create", domain, payload)))) as Response;
    expect(response.status).toBe(200);
    await drainOrderEvaluations();
    return `#${number}`;
  };
}
