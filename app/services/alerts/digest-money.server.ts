import type { DigestGroup } from "../../db/outbox-digests.sql.server";
import { selectMoneyRows } from "../../db/order-money.sql.server";
import type { RawSql } from "../../db/raw-sql.server";
import { digestOf, type Digest, type HeldFor } from "../../domain/alerts/alert-digest";
import type { AlertEvent } from "../../domain/alerts/alert-event";

/**
 * How a group of held alerts becomes its digest: with the money of their orders as the ROI counts
 * it (their OrderMoney rows, read in the gathering transaction), so the digest's saved and flagged
 * are the Dashboard's (docs/product.md#what-the-figures-count).
 */
export function digestComposer(group: DigestGroup, timeZone: string) {
  return async (events: (AlertEvent & { heldFor?: HeldFor })[], tx: RawSql): Promise<Digest> => {
    const orders = events.flatMap((event) => (event.orderId ? [event.orderId] : []));
    const money = await selectMoneyRows(tx, group.shopId, orders);
    return digestOf(events, events[0]?.heldFor ?? "quiet_hours", group.releaseAt, timeZone, money.values());
  };
}
