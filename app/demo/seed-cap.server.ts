/**
 * The demo store's combined cap (docs/product.md#code-rules): the values of the
 * demo shop's code discounts as a full sync would store them (every code of the one list in
 * app/demo/shop-discounts.ts, which the demo's stand-in of Shopify answers), and code rules with a 30 % cap and the backup code BACKUP10, so the Code rules
 * preview shows SUMMER30 kept and WELCOME5 turned away on a $100 cart; and the new-account rule
 * (docs/product.md#new-accounts-and-big-codes): codes worth more than 25 % only for accounts at least
 * 30 days old, guests let through, so the preview turns SUMMER30 away from a 3-day-old account.
 */
import prisma from "../db.server";
import { codeRulesSchema } from "../forms/code-rules";
import { rowsOfDiscount } from "../services/code-rules/discount-values.server";
import { DEMO_BACKUP_CODE, codeDiscountNodes, demoShopDiscounts } from "./shop-discounts";

export const DEMO_MAX_DISCOUNT_PERCENT = 30;
export const DEMO_NEW_ACCOUNT = { newAccountDays: 30, newAccountMaxPercent: 25, newAccountGuests: "allow" } as const;

export async function seedCodeCap(shopId: string): Promise<void> {
  const rows = codeDiscountNodes(demoShopDiscounts()).flatMap((node) =>
    rowsOfDiscount(node as Parameters<typeof rowsOfDiscount>[0]),
  );
  await prisma.discountCodeValue.deleteMany({ where: { shopId } });
  await prisma.discountCodeValue.createMany({ data: rows.map((row) => ({ shopId, ...row })) });
  const row = await prisma.codeRuleSettings.findUnique({ where: { shopId } });
  const parsed = codeRulesSchema.safeParse(row?.settings ?? {});
  const settings = {
    ...(parsed.success ? parsed.data : codeRulesSchema.parse({})),
    maxDiscountPercent: DEMO_MAX_DISCOUNT_PERCENT,
    backupCode: DEMO_BACKUP_CODE,
    ...DEMO_NEW_ACCOUNT,
  };
  await prisma.codeRuleSettings.upsert({ where: { shopId }, create: { shopId, settings }, update: { settings } });
}
