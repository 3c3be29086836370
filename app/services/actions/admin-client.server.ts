import { getEnv } from "../../env.server";
import { graphqlForShopDomain, type AdminGraphql } from "../admin-api/admin-graphql.server";

/**
 * The Admin API client that acts on a shop's orders and discounts (docs/product.md#order-actions):
 * Shopify's, through the shop's offline session; or, in the demo store and tests, the local
 * stand-in ADMIN_API_STAND_IN_URL names (production refuses that setting). `standIn` says which,
 * so that what is recorded never claims to have reached Shopify when it did not.
 */
export interface ActionClient {
  graphql: AdminGraphql;
  standIn: boolean;
}

/** A client for the stand-in at `url`: the request Shopify's library would make, without a token. */
export function standInGraphql(url: string, shopDomain: string): AdminGraphql {
  return (query, options) =>
    fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Shopify-Shop-Domain": shopDomain },
      body: JSON.stringify({ query, variables: options?.variables ?? {} }),
      signal: AbortSignal.timeout(10_000),
    });
}

/** The stand-in's client, when ADMIN_API_STAND_IN_URL (or the demo store's default) names one. */
function standInClient(shopDomain: string): ActionClient | null {
  const url = getEnv().adminStandInUrl;
  return url ? { graphql: standInGraphql(url, shopDomain), standIn: true } : null;
}

export async function actionClientFor(shopDomain: string): Promise<ActionClient | null> {
  const standIn = standInClient(shopDomain);
  if (standIn) return standIn;
  const graphql = await graphqlForShopDomain(shopDomain);
  return graphql ? { graphql, standIn: false } : null;
}

/** The client for a request's admin context: the stand-in when one is set, else the session's. */
export function actionClientOf(context: {
  shop: { domain: string };
  admin: { graphql: AdminGraphql } | null;
}): ActionClient | null {
  return (
    standInClient(context.shop.domain) ?? (context.admin ? { graphql: context.admin.graphql, standIn: false } : null)
  );
}

/** How a refusal is introduced: Shopify's, or the demo's stand-in's, never one for the other. */
export const refusedBy = (client: ActionClient, errors: string) =>
  `${client.standIn ? "The demo store's stand-in of Shopify refused" : "Shopify refused"}: ${errors}`;
