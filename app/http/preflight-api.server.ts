import prisma from "../db.server";
import { buildDemoStore } from "../demo/demo-store";
import { planHasAlerts, toPlanId } from "../domain/billing/plans";
import { fail, messageOf, type Result } from "../domain/result";
import { getEnv } from "../env.server";
import { logger } from "../logger.server";
import { actionClientFor, actionClientOf } from "../services/actions/admin-client.server";
import type { OrderSource } from "../services/backtest/order-source.server";
import {
  findPreflight,
  startPreflight,
  type PreflightSources,
  type PreflightView,
} from "../services/preflight/preflight.server";
import type { AdminContext } from "../services/shops/admin-context.server";
import { failureResponse, jsonError } from "./api.server";
import { orderSource } from "./backtest-api.server";
import { preflightFieldErrors, preflightRequestSchema, type PreflightRequest } from "../forms/preflight";
import { checkDiscount, type CheckTarget, type DiscountCheck } from "../services/preflight/check.server";
import { followSnapshotDiscount } from "../services/preflight/discount-snapshot.server";
import { mayReadRollouts } from "../domain/discounts/rollouts";
import { grantedScopesOf } from "../domain/shops/scopes";

/** What a request asks for (days, and a discount or a planned promotion to check), or a 400 naming each field. */
export function preflightRequest(body: Record<string, unknown>): PreflightRequest {
  const parsed = preflightRequestSchema.safeParse(body);
  if (!parsed.success) throw jsonError(400, "Invalid input", preflightFieldErrors(parsed.error));
  return parsed.data;
}

/** Where the caller's shop's discounts and orders come from: Shopify, or the demo store's stand-in and samples. */
export function preflightSources(context: AdminContext): PreflightSources | null {
  const client = actionClientOf(context);
  const orders = orderSource(context);
  return client && orders ? { discounts: client.graphql, orders } : null;
}

/** The API's answer: the run, and on top the figures the issue names (the worst percent, its cart and discounts, the risks). */
export function preflightBody(view: PreflightView) {
  const results = view.results;
  return {
    ...view,
    worstDiscountPercent: results?.worstDiscountPercent ?? null,
    worstDiscountCents: results?.worstDiscountCents ?? null,
    summary: results?.summary ?? null,
    cart: results?.worst ?? null,
    discounts: results?.worst?.stack ?? [],
    risks: results?.risks ?? [],
    hygiene: results?.hygiene ?? [],
  };
}

/** One discount's check for the caller's shop (docs/api.md#the-promotion-preflight): Shopify not read is a 502. */
export async function checkForShop(
  context: AdminContext,
  target: CheckTarget,
  days: number,
): Promise<Result<DiscountCheck>> {
  // the carts are the orders the app received (the demo store's seeded history too): Shopify is read for discounts
  const client = actionClientOf(context);
  if (!client) return fail(503, "This store is not connected to Shopify's Admin API");
  try {
    return await checkDiscount(context.shop, target, days, client.graphql);
  } catch (error) {
    logger.error("A discount's preflight check failed", { shop: context.shop.domain, err: messageOf(error) });
    return fail(502, `Shopify's discounts or orders could not be read: ${messageOf(error)}`);
  }
}

/**
 * POST /api/preflight with `discountId` or `planned`: 200 with the worst stack including it and
 * its hygiene, 404 for a discount the shop does not have, 503 without Shopify's Admin API.
 */
export async function checkDiscountResponse(context: AdminContext, target: CheckTarget, days: number) {
  const checked = await checkForShop(context, target, days);
  return checked.ok ? Response.json(checked.value) : failureResponse(checked.error);
}

/** How long POST waits for the run before answering 202 with where to follow it. */
export const PREFLIGHT_WAIT_MS = 20_000;

/** A preflight a merchant asked for, over `days` (the page's button, POST /api/preflight). */
export async function startManualPreflight(context: AdminContext, days: number) {
  const sources = preflightSources(context);
  if (!sources) return fail(503, "This store is not connected to Shopify's Admin API");
  return startPreflight(
    {
      id: context.shop.id,
      domain: context.shop.domain,
      currency: context.shop.currency,
      plan: context.plan,
      grantedScopes: context.shop.grantedScopes,
    },
    { days, trigger: "manual" },
    sources,
  );
}

/** Starts a preflight: 200 with its results when it finishes within the wait, else 202 and its Location; 409 while one runs. */
export async function startPreflightResponse(context: AdminContext, days: number, waitMs = PREFLIGHT_WAIT_MS) {
  const started = await startManualPreflight(context, days);
  if (!started.ok) return failureResponse(started.error);
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([started.value.run, new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
  clearTimeout(timer);
  const view = (await findPreflight(context.shop.id, started.value.view.id)) ?? started.value.view;
  const headers = { Location: `/api/preflight/${view.id}` };
  return Response.json(preflightBody(view), { status: view.status === "running" ? 202 : 200, headers });
}

/**
 * After a discounts/* webhook: the shop's kept list of discounts follows the change (the discount
 * read again by its id, or forgotten when deleted; docs/product.md#checking-one-discount). Never
 * throws: a discount not followed is mended by the next whole read.
 */
export async function snapshotAfterDiscountChange(shopDomain: string, discountId: string | undefined, topic: string) {
  if (!discountId) return;
  try {
    const shop = await prisma.shop.findUnique({
      where: { domain: shopDomain },
      select: { id: true, domain: true, grantedScopes: true, discountsReadAt: true },
    });
    if (!shop?.discountsReadAt) return;
    if (topic === "discounts/delete") return await followSnapshotDiscount(shop, discountId, "deleted");
    const client = await actionClientFor(shop.domain);
    if (!client) return;
    const rollouts = mayReadRollouts(grantedScopesOf(shop.grantedScopes));
    await followSnapshotDiscount(shop, discountId, { graphql: client.graphql, rollouts });
  } catch (error) {
    logger.error("The kept discounts could not follow a discount change", { shop: shopDomain, err: messageOf(error) });
  }
}

/**
 * After a discounts/create or discounts/update webhook: a Core or Plus shop that has run a
 * preflight gets one again, in the background, and an alert when the change made a worse stack
 * reachable (docs/product.md#promotion-preflight). Skipped while one runs; never throws.
 * Resolves once the run has started (`run` is the run itself, for tests).
 */
export async function preflightAfterDiscountChange(shopDomain: string): Promise<{ run: Promise<void> } | null> {
  try {
    const shop = await prisma.shop.findUnique({
      where: { domain: shopDomain },
      select: { id: true, domain: true, currency: true, plan: true, grantedScopes: true },
    });
    const plan = toPlanId(shop?.plan);
    if (!shop || !plan || !planHasAlerts(plan)) return null;
    const last = await prisma.preflightRun.findFirst({
      where: { shopId: shop.id, status: "done" },
      orderBy: { createdAt: "desc" },
      select: { days: true },
    });
    if (!last) return null;
    const client = await actionClientFor(shop.domain);
    if (!client) return null;
    const orders: OrderSource = getEnv().demoMode
      ? { kind: "sample", orders: () => buildDemoStore(new Date()).orders }
      : { kind: "shopify", graphql: client.graphql };
    const started = await startPreflight(
      { ...shop, plan },
      { days: last.days, trigger: "webhook" },
      { discounts: client.graphql, orders },
    );
    return started.ok ? { run: started.value.run } : null;
  } catch (error) {
    logger.error("Preflight after a discount change failed to start", { shop: shopDomain, err: messageOf(error) });
    return null;
  }
}
