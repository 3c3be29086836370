/**
 * Promotion preflight runs (docs/product.md#promotion-preflight):
 * the shop's active and scheduled discounts replayed on its carts of the last `days` days (the
 * backtest's order reader and sources, docs/architecture.md#a-backtest), the worst reachable
 * stack per cart and overall, configuration risks, and the shop's rules the worst stacks break
 * (the monitoring engine's evaluator). A run writes its own row, with progress; when a discount
 * change (a discounts/* webhook) makes a worse stack reachable than the last finished run, Core and
 * Plus shops get a `preflight_worse_stack` audit event and its alerts.
 */
import type { Prisma, PreflightRun } from "@prisma/client";
import prisma from "../../db.server";
import { insertAlertRows } from "../../db/outbox-queue.sql.server";
import { plannedDeliveries } from "../../domain/alerts/alert-routing";
import { evaluateOrder, type EvaluableRule, type StackingContext } from "../../domain/monitoring/evaluate";
import { withVariantFacts } from "../../domain/actions/order-effects";
import type { OrderFacts } from "../../domain/monitoring/order-facts";
import { orderFactsFromPayload } from "../../domain/monitoring/order-payload";
import { planHasAlerts, type PlanId } from "../../domain/billing/plans";
import { liveDiscounts } from "../../domain/preflight/combining";
import { configurationRisks, typicalCartCents, type Risk } from "../../domain/preflight/risks";
import { worstSentence } from "../../domain/preflight/search";
import { newPreflightTally, tallyCart, type PreflightTally } from "../../domain/preflight/tally";
import type { CartWorst, PreflightCart, PreflightDiscount } from "../../domain/preflight/types";
import { ok, type Result } from "../../domain/result";
import { severityFor } from "../../domain/severity";
import { recordAuditEvents } from "../audit/events.server";
import { readOrderPages, type OrderSource } from "../backtest/order-source.server";
import { doneColumns, jobProgress, jobView, startJob, type JobKind } from "../jobs/job-run.server";
import { shopContext } from "../monitoring/evaluation.server";
import type { AdminGraphql } from "../admin-api/admin-graphql.server";
import { loadVariantFacts } from "../monitoring/variant-facts.server";
import { keepDiscountList } from "./discount-snapshot.server";
import { adminDiscountUrl, readPreflightDiscounts } from "./discounts.server";
import { hygieneThresholds, linkedHygiene, type LinkedFinding } from "./hygiene.server";
import type { HygieneThresholds } from "../../domain/preflight/hygiene";
import { mayReadRollouts } from "../../domain/discounts/rollouts";
import { grantedScopesOf } from "../../domain/shops/scopes";

const DAY_MS = 86_400_000;
export { PREFLIGHT_DAYS_DEFAULT } from "../../domain/preflight/types";
/** A running preflight whose row has not moved for this long was cut off (the process ended). */
export const PREFLIGHT_STALE_MS = 2 * 60_000;
/** Runs are kept this long; the latest finished one always (a change is compared with it). */
const KEEP_MS = 7 * DAY_MS;
/** Carts evaluated at a time (the sample's; Shopify's come a page at a time, ORDERS_PER_PAGE). */
const CHUNK = 500;
export const PREFLIGHT_RUNNING = "A preflight is already running for this store. Wait for it to finish.";
export const PREFLIGHT_INTERRUPTED = "This preflight stopped before it finished (the app restarted). Run it again.";
export const WORSE_STACK_EVENT = "preflight_worse_stack" as const;

/** Preflights as jobs with a progress row: one running per shop, kept 7 days, the latest finished one always. */
const PREFLIGHTS: JobKind<PreflightRun> = {
  name: "Preflight",
  idKey: "preflightId",
  staleMs: PREFLIGHT_STALE_MS,
  runningMessage: PREFLIGHT_RUNNING,
  interruptedMessage: PREFLIGHT_INTERRUPTED,
  failurePrefix: "Shopify's discounts or orders could not be read: ",
  prune: async (shopId, now) => {
    const latestDone = await prisma.preflightRun.findFirst({
      where: { shopId, status: "done" },
      orderBy: { createdAt: "desc" },
      select: { id: true },
    });
    await prisma.preflightRun.deleteMany({
      where: {
        shopId,
        createdAt: { lt: new Date(now.getTime() - KEEP_MS) },
        ...(latestDone ? { NOT: { id: latestDone.id } } : {}),
      },
    });
  },
  running: (shopId) => prisma.preflightRun.findMany({ where: { shopId, status: "running" } }),
  update: (id, data) => prisma.preflightRun.update({ where: { id }, data }),
};

/**
 * A page of orders as the preflight counts them: each readable, uncancelled order's facts, with its
 * variants' collections when a rule needs them; `skipped`, the orders it cannot count.
 */
export async function cartFactsOf<Item extends { payload: unknown }>(
  shopId: string,
  items: Item[],
  needsCollections: boolean,
  graphql: AdminGraphql | null,
): Promise<{ carts: { full: OrderFacts; item: Item }[]; skipped: number }> {
  const parsed = items.flatMap((item) => {
    const read = orderFactsFromPayload(item.payload);
    return read.ok && !read.facts.cancelled ? [{ facts: read.facts, item }] : [];
  });
  const variants = needsCollections
    ? await loadVariantFacts(
        shopId,
        parsed.flatMap(({ facts }) => facts.lines.flatMap((line) => line.variantId ?? [])),
        graphql,
      )
    : null;
  return {
    carts: parsed.map(({ facts, item }) => ({ full: variants ? withVariantFacts(facts, variants) : facts, item })),
    skipped: items.length - parsed.length,
  };
}

export interface PreflightSources {
  /** where the discounts are read (Shopify's Admin API, or the demo's stand-in of it) */
  discounts: AdminGraphql;
  orders: OrderSource;
}

export interface LinkedPart {
  id: string;
  label: string;
  discountClass: string;
  method: string;
  amountCents: number;
  adminUrl: string | null;
}

export interface PreflightCartView extends Omit<CartWorst, "stack"> {
  stack: LinkedPart[];
  orderAdminUrl: string | null;
  /** the shop's rules this cart's stack would break, by name with the engine's message */
  rulesBroken: { rule: string; message: string }[];
}

export interface PreflightResults {
  days: number;
  since: string;
  currency: string;
  discountsRead: number;
  discountsLive: number;
  cartsScanned: number;
  cartsWithStack: number;
  worstDiscountPercent: number;
  worstDiscountCents: number;
  /** the sentence the page and the alert show, or null when no cart reaches a discount */
  summary: string | null;
  worst: PreflightCartView | null;
  worstCarts: PreflightCartView[];
  risks: (Risk & { adminUrl: string | null })[];
  /**
   * the discount hygiene audit of the live discounts, with the shop's thresholds at the run
   * (docs/product.md#discount-hygiene); absent in runs made before it was kept
   */
  hygiene?: LinkedFinding[];
  /** each rule the worst carts' stacks break, with how many of them (testing rules are not among them) */
  rulesBroken: { rule: string; carts: number }[];
  /**
   * the testing rules they would have broken: their own "would have" count, never a catch
   * (docs/product.md#status-and-schedule); absent in runs made before it was kept
   */
  rulesTesting?: { rule: string; carts: number }[];
  discounts: {
    id: string;
    label: string;
    discountClass: string;
    method: string;
    status: string;
    /** the serving Rollout that makes it live, whatever its own dates say */
    rollout?: string | null;
    adminUrl: string | null;
  }[];
  /** carts whose search stopped at its limit (their stack is the worst found) */
  searchCuts: number;
  /**
   * set when Shopify has not granted read_rollouts: discounts were judged by their own dates, a
   * Rollout making one live unseen (docs/product.md#what-the-app-reads-of-discounts); absent in
   * runs made before Rollouts were read
   */
  rolloutsNote?: string | null;
}

export interface PreflightView {
  id: string;
  status: "running" | "done" | "failed";
  trigger: string;
  days: number;
  ordersRead: number;
  ordersTotal: number | null;
  progress: number;
  error: string | null;
  results: PreflightResults | null;
  startedAt: string;
  finishedAt: string | null;
}

export function preflightView(row: PreflightRun, now = new Date()): PreflightView {
  return jobView<PreflightRun, PreflightResults, Pick<PreflightView, "trigger" | "days">>(PREFLIGHTS, row, now, {
    trigger: row.trigger,
    days: row.days,
  });
}

/** The shop's preflight, or null: another shop's id is not found (tenant check). */
export async function findPreflight(shopId: string, id: string): Promise<PreflightView | null> {
  const row = await prisma.preflightRun.findFirst({ where: { id, shopId } });
  return row && preflightView(row);
}

/** The shop's latest preflight (running or finished), if any. */
export async function latestPreflight(shopId: string): Promise<PreflightView | null> {
  const row = await prisma.preflightRun.findFirst({ where: { shopId }, orderBy: { createdAt: "desc" } });
  return row && preflightView(row);
}

interface Shop {
  id: string;
  domain: string;
  currency: string;
  plan: PlanId;
  /** the scopes Shopify granted, comma-separated (null or "": not known) */
  grantedScopes?: string | null;
}

/**
 * Starts a preflight and returns at once; it runs in this process, writing its progress to its
 * row. One runs per shop at a time (409). `run` settles when it has finished.
 */
export async function startPreflight(
  shop: Shop,
  options: { days: number; trigger: "manual" | "webhook" },
  sources: PreflightSources,
  now = new Date(),
): Promise<Result<{ view: PreflightView; run: Promise<void> }>> {
  const started = await startJob(
    PREFLIGHTS,
    shop.id,
    now,
    () => prisma.preflightRun.create({ data: { shopId: shop.id, days: options.days, trigger: options.trigger } }),
    (row) => runPreflight(row, shop, sources, now),
  );
  if (!started.ok) return started;
  return ok({ view: preflightView(started.value.row, now), run: started.value.run });
}

/** The cart the model reads from an order's facts (shipping: what the order's lines cost, when it says). */
export function cartOf(facts: OrderFacts, createdAt: string): PreflightCart {
  return {
    orderId: facts.orderId,
    orderName: facts.orderName,
    createdAt,
    currency: facts.currency,
    lines: facts.lines.map((line) => ({
      productId: line.productId,
      variantId: line.variantId,
      collectionIds: line.collectionIds,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
    })),
    shippingCents: facts.shippingCents ?? 0,
  };
}

/** The order facts as if the stack had applied: the discount spread over the lines by their price. */
export function factsWithStack(facts: OrderFacts, worst: CartWorst): OrderFacts {
  const shipping = worst.stack
    .filter((part) => part.discountClass === "SHIPPING")
    .reduce((s, p) => s + p.amountCents, 0);
  const items = worst.discountCents - shipping;
  const subtotal = facts.preDiscountSubtotalCents;
  let given = 0;
  const lines = facts.lines.map((line, index) => {
    const base = line.unitPriceCents * line.quantity;
    const share =
      index === facts.lines.length - 1 ? items - given : subtotal > 0 ? Math.floor((items * base) / subtotal) : 0;
    given += share;
    return { ...line, discountCents: share };
  });
  const kind = (part: CartWorst["stack"][number]) =>
    `Discount${part.method === "code" ? "Code" : "Automatic"}${part.discountClass === "SHIPPING" ? "FreeShipping" : "Basic"}`;
  return {
    ...facts,
    lines,
    lineDiscountCents: items,
    shippingDiscountCents: shipping,
    totalDiscountCents: worst.discountCents,
    discountCodes: worst.stack.flatMap((part) => (part.method === "code" ? [part.label] : [])),
    applications: worst.stack.map((part) => ({
      kind: kind(part),
      code: part.method === "code" ? part.label : null,
      title: part.label,
      valueType: "fixed_amount" as const,
      target: part.discountClass === "SHIPPING" ? ("shipping_line" as const) : ("line_item" as const),
      amountCents: part.amountCents,
    })),
  };
}

async function runPreflight(row: PreflightRun, shop: Shop, sources: PreflightSources, now: Date) {
  const since = new Date(now.getTime() - row.days * DAY_MS);
  const { discounts, rolloutsNote } = await readPreflightDiscounts(sources.discounts, {
    rollouts: mayReadRollouts(grantedScopesOf(shop.grantedScopes)),
  });
  // the list one discount's check reads, kept fresh by every full read
  await keepDiscountList(shop.id, discounts, now);
  const live = liveDiscounts(discounts, now);
  const needsCollections = live.some((discount) => discount.appliesTo.kind === "collections");
  const context = await shopContext(shop.id);
  const rules: EvaluableRule[] = context?.rules ?? [];
  const stacking: StackingContext | undefined = context?.stacking;
  const tally = newPreflightTally();
  /** the facts of the carts in the tally's worst list (for the rules they break) */
  const kept = new Map<string, OrderFacts>();
  const progress = jobProgress(PREFLIGHTS, row.id);
  const evaluate = async (items: { payload: unknown; createdAt: string }[], graphql: AdminGraphql | null) => {
    const { carts, skipped } = await cartFactsOf(shop.id, items, needsCollections, graphql);
    tally.cartsScanned += skipped;
    for (const { full, item } of carts) {
      tallyCart(tally, cartOf(full, item.createdAt), live, now);
      if (tally.worst.some((worst) => worst.orderId === full.orderId)) kept.set(full.orderId, full);
    }
    const keep = new Set(tally.worst.map((worst) => worst.orderId));
    for (const id of kept.keys()) if (!keep.has(id)) kept.delete(id);
    await progress.read(tally.cartsScanned);
  };
  await readOrderPages(sources.orders, since, CHUNK, progress.total, evaluate);

  const thresholds = await hygieneThresholds(shop.id);
  const results = {
    ...assemble(shop, row.days, since, discounts, live, tally, kept, rules, stacking, thresholds, now),
    rolloutsNote,
  };
  const previous = await prisma.preflightRun.findFirst({
    where: { shopId: shop.id, status: "done", NOT: { id: row.id } },
    orderBy: { createdAt: "desc" },
    select: { worstPercent: true },
  });
  const done = { ...doneColumns(tally.cartsScanned, results), worstPercent: results.worstDiscountPercent };
  const was = row.trigger === "webhook" ? previous?.worstPercent : null;
  // the run is done together with its alert, in one transaction: never done without it
  const alert =
    was != null && results.worstDiscountPercent > was ? await worseStackAlert(shop, row.id, was, results) : null;
  await prisma.$transaction(async (tx) => {
    await tx.preflightRun.update({ where: { id: row.id }, data: done });
    if (alert) await alert(tx);
  });
}

function assemble(
  shop: Shop,
  days: number,
  since: Date,
  discounts: PreflightDiscount[],
  live: PreflightDiscount[],
  tally: PreflightTally,
  kept: Map<string, OrderFacts>,
  rules: EvaluableRule[],
  stacking: StackingContext | undefined,
  thresholds: HygieneThresholds,
  now: Date,
): PreflightResults {
  const url = (id: string) => adminDiscountUrl(shop.domain, id);
  const currency = tally.worst[0]?.currency ?? shop.currency;
  const brokenCount = new Map<string, number>();
  const testingCount = new Map<string, number>();
  const worstCarts = tally.worst.map((worst): PreflightCartView => {
    const facts = kept.get(worst.orderId);
    const outcomes = facts ? evaluateOrder(factsWithStack(facts, worst), rules, stacking) : [];
    // a testing rule catches nothing: its breach is only counted as one it would have had
    const rulesBroken = outcomes.flatMap((outcome) =>
      outcome.breached && !outcome.rule.testing ? [{ rule: outcome.rule.name, message: outcome.message }] : [],
    );
    for (const broken of rulesBroken) brokenCount.set(broken.rule, (brokenCount.get(broken.rule) ?? 0) + 1);
    for (const outcome of outcomes) {
      if (outcome.breached && outcome.rule.testing) {
        testingCount.set(outcome.rule.name, (testingCount.get(outcome.rule.name) ?? 0) + 1);
      }
    }
    const handle = shop.domain.replace(/\.myshopify\.com$/, "");
    const orderNumber = /(\d+)$/.exec(worst.orderId)?.[1];
    return {
      ...worst,
      stack: worst.stack.map((part) => ({ ...part, adminUrl: url(part.id) })),
      orderAdminUrl: orderNumber ? `https://admin.shopify.com/store/${handle}/orders/${orderNumber}` : null,
      rulesBroken,
    };
  });
  const worst = worstCarts[0] ?? null;
  return {
    days,
    since: since.toISOString(),
    currency,
    discountsRead: discounts.length,
    discountsLive: live.length,
    cartsScanned: tally.cartsScanned,
    cartsWithStack: tally.cartsWithStack,
    worstDiscountPercent: worst?.percent ?? 0,
    worstDiscountCents: worst?.discountCents ?? 0,
    summary: tally.worst[0] ? worstSentence(tally.worst[0]) : null,
    worst,
    worstCarts,
    risks: configurationRisks(live, typicalCartCents(tally.subtotals), currency).map((risk) => ({
      ...risk,
      adminUrl: url(risk.discountId),
    })),
    hygiene: linkedHygiene(shop.domain, live, thresholds, now),
    rulesBroken: [...brokenCount.entries()].map(([rule, carts]) => ({ rule, carts })),
    rulesTesting: [...testingCount.entries()].map(([rule, carts]) => ({ rule, carts })),
    discounts: live.map((discount) => ({
      id: discount.id,
      label: discount.method === "code" && discount.code ? discount.code : `automatic '${discount.title}'`,
      discountClass: discount.discountClass,
      method: discount.method,
      status: discount.status,
      rollout: discount.rollout ?? null,
      adminUrl: url(discount.id),
    })),
    searchCuts: tally.searchCuts,
  };
}

/**
 * A discount change made a worse stack reachable: an audit event (Core and Plus: acting on the
 * preflight is theirs) and its alerts on the shop's channels, as a breach's are routed.
 */
/** What records a worse stack's event and alerts, inside the caller's transaction (null: nothing to record). */
async function worseStackAlert(
  shop: Shop,
  runId: string,
  previousPercent: number,
  results: PreflightResults,
): Promise<((tx: Prisma.TransactionClient) => Promise<void>) | null> {
  if (!planHasAlerts(shop.plan) || !results.worst) return null;
  const context = await shopContext(shop.id);
  const worst = results.worst;
  const message = `A discount change made a worse stack reachable: ${results.summary} (was ${previousPercent}%)`;
  const severity = severityFor(worst.percent, Math.max(previousPercent, 1));
  const now = new Date();
  return async (tx) => {
    const [recorded] = await recordAuditEvents(
      shop.id,
      [
        {
          eventType: WORSE_STACK_EVENT,
          severity,
          message: message.slice(0, 1000),
          orderId: worst.orderId,
          orderName: worst.orderName,
          discountCodes: worst.stack.map((part) => part.label),
          discountPercent: worst.percent,
          totalDiscountCents: worst.discountCents,
          preDiscountSubtotalCents: worst.subtotalCents,
          currency: worst.currency,
          ruleName: "Promotion preflight",
          threshold: previousPercent,
          details: { preflightId: runId, previousPercent },
          dedupeKey: `preflight:${runId}`,
          createdAt: now,
        },
      ],
      tx,
    );
    if (!recorded) return;
    const deliveries = plannedDeliveries(severity, context?.alerts ?? null, shop.plan, now);
    await insertAlertRows(
      tx,
      shop.id,
      deliveries.map((delivery) => ({
        auditEventId: recorded.id,
        delivery,
        event: {
          id: recorded.id,
          severity,
          message,
          orderId: worst.orderId,
          orderName: worst.orderName,
          discountCodes: worst.stack.map((part) => part.label),
          discountPercent: worst.percent,
          totalDiscountCents: worst.discountCents,
          overLimitCents: null,
          currency: worst.currency,
          ruleName: "Promotion preflight",
          threshold: previousPercent,
          createdAt: now,
        },
      })),
      now,
    );
  };
}
