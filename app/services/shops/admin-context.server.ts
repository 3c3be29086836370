import { logger } from "../../logger.server";
import type { Shop } from "@prisma/client";
import type { AppLoadContext } from "@remix-run/node";
import { getEnv } from "../../env.server";
import prisma from "../../db.server";
import { planRefreshDue } from "../../domain/billing/plan-truth";
import { SHOP_DOMAIN } from "../../domain/shops/shop-domain";
import { authenticate } from "../../shopify.server";
import { ensureShop } from "../../db/shops.server";
import { planForShop } from "../billing/plan-truth.server";
import type { AdminContext } from "../../types/admin-context";

export type { AdminContext } from "../../types/admin-context";

/** The staff member behind a request: their name when the session knows it, else their user id. */
function actorOf(
  session: { onlineAccessInfo?: { associated_user?: { first_name?: string; last_name?: string; email?: string } } },
  userId: string | undefined,
): string {
  const user = session.onlineAccessInfo?.associated_user;
  const name = [user?.first_name, user?.last_name].filter(Boolean).join(" ");
  if (name) return name;
  if (user?.email) return user.email;
  return userId ? `staff member ${userId}` : "a staff member";
}

export function demoShop(): Promise<Shop> {
  const env = getEnv();
  return ensureShop(env.demoShopDomain, { name: "Margin Guardrail Demo", isDemo: true });
}

/**
 * Authenticates an admin page or API request. In the demo store it is the demo shop;
 * otherwise Shopify's session token is verified (authenticate.admin throws the redirect
 * or 401 Response itself, which must reach Remix untouched).
 */
export function requireAdmin(request: Request, load?: AppLoadContext): Promise<AdminContext> {
  // Remix gives each loader its own copy of the Request, but one load context per HTTP
  // request (server.js makes it): the layout's and the page's loaders authenticate once.
  if (!load) return authenticateAdmin(request);
  let context = contexts.get(load);
  if (!context) {
    context = authenticateAdmin(request).then((admin) => {
      if (!admin.demo) verifiedShops.set(load, admin.shop.domain);
      return admin;
    });
    contexts.set(load, context);
  }
  return context;
}

const contexts = new WeakMap<AppLoadContext, Promise<AdminContext>>();
const verifiedShops = new WeakMap<AppLoadContext, string>();

/**
 * The shop whose Shopify session token this request's loaders verified, or null (a public
 * page, the demo store, a refused token): the one shop besides Shopify's admin that may frame
 * the document (app/http/security-headers.ts).
 */
export function verifiedShopOf(load: AppLoadContext | undefined): string | null {
  return (load && verifiedShops.get(load)) ?? null;
}

async function authenticateAdmin(request: Request): Promise<AdminContext> {
  if (getEnv().demoMode) {
    const shop = await demoShop();
    return { shop, plan: await planForShop(shop, null), demo: true, admin: null, actor: "the demo merchant" };
  }
  const { session, admin, sessionToken } = await authenticateSessionToken(request);
  const found = await ensureShop(session.shop);
  const asked = planRefreshDue(found.planCheckedAt, new Date());
  const plan = await planForShop(found, admin.graphql);
  // when Shopify was asked, its answer was stored: the context carries the row as it is now
  const shop = asked ? ((await prisma.shop.findUnique({ where: { id: found.id } })) ?? found) : found;
  return { shop, plan, demo: false, admin, actor: actorOf(session, sessionToken?.sub) };
}

/** Seconds a client is asked to wait when Shopify could not be reached to open a session. */
const SHOPIFY_RETRY_AFTER_SECONDS = 5;

/**
 * Shopify's authenticate.admin, with two gaps closed. A correctly signed session token whose
 * `dest` is not a shop's address (another site, not a URL, missing) makes the library throw
 * an error instead of answering (a 500); it is a 401 here. A shop with no stored session whose
 * token Shopify could not exchange (its token endpoint unreachable or failing) makes the library
 * throw a bare 500; it is a 503 with Retry-After here: nothing is wrong with the request, and the
 * same request later succeeds. Every other Response the library throws (its own 401s, redirects,
 * the bounce page) goes on untouched.
 */
export async function authenticateSessionToken(request: Request): ReturnType<typeof authenticate.admin> {
  try {
    return await authenticate.admin(request);
  } catch (error) {
    if (!(error instanceof Response) && tokenWithoutShop(request)) {
      throw Response.json(
        { error: "Unauthorized: the session token does not name a shop (its dest is not a shop's address)" },
        { status: 401 },
      );
    }
    if (error instanceof Response && error.status === 500 && error.body === null) {
      logger.warn("Shopify could not open this admin session (token exchange failed); answered 503");
      throw Response.json(
        { error: "Shopify could not be reached to open your session. Please try again in a few seconds." },
        { status: 503, headers: { "Retry-After": String(SHOPIFY_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" } },
      );
    }
    throw error;
  }
}

/** Whether the request carries a session token (header or id_token parameter) whose `dest` is not a shop's address. */
function tokenWithoutShop(request: Request): boolean {
  const token =
    /^Bearer (.+)$/.exec(request.headers.get("authorization") ?? "")?.[1] ??
    new URL(request.url).searchParams.get("id_token");
  if (!token) return false;
  const dest = tokenPayload(token)?.dest;
  if (typeof dest !== "string" || !URL.canParse(dest)) return true;
  const url = new URL(dest);
  const custom = getEnv().shopCustomDomain?.toLowerCase();
  const shop = SHOP_DOMAIN.test(url.hostname) || (!!custom && url.hostname.endsWith(`.${custom}`));
  return url.protocol !== "https:" || !shop;
}

/** A JWT's payload, unverified: it only ever turns an error into a refusal, never lets a request in. */
function tokenPayload(token: string | null | undefined): Record<string, unknown> | null {
  try {
    const payload: unknown = JSON.parse(Buffer.from(token?.split(".")[1] ?? "", "base64url").toString("utf8"));
    return payload && typeof payload === "object" ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
