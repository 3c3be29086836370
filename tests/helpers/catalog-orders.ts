/**
 * Orders of the demo catalog's items, as tests of the promotion preflight and of one discount's
 * check write them (docs/product.md#checking-one-discount): the order webhook's payload, and the
 * orders as the app received them (evaluated rows of its queue, placed at `createdAt`).
 */
import { recordReceivedOrders } from "../../app/demo/seed.server";
import { DEMO_CATALOG } from "../../app/demo/demo-store";
import { orderPayload } from "../../app/demo/order-payload-builder";
import { orderFactsFromPayload } from "../../app/domain/monitoring/order-payload";
import { centsToDecimal } from "../../app/domain/money";

const DAY = 86_400_000;

/**
 * An order of catalog items by their titles, `daysAgo` before `now`, shipped for `shipping` (a
 * decimal in the shop's currency), with when it was placed.
 */
export function catalogOrder(
  order: { id: number; number: number; daysAgo: number; now: number; shipping?: string },
  lines: { title: string; quantity: number }[],
) {
  const createdAt = new Date(order.now - order.daysAgo * DAY);
  const payload = orderPayload({
    id: order.id,
    number: order.number,
    createdAt: createdAt.toISOString(),
    lines: lines.map(({ title, quantity }) => {
      const item = DEMO_CATALOG.find((entry) => entry.title === title);
      if (!item) throw new Error(`The demo catalog has no ${title}`);
      return {
        variant: item.variant,
        product: item.product,
        quantity,
        price: { shop: centsToDecimal(item.priceCents) },
        allocations: [],
      };
    }),
    ...(order.shipping && { shipping: { price: { shop: order.shipping } } }),
  });
  return { payload, createdAt };
}

/** Order webhook payloads recorded as the app received them. */
export async function receiveOrders(shopId: string, orders: { payload: unknown; createdAt: Date }[]) {
  await recordReceivedOrders(
    shopId,
    orders.map(({ payload, createdAt }) => {
      const read = orderFactsFromPayload(payload);
      if (!read.ok) throw new Error(`An order payload did not read: ${read.error}`);
      return { facts: read.facts, customerId: read.customerId, createdAt };
    }),
  );
}
