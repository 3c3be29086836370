/**
 * The discount hygiene audit's service side (docs/product.md#discount-hygiene): the shop's
 * thresholds, and findings linked to each discount's page in Shopify's admin.
 */
import prisma from "../../db.server";
import {
  HYGIENE_DEFAULTS,
  hygieneAudit,
  type HygieneFinding,
  type HygieneThresholds,
} from "../../domain/preflight/hygiene";
import type { PreflightDiscount } from "../../domain/preflight/types";
import { adminDiscountUrl } from "./discounts.server";

export type LinkedFinding = HygieneFinding & { adminUrl: string | null };

/** The shop's hygiene thresholds (the defaults until the merchant changes them). */
export async function hygieneThresholds(shopId: string): Promise<HygieneThresholds> {
  const shop = await prisma.shop.findUnique({
    where: { id: shopId },
    select: { hygieneActiveDays: true, hygieneFullPercent: true },
  });
  return shop ? { activeDays: shop.hygieneActiveDays, fullPercent: shop.hygieneFullPercent } : HYGIENE_DEFAULTS;
}

/** Saves the merchant's thresholds (validated by app/forms/preflight.ts). */
export async function saveHygieneThresholds(shopId: string, thresholds: HygieneThresholds): Promise<void> {
  await prisma.shop.update({
    where: { id: shopId },
    data: { hygieneActiveDays: thresholds.activeDays, hygieneFullPercent: thresholds.fullPercent },
  });
}

/** The findings of some discounts, most severe first, each linked to its page in Shopify's admin. */
export function linkedHygiene(
  shopDomain: string,
  discounts: readonly PreflightDiscount[],
  thresholds: HygieneThresholds,
  now: Date,
): LinkedFinding[] {
  return hygieneAudit(discounts, thresholds, now).map((finding) => ({
    ...finding,
    adminUrl: adminDiscountUrl(shopDomain, finding.discountId),
  }));
}
