// The Admin API's GraphQL client: typed calls and their errors, and a shop's client for background work.
import { getEnv } from "../../env.server";
import { unauthenticated } from "../../shopify.server";
import { logger } from "../../logger.server";
import type { AdminData, AdminOperation, AdminVariables } from "../../types/admin-operations";

export type { AdminData, AdminOperation, AdminVariables } from "../../types/admin-operations";

/**
 * The authenticated Admin GraphQL client's call (admin.graphql), or a stand-in (the demo's, tests'):
 * typed by the document, as the library's own is once codegen has run.
 */
export type AdminGraphql = <Q extends AdminOperation>(
  query: Q,
  options?: { variables?: AdminVariables<Q> },
) => Promise<Response>;

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
 * One Admin GraphQL operation's `data`, typed by its document: GraphQL errors and an answer without
 * data throw, with Shopify's messages. Mutations' userErrors are the caller's to read.
 */
export async function adminGraphqlData<Q extends AdminOperation>(
  graphql: AdminGraphql,
  query: Q,
  variables?: AdminVariables<Q>,
): Promise<AdminData<Q>> {
  const response = await graphql(query, variables ? { variables } : undefined);
  const body = (await response.json()) as { data?: AdminData<Q>; errors?: { message: string }[] };
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
