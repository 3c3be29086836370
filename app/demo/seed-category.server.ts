/**
 * The demo store's code-rules discount (docs/product.md#shopifys-discounts-page): as if the
 * merchant had created it from Shopify's Discounts page, so the demo's details page
 * (DEMO_DISCOUNT_DETAILS_PATH) opens as Shopify's discount row would open it. The demo's stand-in
 * of Shopify remembers a discount it did not make as active, and gives the app's Function the id
 * DEMO_CODES_FUNCTION_ID. The rules themselves stay as the demo's code rules are saved.
 */
import prisma from "../db.server";
import { codeRulesSchema } from "../forms/code-rules";
import { DEMO_CODE_RULES_DISCOUNT_ID } from "./demo-discount";

export async function seedCodeRulesDiscount(shopId: string, now: Date): Promise<void> {
  const discount = { discountId: DEMO_CODE_RULES_DISCOUNT_ID, discountActive: true, syncedAt: now, syncError: null };
  await prisma.codeRuleSettings.upsert({
    where: { shopId },
    create: { shopId, settings: codeRulesSchema.parse({}), ...discount },
    update: discount,
  });
}
