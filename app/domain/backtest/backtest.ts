/**
 * A backtest: what rules would have caught over a shop's recent orders, tallied as the
 * orders stream past (docs/architecture.md#a-backtest). Pure: the service feeds it the
 * orders' facts and the evaluator's outcomes.
 */
import type { EvaluableRule, RuleOutcome } from "../monitoring/evaluate";
import type { OrderFacts } from "../monitoring/order-facts";
import { orderOverage, type Overage } from "../monitoring/order-money";
import { inForce, type RuleWindow } from "../rules/rule-schedule";

/** The window read: the orders Shopify lets an app read without read_all_orders. */
export const BACKTEST_DAYS = 60;
/** The worst orders kept per rule. */
export const WORST_ORDERS = 5;
/** The percent limits tried for the suggested rule, lowest first. */
export const SUGGESTION_LADDER = [10, 15, 20, 25, 30, 35, 40, 50, 60] as const;
/** The suggestion flags at most this share of the discounted orders: the outliers, not the promotions. */
export const SUGGESTION_SHARE = 0.05;
/** A shop without discounted orders is suggested this limit. */
export const DEFAULT_SUGGESTED_PERCENT = 30;
const LADDER_PREFIX = "suggestion-";

export interface WorstOrder {
  orderId: string;
  orderName: string;
  createdAt: string;
  discountPercent: number;
  totalDiscountCents: number;
  overLimitCents: number;
  message: string;
}

export interface RuleTally {
  ruleId: string;
  ruleName: string;
  ruleType: string;
  /** orders the rule would have flagged */
  ordersBreached: number;
  /** the discount above the rule's limit, summed over those orders */
  overLimitCents: number;
  /** the largest first */
  worst: WorstOrder[];
  /**
   * a scheduled rule's window (ISO instants, null for an open side) and the orders placed inside
   * it, the only ones it judged (docs/product.md#status-and-schedule); absent for a
   * rule without dates
   */
  schedule?: { startsAt: string | null; endsAt: string | null };
  ordersInSchedule?: number;
  /**
   * a testing rule: its own "would have" counts only, never the totals
   * (docs/product.md#status-and-schedule); absent for an active rule
   */
  testing?: true;
}

export interface SuggestedRule {
  name: string;
  ruleType: "max_discount";
  thresholdUnit: "PERCENT";
  threshold: number;
}

export interface BacktestResults {
  currency: string;
  ordersScanned: number;
  ordersDiscounted: number;
  /** orders any tested rule would have flagged (testing rules are not counted) */
  ordersBreached: number;
  /**
   * per order the largest amount above any tested rule's limit, never more than its discount,
   * summed (no order counted twice): what these orders would add to "flagged". A testing rule
   * adds nothing here: it flags nothing (docs/product.md#status-and-schedule).
   */
  overLimitCents: number;
  /** orders Shopify returned that could not be read (counted, never guessed) */
  unreadableOrders: number;
  rules: RuleTally[];
  suggestion: { rule: SuggestedRule; result: RuleTally } | null;
  /** the Admin API calls made and the waits for its rate limit (null: the demo's sample orders) */
  reads: { requests: number; rateLimitWaits: number; waitedMs: number } | null;
  /**
   * which parts of the cost the margins counted (docs/product.md#costs), when a tested
   * rule needs costs and the shop counts fees or shipping; absent otherwise
   */
  costs?: string;
}

export interface Tally {
  results: BacktestResults;
  byRule: Map<string, RuleTally>;
  ladder: Map<number, RuleTally>;
  /** the scheduled tested rules' windows, by rule id, to count the orders inside each */
  windows: Map<string, RuleWindow>;
}

function ruleTally(
  rule: Pick<EvaluableRule, "id" | "name" | "ruleType" | "startsAt" | "endsAt" | "testing">,
): RuleTally {
  const tally: RuleTally = {
    ruleId: rule.id,
    ruleName: rule.name,
    ruleType: rule.ruleType,
    ordersBreached: 0,
    overLimitCents: 0,
    worst: [],
    ...(rule.testing ? { testing: true as const } : {}),
  };
  if (rule.startsAt || rule.endsAt) {
    tally.schedule = { startsAt: rule.startsAt?.toISOString() ?? null, endsAt: rule.endsAt?.toISOString() ?? null };
    tally.ordersInSchedule = 0;
  }
  return tally;
}

/**
 * The rules in force when an order was placed: a scheduled rule judges only the orders inside
 * its [startsAt, endsAt), as the order engine does (order-effects.ts). The same list when no
 * rule has dates.
 */
export function rulesInForceAt<Rule extends EvaluableRule>(rules: Rule[], at: Date): Rule[] {
  if (!rules.some((rule) => rule.startsAt || rule.endsAt)) return rules;
  return rules.filter((rule) => inForce(rule, at));
}

/** The suggested rule at one rung of the ladder. */
export function suggestedRule(percent: number): SuggestedRule {
  return {
    name: `Max ${percent}% off any order`,
    ruleType: "max_discount",
    thresholdUnit: "PERCENT",
    threshold: percent,
  };
}

/** The ladder's rules, evaluated beside the tested ones when a suggestion is asked for. */
export function ladderRules(): EvaluableRule[] {
  return SUGGESTION_LADDER.map((percent) => ({
    id: `${LADDER_PREFIX}${percent}`,
    name: suggestedRule(percent).name,
    ruleType: "max_discount",
    thresholdUnit: "PERCENT",
    thresholdPercent: percent,
    thresholdAmountCents: null,
  }));
}

export function newTally(rules: EvaluableRule[], currency: string, suggest: boolean): Tally {
  return {
    results: {
      currency,
      ordersScanned: 0,
      ordersDiscounted: 0,
      ordersBreached: 0,
      overLimitCents: 0,
      unreadableOrders: 0,
      rules: [],
      suggestion: null,
      reads: null,
    },
    byRule: new Map(rules.map((rule) => [rule.id, ruleTally(rule)])),
    ladder: new Map(suggest ? ladderRules().map((rule, at) => [SUGGESTION_LADDER[at], ruleTally(rule)]) : []),
    windows: new Map(rules.filter((rule) => rule.startsAt || rule.endsAt).map((rule) => [rule.id, rule])),
  };
}

function keepWorst(list: WorstOrder[], order: WorstOrder) {
  list.push(order);
  list.sort((a, b) => b.overLimitCents - a.overLimitCents || a.orderName.localeCompare(b.orderName));
  if (list.length > WORST_ORDERS) list.length = WORST_ORDERS;
}

/** Adds one order and the evaluator's outcomes for it (tested rules and, if asked, the ladder). */
export function tallyOrder(tally: Tally, facts: OrderFacts, createdAt: string, outcomes: RuleOutcome[]) {
  const results = tally.results;
  results.ordersScanned += 1;
  if (facts.totalDiscountCents > 0) results.ordersDiscounted += 1;
  if (tally.windows.size > 0) {
    const at = new Date(createdAt);
    for (const [ruleId, window] of tally.windows) {
      const target = tally.byRule.get(ruleId)!;
      if (inForce(window, at)) target.ordersInSchedule = (target.ordersInSchedule ?? 0) + 1;
    }
  }
  const tested: Overage[] = [];
  for (const outcome of outcomes) {
    if (!outcome.breached) continue;
    const ladder = outcome.rule.id.startsWith(LADDER_PREFIX);
    const target = ladder
      ? tally.ladder.get(Number(outcome.rule.id.slice(LADDER_PREFIX.length)))
      : tally.byRule.get(outcome.rule.id);
    if (!target) continue;
    // a rule alone counts the order's overage the way the order does: never more than its discount
    const overLimitCents = orderOverage(facts.totalDiscountCents, [
      { overageCents: outcome.marginSavedCents, ruleKey: null },
    ]).overageCents;
    target.ordersBreached += 1;
    target.overLimitCents += overLimitCents;
    keepWorst(target.worst, {
      orderId: facts.orderId,
      orderName: facts.orderName,
      createdAt,
      discountPercent: outcome.discountPercent,
      totalDiscountCents: outcome.totalDiscountCents,
      overLimitCents,
      message: outcome.message,
    });
    // a testing rule has its own "would have" count above, and no part in the totals
    if (!ladder && !outcome.rule.testing) {
      tested.push({ overageCents: outcome.marginSavedCents, ruleKey: outcome.rule.ruleType });
    }
  }
  if (tested.length > 0) {
    // the order once: what the Dashboard and ROI would count for it (docs/product.md#what-the-figures-count)
    results.ordersBreached += 1;
    results.overLimitCents += orderOverage(facts.totalDiscountCents, tested).overageCents;
  }
}

/** The lowest rung that flags at most SUGGESTION_SHARE of the discounted orders. */
export function suggestionPercent(ladder: Map<number, RuleTally>, ordersDiscounted: number): number {
  if (ordersDiscounted === 0) return DEFAULT_SUGGESTED_PERCENT;
  for (const percent of SUGGESTION_LADDER) {
    const breached = ladder.get(percent)?.ordersBreached ?? 0;
    if (breached <= ordersDiscounted * SUGGESTION_SHARE) return percent;
  }
  return SUGGESTION_LADDER[SUGGESTION_LADDER.length - 1];
}

/** The results once every order was read. */
export function finishTally(tally: Tally): BacktestResults {
  const results = { ...tally.results, rules: [...tally.byRule.values()] };
  if (tally.ladder.size > 0) {
    const percent = suggestionPercent(tally.ladder, results.ordersDiscounted);
    const rule = suggestedRule(percent);
    const found = tally.ladder.get(percent)!;
    results.suggestion = { rule, result: { ...found, ruleId: "suggestion", ruleName: rule.name } };
  }
  return results;
}

/** Shopify's cost figures of one GraphQL answer (`extensions.cost`). */
export interface QueryCost {
  requestedQueryCost?: number;
  actualQueryCost?: number | null;
  throttleStatus?: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
}

/**
 * How long to wait before asking for `nextCost` points again: nothing while the bucket holds
 * them, otherwise until the restore rate has refilled the difference (Shopify's leaky bucket).
 */
export function throttleWaitMs(cost: QueryCost | undefined, nextCost: number): number {
  const status = cost?.throttleStatus;
  if (!status || status.restoreRate <= 0) return 0;
  const needed = Math.min(nextCost, status.maximumAvailable) - status.currentlyAvailable;
  return needed > 0 ? Math.ceil((needed / status.restoreRate) * 1000) : 0;
}

/** Progress as a whole percent: orders read of those Shopify counted; unknown totals say 0 until done. */
export function progressPercent(read: number, total: number | null, done: boolean): number {
  if (done) return 100;
  if (!total || total <= 0) return 0;
  return Math.min(99, Math.floor((read / total) * 100));
}

/**
 * A rule being edited: as the evaluator takes it, with its schedule as typed (read in the shop's
 * zone when the backtest starts).
 */
export interface DraftRule extends EvaluableRule {
  schedule?: { startsAt: string | null; endsAt: string | null };
}

/** What a backtest tests: the shop's rules, or a draft rule, and whether a rule is suggested. */
export interface BacktestScope {
  rules: "shop" | "draft";
  draft?: DraftRule;
  suggest: boolean;
}

export interface BacktestView {
  id: string;
  status: "running" | "done" | "failed";
  scope: BacktestScope;
  since: string;
  ordersRead: number;
  ordersTotal: number | null;
  progress: number;
  error: string | null;
  results: BacktestResults | null;
  startedAt: string;
  finishedAt: string | null;
}
