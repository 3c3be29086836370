import prisma from "../../db.server";
import { logger } from "../../logger.server";
import { adminGraphqlData, type AdminGraphql } from "../admin-api/admin-graphql.server";

const SHOP_CONTACT_EMAIL = `#graphql
  query MarginGuardrailShopContactEmail {
    shop { contactEmail }
  }`;

/**
 * The e-mail of a staff member who opened the app (its sessions that carry one, the account
 * owner first), or null.
 */
export async function staffEmailOf(shopDomain: string): Promise<string | null> {
  const session = await prisma.session.findFirst({
    where: { shop: shopDomain, email: { not: null } },
    orderBy: [{ accountOwner: "desc" }],
    select: { email: true },
  });
  return session?.email || null;
}

/**
 * Where the shop is reached by e-mail, to prefill its alert recipients (docs/product.md#onboarding):
 * a staff member's e-mail the app knows, else the shop's contact e-mail as Shopify has it (asked
 * only when `graphql` is given). Null when neither is known or Shopify could not be asked.
 */
export async function shopEmailOf(shopDomain: string, graphql: AdminGraphql | null): Promise<string | null> {
  const staff = await staffEmailOf(shopDomain);
  if (staff) return staff;
  if (!graphql) return null;
  try {
    const data = await adminGraphqlData(graphql, SHOP_CONTACT_EMAIL);
    return data.shop.contactEmail.trim() || null;
  } catch (error) {
    logger.warn("The shop's contact e-mail could not be read", { shop: shopDomain, err: error });
    return null;
  }
}
