/**
 * Order webhook payloads as the app received them: evaluated rows of its queue, placed at
 * `createdAt` (what one discount's check replays, docs/product.md#checking-one-discount).
 */
import { recordReceivedOrders } from "../../app/demo/seed.server";
import { orderFactsFromPayload } from "../../app/domain/monitoring/order-payload";

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
