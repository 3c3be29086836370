/**
 * Backtests (docs/architecture.md#a-backtest): the shop's rules, or a rule being edited, run
 * over the shop's orders of the last 60 days through the same parser and evaluator as live
 * orders. A backtest writes only its own row: no audit event, no alert, no order check.
 */
import type { Backtest, Prisma } from "@prisma/client";
import prisma from "../../db.server";
import {
  BACKTEST_DAYS,
  finishTally,
  ladderRules,
  newTally,
  progressPercent,
  rulesInForceAt,
  tallyOrder,
  type BacktestResults,
  type BacktestScope,
  type BacktestView,
  type DraftRule,
  type Tally,
} from "../../domain/backtest";
import { evaluateOrder, type EvaluableRule } from "../../domain/evaluate";
import { orderPayloadFromNode } from "../../domain/graphql-order";
import { orderFactsFromPayload } from "../../domain/order-payload";
import { storedThreshold } from "../../domain/rules";
import { fail, ok, type Result, messageOf } from "../../domain/result";
import { parseScheduleInstant } from "../../domain/rule-schedule";
import type { RuleInput } from "../../forms/rules";
import { needVariants, withVariantFacts } from "../../domain/order-effects";
import { shopContext } from "../monitoring/evaluation.server";
import { countsExtras, settingsCostNote } from "../../domain/costs";
import { applyCostModel } from "../costs/model.server";
import { cachedCostSettings } from "../costs/settings.server";
import { loadVariantFacts, type AdminGraphql } from "../monitoring/variant-facts.server";
import { ThrottledReader, countOrders, orderPages, type ReadOptions } from "./order-pages.server";
import { logger } from "../../logger.server";

const DAY_MS = 86_400_000;
/** A running backtest whose row has not moved for this long was cut off (the process ended). */
export const STALE_MS = 2 * 60_000;
/** Progress is written at most this often. */
const PROGRESS_EVERY_MS = 250;
/** Finished backtests are kept this long. */
const KEEP_MS = 7 * DAY_MS;
export const BACKTEST_RUNNING = "A backtest is already running for this store. Wait for it to finish.";
export const BACKTEST_INTERRUPTED = "This backtest stopped before it finished (the app restarted). Run it again.";

/**
 * Where the orders come from: Shopify's Admin API, or sample orders the caller supplies when the
 * run starts (the demo store's: services do not import demo/, docs/architecture.md#layers-and-folders).
 */
export type OrderSource =
  { kind: "shopify"; graphql: AdminGraphql; read?: ReadOptions } | { kind: "sample"; orders: () => SampleOrder[] };

/** An order as a webhook payload, with when it was placed. */
export interface SampleOrder {
  payload: unknown;
  createdAt: Date;
}

/** A rule from the Rule Builder's form, as the evaluator takes it: the same schema and storage rules. */
export function draftRule(input: RuleInput): DraftRule {
  const stored = storedThreshold(input.ruleType, input.thresholdUnit, input.threshold);
  const draft: DraftRule = {
    id: "draft",
    name: input.name,
    ruleType: input.ruleType,
    thresholdUnit: stored.thresholdUnit,
    thresholdPercent: stored.thresholdPercent,
    thresholdAmountCents: stored.thresholdAmountCents,
  };
  if (input.startsAt || input.endsAt)
    draft.schedule = { startsAt: input.startsAt ?? null, endsAt: input.endsAt ?? null };
  return draft;
}

/**
 * The draft with its window as instants: a date and time without an offset (the dialog's field)
 * in the shop's zone, as a saved rule's (docs/product.md#status-and-schedule).
 */
export function withDraftSchedule(draft: DraftRule, timeZone: string): EvaluableRule {
  const { schedule, ...rule } = draft;
  if (!schedule) return rule;
  const instant = (text: string | null) => (text ? parseScheduleInstant(text, timeZone) : null);
  return { ...rule, startsAt: instant(schedule.startsAt), endsAt: instant(schedule.endsAt) };
}

function isStale(row: Backtest, now: Date) {
  return row.status === "running" && now.getTime() - row.updatedAt.getTime() > STALE_MS;
}

export function backtestView(row: Backtest, now = new Date()): BacktestView {
  const stale = isStale(row, now);
  const status = stale ? "failed" : (row.status as BacktestView["status"]);
  return {
    id: row.id,
    status,
    scope: row.scope as unknown as BacktestScope,
    since: row.sinceAt.toISOString(),
    ordersRead: row.ordersRead,
    ordersTotal: row.ordersTotal,
    progress: progressPercent(row.ordersRead, row.ordersTotal, status === "done"),
    error: stale ? BACKTEST_INTERRUPTED : row.error,
    results: (row.results as unknown as BacktestResults | null) ?? null,
    startedAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** The shop's backtest, or null: another shop's id is not found (tenant check). */
export async function findBacktest(shopId: string, id: string): Promise<BacktestView | null> {
  const row = await prisma.backtest.findFirst({ where: { id, shopId } });
  return row && backtestView(row);
}

/** The shop's latest backtest of its own rules with a suggestion (onboarding's), if any. */
export async function latestBacktest(shopId: string, rules: BacktestScope["rules"]): Promise<BacktestView | null> {
  const rows = await prisma.backtest.findMany({ where: { shopId }, orderBy: { createdAt: "desc" }, take: 10 });
  const row = rows.find((candidate) => (candidate.scope as unknown as BacktestScope).rules === rules);
  return row ? backtestView(row) : null;
}

/** The shop a backtest runs for; its zone reads a draft's dates (UTC when unknown). */
type BacktestShop = { id: string; currency: string; timezone?: string | null };

/** Started (its first view, and `run`, settled when it has finished), or 409 while another runs. */
type StartResult = Result<{ view: BacktestView; run: Promise<void> }>;

/**
 * Starts a backtest and returns at once; it runs in this process, writing its progress to its
 * row. One runs per shop at a time. `run` settles when it has finished (tests and the demo await it).
 */
export async function startBacktest(
  shop: BacktestShop,
  scope: BacktestScope,
  source: OrderSource,
  now = new Date(),
): Promise<StartResult> {
  await prisma.backtest.deleteMany({
    where: { shopId: shop.id, createdAt: { lt: new Date(now.getTime() - KEEP_MS) } },
  });
  const running = await prisma.backtest.findMany({ where: { shopId: shop.id, status: "running" } });
  if (running.some((row) => !isStale(row, now))) return fail(409, BACKTEST_RUNNING);
  const row = await prisma.backtest.create({
    data: {
      shopId: shop.id,
      scope: scope as unknown as Prisma.InputJsonValue,
      sinceAt: new Date(now.getTime() - BACKTEST_DAYS * DAY_MS),
    },
  });
  const run = runBacktest(row, shop, scope, source).catch(async (error: unknown) => {
    logger.error("Backtest failed", { backtestId: row.id, shopId: shop.id, err: error });
    const message = messageOf(error);
    await prisma.backtest
      .update({
        where: { id: row.id },
        data: {
          status: "failed",
          error: `Shopify's orders could not be read: ${message}`.slice(0, 500),
          finishedAt: new Date(),
        },
      })
      .catch((failure: unknown) =>
        logger.error("Backtest could not record its failure", { backtestId: row.id, err: failure }),
      );
  });
  return ok({ view: backtestView(row, now), run });
}

/**
 * The rules a backtest evaluates (the plan's active rules, or the draft) and how stacking is
 * judged. Scheduled ones judge only the orders inside their window (`rulesInForceAt`).
 */
async function rulesOf(shop: BacktestShop, scope: BacktestScope) {
  const context = await shopContext(shop.id);
  const draft = scope.draft && withDraftSchedule(scope.draft, shop.timezone ?? "UTC");
  const tested = scope.rules === "draft" ? (draft ? [draft] : []) : (context?.rules ?? []);
  return { tested, stacking: context?.stacking, evaluated: scope.suggest ? [...tested, ...ladderRules()] : tested };
}

async function runBacktest(row: Backtest, shop: BacktestShop, scope: BacktestScope, source: OrderSource) {
  const { tested, stacking, evaluated } = await rulesOf(shop, scope);
  const tally = newTally(tested, shop.currency, scope.suggest);
  const variants = needVariants(tested);
  if (variants) {
    const costs = await cachedCostSettings(shop.id);
    if (countsExtras(costs)) tally.results.costs = settingsCostNote(costs);
  }
  let lastWrite = 0;
  const progress = async (force = false) => {
    if (!force && Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
    lastWrite = Date.now();
    await prisma.backtest.update({ where: { id: row.id }, data: { ordersRead: tally.results.ordersScanned } });
  };
  const evaluatePage = async (payloads: { payload: unknown; createdAt: string }[], graphql: AdminGraphql | null) => {
    const parsed = payloads.map((item) => ({ read: orderFactsFromPayload(item.payload), createdAt: item.createdAt }));
    const facts = parsed.flatMap((item) =>
      item.read.ok ? [{ facts: item.read.facts, createdAt: item.createdAt }] : [],
    );
    tally.results.unreadableOrders += parsed.length - facts.length;
    tally.results.ordersScanned += parsed.length - facts.length;
    const known = variants
      ? await loadVariantFacts(
          shop.id,
          facts.flatMap((item) => item.facts.lines.flatMap((line) => line.variantId ?? [])),
          graphql,
        )
      : null;
    // the cost model at each order's date (docs/product.md#costs)
    const costed = known
      ? await applyCostModel(
          shop.id,
          facts.map((item) => ({ facts: item.facts, at: new Date(item.createdAt) })),
        )
      : facts.map((item) => item.facts);
    for (const [index, item] of facts.entries()) {
      const full = known ? withVariantFacts(costed[index], known) : item.facts;
      const rules = rulesInForceAt(evaluated, new Date(item.createdAt));
      tallyOrder(tally, full, item.createdAt, evaluateOrder(full, rules, stacking));
    }
    await progress();
  };

  if (source.kind === "sample") {
    const orders = source.orders().filter((order) => order.createdAt >= row.sinceAt);
    await prisma.backtest.update({ where: { id: row.id }, data: { ordersTotal: orders.length } });
    for (let start = 0; start < orders.length; start += 50) {
      const page = orders.slice(start, start + 50);
      await evaluatePage(
        page.map((order) => ({ payload: order.payload, createdAt: order.createdAt.toISOString() })),
        null,
      );
    }
  } else {
    const reader = new ThrottledReader(source.graphql, source.read);
    const total = await countOrders(reader, row.sinceAt);
    if (total !== null) await prisma.backtest.update({ where: { id: row.id }, data: { ordersTotal: total } });
    for await (const nodes of orderPages(reader, row.sinceAt)) {
      await evaluatePage(
        nodes.map((node) => ({ payload: orderPayloadFromNode(node), createdAt: node.createdAt })),
        source.graphql,
      );
    }
    tally.results.reads = { requests: reader.requests, rateLimitWaits: reader.waits, waitedMs: reader.waitedMs };
  }
  await finish(row.id, tally);
}

async function finish(id: string, tally: Tally) {
  const results = finishTally(tally);
  await prisma.backtest.update({
    where: { id },
    data: {
      status: "done",
      ordersRead: results.ordersScanned,
      results: results as unknown as Prisma.InputJsonValue,
      finishedAt: new Date(),
    },
  });
}
