import { getEnv } from "../../env.server";
import { unauthenticated } from "../../shopify.server";
import type { AdminGraphql } from "../monitoring/variant-facts.server";

/**
 * The Admin API client of a shop for background work, through its offline session. The
 * demo store has none, and a shop without a session gets null: unit costs then come from
 * the cache only.
 */
export async function graphqlForShopDomain(shopDomain: string): Promise<AdminGraphql | null> {
  if (getEnv().demoMode) return null;
  try {
    const { admin } = await unauthenticated.admin(shopDomain);
    return admin.graphql;
  } catch (error) {
    console.error(`No Admin API session for ${shopDomain}; unit costs come from the cache only`, error);
    return null;
  }
}
