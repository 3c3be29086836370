/**
 * The shop's discounts kept for one discount's check (docs/product.md#checking-one-discount): reading
 * a thousand discounts from Shopify takes a hundred pages (10 a page, held by Shopify's query cost),
 * seconds a check cannot spend. The whole list is read once into DiscountSnapshot and again when it is
 * a day old; in between the discounts/* webhooks keep it, one discount read by its id at each change.
 */
import type { Prisma } from "@prisma/client";
import prisma from "../../db.server";
import { ROLLOUTS_NOT_READ } from "../../domain/discounts/rollouts";
import { discountLabel } from "../../domain/preflight/combining";
import type { PreflightDiscount } from "../../domain/preflight/types";
import { messageOf } from "../../domain/result";
import { logger } from "../../logger.server";
import type { AdminGraphql } from "../admin-api/admin-graphql.server";
import { discountNumber } from "../../domain/discounts/discount-ids";
import { readPreflightDiscount, readPreflightDiscounts, type PreflightDiscountsRead } from "./discounts.server";

/** After this the list is read whole again (in the background: the check goes on with the kept one). */
export const SNAPSHOT_FRESH_MS = 86_400_000;

export interface SnapshotShop {
  id: string;
  discountsReadAt: Date | null;
}

/** The whole list, as read: replaces what the shop had kept. */
export async function keepDiscountList(shopId: string, discounts: PreflightDiscount[], readAt = new Date()) {
  await prisma.$transaction([
    prisma.discountSnapshot.deleteMany({ where: { shopId } }),
    prisma.discountSnapshot.createMany({
      data: discounts.map((discount) => ({
        shopId,
        discountId: discount.id,
        discount: discount as unknown as Prisma.InputJsonValue,
        readAt,
      })),
    }),
    prisma.shop.update({ where: { id: shopId }, data: { discountsReadAt: readAt } }),
  ]);
}

/**
 * One discount as Shopify has it now: kept, or forgotten when it is no longer active or scheduled
 * (null). Matched by the id's number: a webhook's id and the list's may name other node kinds.
 */
export async function keepDiscount(shopId: string, discountId: string, discount: PreflightDiscount | null) {
  const number = discountNumber(discountId);
  if (!number) return;
  const forget = prisma.discountSnapshot.deleteMany({ where: { shopId, discountId: { endsWith: `/${number}` } } });
  if (!discount) {
    await forget;
    return;
  }
  await prisma.$transaction([
    forget,
    prisma.discountSnapshot.create({
      data: {
        shopId,
        discountId: discount.id,
        discount: discount as unknown as Prisma.InputJsonValue,
        readAt: new Date(),
      },
    }),
  ]);
}

/** Shops whose whole-list read is under way in this process: one at a time per shop. */
const refreshing = new Set<string>();

/** Reads the whole list from Shopify and keeps it. */
async function readAndKeep(shopId: string, graphql: AdminGraphql, rollouts: boolean): Promise<PreflightDiscountsRead> {
  const read = await readPreflightDiscounts(graphql, { rollouts });
  await keepDiscountList(shopId, read.discounts);
  return read;
}

/**
 * The shop's active and scheduled discounts for a check: the kept list when there is one (read
 * whole again in the background when a day old), else read from Shopify now and kept. The note is
 * the one the page shows when Rollouts are not read.
 */
export async function snapshotDiscounts(
  shop: SnapshotShop,
  graphql: AdminGraphql,
  { rollouts, now = new Date() }: { rollouts: boolean; now?: Date },
): Promise<PreflightDiscountsRead> {
  if (!shop.discountsReadAt) return readAndKeep(shop.id, graphql, rollouts);
  if (now.getTime() - shop.discountsReadAt.getTime() > SNAPSHOT_FRESH_MS && !refreshing.has(shop.id)) {
    refreshing.add(shop.id);
    void readAndKeep(shop.id, graphql, rollouts)
      .catch((error) =>
        logger.error("Reading the shop's discounts again failed", { shopId: shop.id, err: messageOf(error) }),
      )
      .finally(() => refreshing.delete(shop.id));
  }
  return { discounts: await keptList(shop.id), rolloutsNote: rollouts ? null : ROLLOUTS_NOT_READ };
}

/** The shop's kept discounts, as they were read. */
async function keptList(shopId: string): Promise<PreflightDiscount[]> {
  const rows = await prisma.discountSnapshot.findMany({ where: { shopId }, select: { discount: true } });
  return rows.map((row) => row.discount as unknown as PreflightDiscount);
}

/** The kept discounts as the Preflight page offers them to check: id and label, by label. */
export async function keptDiscountChoices(shopId: string): Promise<{ id: string; label: string }[]> {
  return (await keptList(shopId))
    .map((discount) => ({ id: discount.id, label: discountLabel(discount) }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/**
 * After a discounts/* webhook: the discount read again by its id and kept, or forgotten when it is
 * deleted or no longer live; nothing for a shop that keeps no list. Throws when Shopify cannot be
 * read (the next whole read mends the list).
 */
export async function followSnapshotDiscount(
  shop: SnapshotShop,
  discountId: string,
  change: { graphql: AdminGraphql; rollouts: boolean } | "deleted",
) {
  if (!shop.discountsReadAt) return;
  if (change === "deleted") return keepDiscount(shop.id, discountId, null);
  const discount = await readPreflightDiscount(change.graphql, discountId, { rollouts: change.rollouts });
  await keepDiscount(shop.id, discountId, discount);
}
