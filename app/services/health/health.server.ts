import { SCOPE_PURPOSES } from "../../domain/actions/order-actions";
import { grantedScopesOf, scopeGranted } from "../../domain/shops/scopes";
import prisma from "../../db.server";
import { decodeEmbedHost, shopHandle } from "../../domain/shops/embed-host";
import { getEnv } from "../../env.server";
import { databaseEngine } from "../../config/database-url";
import type { AdminContext } from "../../types/admin-context";
import { adminGraphqlData } from "../admin-api/admin-graphql.server";
import { logger } from "../../logger.server";
import { messageOf } from "../../domain/result";

/**
 * The Integration Center's app status (docs/product.md#integration-center): which access
 * scopes the app needs and which the shop granted (asked of Shopify, kept for when it
 * cannot answer), and whether the app is open inside the shop's admin.
 */

const ACCESS_SCOPES = `#graphql
  query MarginGuardrailAccessScopes {
    currentAppInstallation { accessScopes { handle } }
  }`;

export interface ScopeHealth {
  /** where the granted scopes come from */
  source: "shopify" | "stored" | "demo";
  required: string[];
  granted: string[];
  missing: string[];
  /** the optional scopes (shopify.app.toml), what each is for, and whether it is granted */
  optional: { scope: string; purpose: string; granted: boolean }[];
  error?: string;
}

const optionalScopes = (granted: Set<string> | null) =>
  Object.entries(SCOPE_PURPOSES).map(([scope, purpose]) => ({
    scope,
    purpose,
    granted: granted ? scopeGranted(scope, granted) : false,
  }));

export async function scopeHealth(context: AdminContext): Promise<ScopeHealth> {
  const required = getEnv().scopes;
  if (context.demo || !context.admin) {
    return { source: "demo", required, granted: required, missing: [], optional: optionalScopes(null) };
  }
  let granted: string[];
  let source: ScopeHealth["source"] = "shopify";
  let error: string | undefined;
  try {
    const data = await adminGraphqlData(context.admin.graphql, ACCESS_SCOPES);
    const scopes = data.currentAppInstallation?.accessScopes;
    if (!scopes) throw new Error("no access scopes returned");
    granted = scopes.map((scope) => scope.handle);
    await prisma.shop.update({ where: { id: context.shop.id }, data: { grantedScopes: granted.join(",") } });
  } catch (cause) {
    source = "stored";
    error = `Shopify did not answer, showing the permissions last seen: ${messageOf(cause)}`;
    granted = grantedScopesOf(context.shop.grantedScopes);
  }
  const set = new Set(granted);
  return {
    source,
    required,
    granted,
    missing: required.filter((scope) => !scopeGranted(scope, set)),
    optional: optionalScopes(set),
    error,
  };
}

export type EmbedHealth =
  { embedded: true; host: string; shop: string } | { embedded: false; shop: string; reason: string };

/** GET /api/health/embed?host=: open inside this shop's admin, or why not; `{error}` when the host is unreadable. */
export function embedHealth(shopDomain: string, host: string | null): EmbedHealth | { error: string } {
  if (host === null) {
    return { embedded: false, shop: shopDomain, reason: "Opened outside Shopify's admin: there is no host parameter" };
  }
  const decoded = decodeEmbedHost(host);
  if (!decoded.ok) return { error: decoded.error };
  if (decoded.shopHandle !== shopHandle(shopDomain)) {
    return { embedded: false, shop: shopDomain, reason: `The host belongs to another store (${decoded.shopHandle})` };
  }
  return { embedded: true, host: decoded.host, shop: shopDomain };
}

export interface ServiceHealth {
  status: "ok" | "unavailable";
  database: "sqlite" | "postgresql";
  /** the order queue: orders acknowledged and not yet evaluated, and those whose evaluation failed */
  orders?: { waiting: number; failed: number };
  /** the alert outbox: alerts waiting or being sent, how late the oldest due one is, and dead ones */
  alerts?: { pending: number; oldestDueSeconds: number; dead: number };
  error?: string;
}

/**
 * What a load balancer probes (GET /api/health; docs/operations.md#health): 200 while this
 * process reaches its database, 503 when it does not, with the figures an operator watches.
 * Counts only, across all shops: nothing about any one shop.
 */
export async function serviceHealth(
  db: Pick<typeof prisma, "orderEvaluation" | "alertAndActionOutbox"> = prisma,
  now = new Date(),
): Promise<ServiceHealth> {
  const database = databaseEngine(getEnv().databaseUrl);
  try {
    const [waiting, failed, pending, oldestDue, dead] = await Promise.all([
      db.orderEvaluation.count({ where: { status: "pending" } }),
      db.orderEvaluation.count({ where: { status: "failed" } }),
      db.alertAndActionOutbox.count({ where: { status: { in: ["pending", "sending"] } } }),
      db.alertAndActionOutbox.findFirst({
        where: { status: "pending", nextAttemptAt: { lte: now } },
        orderBy: { nextAttemptAt: "asc" },
        select: { nextAttemptAt: true },
      }),
      db.alertAndActionOutbox.count({ where: { status: "dead" } }),
    ]);
    const late = oldestDue ? Math.max(0, Math.round((now.getTime() - oldestDue.nextAttemptAt.getTime()) / 1000)) : 0;
    return {
      status: "ok",
      database,
      orders: { waiting, failed },
      alerts: { pending, oldestDueSeconds: late, dead },
    };
  } catch (error) {
    logger.error("Health check: the database cannot be reached", { err: error });
    return { status: "unavailable", database, error: "The database cannot be reached" };
  }
}
