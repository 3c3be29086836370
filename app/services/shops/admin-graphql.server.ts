import { getEnv } from "../../env.server";
import { unauthenticated } from "../../shopify.server";
import type { AdminGraphql } from "../monitoring/variant-facts.server";
import { logger } from "../../logger.server";

/**
 * The Admin API client of a shop for background work and webhooks, through its offline
 * session. The demo store has none, and a shop without a session gets null: unit costs then
 * come from the cache only, and a subscription update is decided from its payload.
 */
export async function graphqlForShopDomain(shopDomain: string): Promise<AdminGraphql | null> {
  if (getEnv().demoMode) return null;
  try {
    const { admin } = await unauthenticated.admin(shopDomain);
    return admin.graphql;
  } catch (error) {
    logger.error("No Admin API session", { shop: shopDomain, err: error });
    return null;
  }
}

/**
 * One Admin GraphQL operation's `data`: GraphQL errors and an answer without data throw, with
 * Shopify's messages. Mutations' userErrors are the caller's to read.
 */
export async function adminGraphqlData<T>(
  graphql: AdminGraphql,
  query: string,
  variables?: Record<string, unknown>,
): Promise<T> {
  const response = await graphql(query, variables ? { variables } : undefined);
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(body.errors.map((error) => error.message).join("; "));
  if (!body.data) throw new Error(`Shopify answered ${response.status} without data`);
  return body.data;
}

/** A mutation's userError, as the Admin API gives it. */
export interface UserError {
  field?: string[] | null;
  message: string;
}

/** Shopify's userErrors in one line, each with its field. */
export const userErrorText = (errors: UserError[]) =>
  errors
    .map((error) => (error.field?.length ? `${error.field.join(".")}: ${error.message}` : error.message))
    .join("; ");
