import prisma from "../../db.server";
import { holdReleasedEvent, recordedHold } from "../../domain/actions/order-actions";
import { cancelledKey } from "../../domain/monitoring/order-outcome";
import { isSeverity } from "../../domain/severity";
import { fail, messageOf, ok, type Result } from "../../domain/result";
import { recordAuditEvents } from "../audit/events.server";
import { adminGraphqlData, userErrorText } from "../admin-api/admin-graphql.server";
import { refusedBy, type ActionClient } from "./admin-client.server";
import { RELEASE_HOLD } from "./order-actions.server";
import { logger } from "../../logger.server";

/**
 * "Release hold" in the Audit Log (docs/product.md#order-actions): releases the holds a
 * fulfillment_held event placed (fulfillmentOrderReleaseHold, with the hold ids it recorded)
 * and records hold_released with who did it. Shopify's refusal is the merchant's message and
 * records nothing.
 */

/**
 * Released (what to tell the merchant), or refused: 404 unknown, 409 already released, the order
 * cancelled or no store, 422/502 Shopify.
 */
export type ReleaseResult = Result<string>;

const releasedKey = (heldEventId: string) => `hold_released|${heldEventId}`;

/** Which of these fulfillment_held events were released, and by whom. */
export async function releasedHolds(shopId: string, heldEventIds: string[]): Promise<Map<string, string>> {
  if (heldEventIds.length === 0) return new Map();
  const rows = await prisma.auditEvent.findMany({
    where: { shopId, dedupeKey: { in: heldEventIds.map(releasedKey) } },
    select: { dedupeKey: true, overrideBy: true },
  });
  return new Map(rows.map((row) => [String(row.dedupeKey).slice(releasedKey("").length), row.overrideBy ?? "someone"]));
}

/**
 * Which of these fulfillment_held events are closed, in the words the Audit Log shows instead of
 * "Release hold": released by someone, or the order cancelled (nothing is left to fulfil).
 */
export async function closedHolds(
  shopId: string,
  held: { id: string; orderId: string | null }[],
): Promise<Map<string, string>> {
  if (held.length === 0) return new Map();
  const released = await releasedHolds(
    shopId,
    held.map((event) => event.id),
  );
  const cancelled = await cancelledOrders(
    shopId,
    held.flatMap((event) => (event.orderId ? [event.orderId] : [])),
  );
  const closed = new Map<string, string>();
  for (const event of held) {
    const by = released.get(event.id);
    if (by) closed.set(event.id, `Released by ${by}`);
    else if (event.orderId && cancelled.has(event.orderId)) closed.set(event.id, "Order cancelled");
  }
  return closed;
}

/** Which of these orders were cancelled after breaching (their order_cancelled events). */
async function cancelledOrders(shopId: string, orderIds: string[]): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await prisma.auditEvent.findMany({
    where: { shopId, dedupeKey: { in: [...new Set(orderIds)].map(cancelledKey) } },
    select: { orderId: true },
  });
  return new Set(rows.flatMap((row) => (row.orderId ? [row.orderId] : [])));
}

export async function releaseHold(
  shopId: string,
  heldEventId: string,
  actor: string,
  client: ActionClient | null,
  /** when it was released, if not now (the demo's history) */
  options: { at?: Date } = {},
): Promise<ReleaseResult> {
  const held = await prisma.auditEvent.findFirst({ where: { id: heldEventId, shopId, eventType: "fulfillment_held" } });
  const hold = held && recordedHold(held.details);
  if (!held || !hold) return fail(404, "Held order not found");
  if ((await releasedHolds(shopId, [held.id])).size > 0) {
    return fail(409, `The hold on order ${held.orderName ?? "?"} was already released`);
  }
  if (held.orderId && (await cancelledOrders(shopId, [held.orderId])).size > 0) {
    return fail(409, `Order ${held.orderName ?? "?"} was cancelled: its hold closed with it`);
  }
  if (!client) {
    return fail(409, "Releasing a hold needs a store connected to Shopify.");
  }
  try {
    for (const entry of hold.holds) {
      const data = await adminGraphqlData(client.graphql, RELEASE_HOLD, {
        id: entry.fulfillmentOrderId,
        ...(entry.holdId ? { holdIds: [entry.holdId] } : {}),
      });
      const errors = data.fulfillmentOrderReleaseHold?.userErrors ?? [];
      if (!data.fulfillmentOrderReleaseHold) throw new Error("Shopify did not answer fulfillmentOrderReleaseHold");
      if (errors.length) return fail(422, refusedBy(client, userErrorText(errors)));
    }
  } catch (error) {
    logger.error("Releasing the hold failed", { eventId: held.id, err: error });
    return fail(502, messageOf(error));
  }
  await recordAuditEvents(shopId, [
    holdReleasedEvent({ ...held, severity: isSeverity(held.severity) ? held.severity : "low" }, actor, {
      standIn: client.standIn,
      at: options.at,
    }),
  ]);
  return ok(`Hold on order ${held.orderName ?? "?"} released`);
}
