import { expect } from "vitest";
import prisma from "../../app/db.server";
import { ensureShop } from "../../app/db/shops.server";
import { orderPayload } from "../fixtures/orders";
import { percentRule } from "../fixtures/rules";
import { routeArgs, webhookRequest } from "./shopify";
import type { AlertEvent } from "../../app/domain/alerts/alert-message";

/** A high breach of a 30% limit by order #`number` (40% off $100), as the outbox stores it. */
export function sampleAlertEvent(number: number): AlertEvent {
  return {
    id: `event-${number}`,
    severity: "high",
    message: `Order #${number} took 40.0% off, above the 30% limit`,
    orderId: `gid://shopify/Order/${number}`,
    orderName: `#${number}`,
    discountCodes: ["BIG40"],
    discountPercent: 40,
    totalDiscountCents: 4_000,
    overLimitCents: 1_000,
    currency: "USD",
    ruleName: "Max 30% off",
    threshold: 30,
    createdAt: new Date(),
  };
}

/** A shop on Core (in `timezone`) with one rule, at most 20% off; its id. */
export async function coreShopWithLimit(domain: string, timezone = "UTC"): Promise<string> {
  const shopId = (await ensureShop(domain)).id;
  await prisma.shop.update({ where: { id: shopId }, data: { plan: "core", planCheckedAt: new Date(), timezone } });
  await prisma.rule.create({ data: percentRule(shopId, "max_discount", 20) });
  return shopId;
}

/** Order #`number` as a webhook sends it: $100 with a code `OFF<percent>` taking `percent` dollars. */
export function codeOrderPayload(number: number, percent: number) {
  const amount = `${percent}.00`;
  const code = `OFF${percent}`;
  return orderPayload({
    id: number,
    number,
    codes: [{ code, amount, type: "fixed_amount" }],
    applications: [{ type: "discount_code", target: "line_item", valueType: "fixed_amount", value: amount, code }],
    lines: [
      { variant: 1, product: 1, price: { shop: "100.00" }, allocations: [{ index: 0, amount: { shop: amount } }] },
    ],
  });
}

/**
 * Posts orders to `domain` through the orders/create route, numbered from `firstNumber`:
 * each a $100 order with a `percent`% code (45 by default: a critical breach of a 20% limit),
 * evaluated by `orders` (the test's own worker) before it returns the order's name.
 */
export function breachingOrders(domain: string, firstNumber: number, orders: { drain(): Promise<void> }) {
  let number = firstNumber;
  return async (percent = 45): Promise<string> => {
    const { action } = await import("../../app/routes/webhooks.orders.create");
    number += 1;
    const payload = codeOrderPayload(number, percent);
    const response = (await action(routeArgs(webhookRequest("orders/create", domain, payload)))) as Response;
    expect(response.status).toBe(200);
    await orders.drain();
    return `#${number}`;
  };
}

/** The outbox rows of a shop in `status` (pending, sending, sent, ...). */
export const outboxCount = (shopId: string, status: string) =>
  prisma.alertAndActionOutbox.count({ where: { shopId, status } });

/**
 * A process killed with SIGKILL left its claims ("sending"): their lease (2 minutes) runs out, so
 * the next server takes them again. Returns how many there were.
 */
export async function lapseDeadClaims(shopId: string): Promise<number> {
  const { count } = await prisma.alertAndActionOutbox.updateMany({
    where: { shopId, status: "sending" },
    data: { lockedAt: new Date(Date.now() - 3 * 60_000) },
  });
  return count;
}
