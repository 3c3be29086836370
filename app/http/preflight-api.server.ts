import * as z from "zod";
import prisma from "../db.server";
import { buildDemoStore } from "../demo/demo-store";
import { planHasAlerts, toPlanId } from "../domain/billing/plans";
import { fail, messageOf } from "../domain/result";
import { getEnv } from "../env.server";
import { logger } from "../logger.server";
import { actionClientFor, actionClientOf } from "../services/actions/admin-client.server";
import type { OrderSource } from "../services/backtest/order-source.server";
import {
  PREFLIGHT_DAYS_DEFAULT,
  findPreflight,
  startPreflight,
  type PreflightSources,
  type PreflightView,
} from "../services/preflight/preflight.server";
import type { AdminContext } from "../services/shops/admin-context.server";
import { failureResponse, validateBody } from "./api.server";
import { orderSource } from "./backtest-api.server";
import { PREFLIGHT_DAYS_MESSAGE } from "../forms/preflight";

/** What POST /api/preflight takes (docs/product.md#promotion-preflight): `days`, a whole number 1–365. */
export const preflightRequestSchema = z.object({
  days: z
    .number({ error: PREFLIGHT_DAYS_MESSAGE })
    .int({ error: PREFLIGHT_DAYS_MESSAGE })
    .min(1, { error: PREFLIGHT_DAYS_MESSAGE })
    .max(365, { error: PREFLIGHT_DAYS_MESSAGE })
    .optional(),
});

/** The days a request asks for, or a 400 naming `days`. */
export function preflightDays(body: Record<string, unknown>): number {
  return validateBody(preflightRequestSchema, body).days ?? PREFLIGHT_DAYS_DEFAULT;
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
  };
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
