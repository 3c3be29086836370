import prisma from "../../db.server";
import { checkoutBlockedEvent } from "../../domain/checkout/checkout-events";
import { checkoutFacts, type CheckoutPayload } from "../../domain/checkout/checkout-payload";
import type { VerifiedWebhook } from "../../domain/webhooks/verified-webhook";
import { recordAuditEvents, rollupDay } from "../audit/events.server";
import { webhookShop } from "../../db/shops.server";
import { shopCheckoutSetup } from "./function-config.server";

/**
 * checkouts/create and checkouts/update (docs/product.md#checkout-blocking):
 * each checkout is decided by the Function's own code. While the validation is deployed and
 * enabled, a checkout it blocks is one `checkout_blocked` event per checkout token (a later
 * update of the same checkout adds nothing). While it is not, the checkout is only counted
 * in shadow mode, once per token, on the day it was first seen.
 */

export type CheckoutOutcome = "blocked" | "shadow" | "allowed" | "unknown-shop";

export async function evaluateCheckout(
  shopDomain: string,
  payload: CheckoutPayload,
  at = new Date(),
): Promise<CheckoutOutcome> {
  const shop = await webhookShop(shopDomain);
  if (!shop?.installed) return "unknown-shop";
  const { config, live } = await shopCheckoutSetup(shop.id);
  const checkout = checkoutFacts(payload);
  const { event, decision } = checkoutBlockedEvent(checkout, config, at);
  if (!event) return "allowed" as const;
  if (live) {
    await recordAuditEvents(shop.id, [event]);
    return "blocked" as const;
  }
  await prisma.shadowCheckout.upsert({
    where: { shopId_token: { shopId: shop.id, token: checkout.token } },
    create: { shopId: shop.id, token: checkout.token, day: rollupDay(at), overLimitCents: decision.overLimitCents },
    update: {},
  });
  return "shadow" as const;
}

export function receiveCheckoutWebhook(webhook: VerifiedWebhook<CheckoutPayload>): Promise<CheckoutOutcome> {
  return evaluateCheckout(webhook.shop, webhook.payload);
}

export const SHADOW_DAYS = 30;

/** Shadow mode's figures: checkouts the configuration would have blocked, per UTC day, last 30 days. */
export async function shadowSummary(shopId: string, now = new Date()) {
  const since = rollupDay(now.getTime() - (SHADOW_DAYS - 1) * 86_400_000);
  const rows = await prisma.shadowCheckout.groupBy({
    by: ["day"],
    where: { shopId, day: { gte: since } },
    _count: { _all: true },
    _sum: { overLimitCents: true },
    orderBy: { day: "asc" },
  });
  const days = rows.map((row) => ({ day: row.day, count: row._count._all }));
  return {
    days,
    total: days.reduce((sum, day) => sum + day.count, 0),
    overLimitCents: rows.reduce((sum, row) => sum + (row._sum.overLimitCents ?? 0), 0),
  };
}
