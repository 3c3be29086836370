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
  rulesInForceAt,
  tallyOrder,
  type BacktestResults,
  type BacktestScope,
  type BacktestView,
  type DraftRule,
} from "../../domain/backtest/backtest";
import { evaluateOrder, type EvaluableRule } from "../../domain/monitoring/evaluate";
import { orderFactsFromPayload } from "../../domain/monitoring/order-payload";
import { storedThreshold } from "../../domain/rules/rules";
import { ok, type Result } from "../../domain/result";
import { parseScheduleInstant } from "../../domain/rules/rule-schedule";
import type { RuleInput } from "../../forms/rules";
import { needVariants, withVariantFacts } from "../../domain/actions/order-effects";
import { shopContext } from "../monitoring/evaluation.server";
import { countsExtras, settingsCostNote } from "../../domain/costs/costs";
import { applyCostModel } from "../costs/model.server";
import { cachedCostSettings } from "../costs/settings.server";
import type { AdminGraphql } from "../admin-api/admin-graphql.server";
import { loadVariantFacts } from "../monitoring/variant-facts.server";
import { doneColumns, jobProgress, jobView, startJob, type JobKind } from "../jobs/job-run.server";
import { readOrderPages, type OrderSource } from "./order-source.server";

const DAY_MS = 86_400_000;
/** A running backtest whose row has not moved for this long was cut off (the process ended). */
export const STALE_MS = 2 * 60_000;
/** Finished backtests are kept this long. */
const KEEP_MS = 7 * DAY_MS;
export const BACKTEST_RUNNING = "A backtest is already running for this store. Wait for it to finish.";
export const BACKTEST_INTERRUPTED = "This backtest stopped before it finished (the app restarted). Run it again.";

/** Backtests as jobs with a progress row: one running per shop, kept 7 days. */
const BACKTESTS: JobKind<Backtest> = {
  name: "Backtest",
  idKey: "backtestId",
  staleMs: STALE_MS,
  runningMessage: BACKTEST_RUNNING,
  interruptedMessage: BACKTEST_INTERRUPTED,
  failurePrefix: "Shopify's orders could not be read: ",
  prune: (shopId, now) =>
    prisma.backtest.deleteMany({ where: { shopId, createdAt: { lt: new Date(now.getTime() - KEEP_MS) } } }),
  running: (shopId) => prisma.backtest.findMany({ where: { shopId, status: "running" } }),
  update: (id, data) => prisma.backtest.update({ where: { id }, data }),
};

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

export function backtestView(row: Backtest, now = new Date()): BacktestView {
  return jobView<Backtest, BacktestResults, Pick<BacktestView, "scope" | "since">>(BACKTESTS, row, now, {
    scope: row.scope as unknown as BacktestScope,
    since: row.sinceAt.toISOString(),
  });
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
  const started = await startJob(
    BACKTESTS,
    shop.id,
    now,
    () =>
      prisma.backtest.create({
        data: {
          shopId: shop.id,
          scope: scope as unknown as Prisma.InputJsonValue,
          sinceAt: new Date(now.getTime() - BACKTEST_DAYS * DAY_MS),
        },
      }),
    (row) => runBacktest(row, shop, scope, source),
  );
  if (!started.ok) return started;
  return ok({ view: backtestView(started.value.row, now), run: started.value.run });
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
  const progress = jobProgress(BACKTESTS, row.id);
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
    await progress.read(tally.results.ordersScanned);
  };

  const reader = await readOrderPages(source, row.sinceAt, 50, progress.total, evaluatePage);
  if (reader) {
    tally.results.reads = { requests: reader.requests, rateLimitWaits: reader.waits, waitedMs: reader.waitedMs };
  }
  const results = finishTally(tally);
  await BACKTESTS.update(row.id, doneColumns(results.ordersScanned, results));
}
