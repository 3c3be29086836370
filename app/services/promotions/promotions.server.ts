/**
 * Dismissed promotions, one row per shop and promotion (docs/product.md#dashboard).
 * A dismissal is kept on the server, not in the browser, so it holds for every staff member and
 * device of the shop, and never for another shop.
 */
import prisma from "../../db.server";
import { fail, ok, type Result } from "../../domain/result";
import { isPromotion, type Promotion } from "../../domain/promotions/promotions";

/** The promotions the shop dismissed. */
export async function dismissedPromotions(shopId: string): Promise<Set<Promotion>> {
  const rows = await prisma.dismissedPromotion.findMany({ where: { shopId }, select: { promotion: true } });
  return new Set(rows.map((row) => row.promotion).filter(isPromotion));
}

/** Dismisses a promotion for the shop; an unknown name is refused and changes nothing. Dismissing twice is one dismissal. */
export async function dismissPromotion(
  shopId: string,
  promotion: unknown,
  now = new Date(),
): Promise<Result<Promotion>> {
  if (!isPromotion(promotion)) return fail(400, "There is no such promotion to dismiss.");
  await prisma.dismissedPromotion.upsert({
    where: { shopId_promotion: { shopId, promotion } },
    create: { shopId, promotion, dismissedAt: now },
    update: {},
  });
  return ok(promotion);
}
