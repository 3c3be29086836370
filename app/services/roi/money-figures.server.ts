/**
 * The sums behind every money figure (docs/product.md#what-the-figures-count): OrderMoney's
 * rows, one per order or checkout, added up over a period with app/domain/monitoring/order-money.ts's
 * moneyTotals. The Dashboard, the ROI dashboard, `/api/roi/summary` and the Audit Log's
 * "orders behind a figure" all read them here.
 */
import prisma from "../../db.server";
import { formatEventTime } from "../../domain/audit/audit-view";
import {
  CHECKOUT_SUBJECT,
  countedIn,
  MONEY_FIGURES,
  moneyOutcome,
  moneyTotals,
  type MoneyFigure,
  type MoneyTotals,
} from "../../domain/monitoring/order-money";
import type { MoneyGroup } from "../../domain/roi/roi-report";
import { parseScheduleInstant } from "../../domain/rules/rule-schedule";

const SPLIT = { stoppedCents: true, recoveredCents: true, flaggedCents: true } as const;

const split = (sum: { stoppedCents: number | null; recoveredCents: number | null; flaggedCents: number | null }) => ({
  stoppedCents: sum.stoppedCents ?? 0,
  recoveredCents: sum.recoveredCents ?? 0,
  flaggedCents: sum.flaggedCents ?? 0,
});

/** The money of the shop's orders and checkouts counted in [start, end) (no end: since start). */
export async function moneyBetween(shopId: string, start: Date, end?: Date): Promise<MoneyTotals> {
  const result = await prisma.orderMoney.aggregate({
    where: { shopId, at: end ? { gte: start, lt: end } : { gte: start } },
    _sum: SPLIT,
  });
  return moneyTotals([split(result._sum)]);
}

/** How many orders counted flagged money in [start, end) (no end: since start): one indexed count. */
export function flaggedOrdersBetween(shopId: string, start: Date, end?: Date | null): Promise<number> {
  return prisma.orderMoney.count({
    where: { shopId, at: end ? { gte: start, lt: end } : { gte: start }, ...COUNTS_IN.flagged },
  });
}

/**
 * Whether the shop ever had an order or checkout counted: a row of money, which every breaching
 * order and every blocked checkout has. Until then the Dashboard and the ROI dashboard have
 * nothing to measure and say so (docs/product.md#roi-dashboard). One indexed look-up.
 */
export async function anythingMeasured(shopId: string): Promise<boolean> {
  return (await prisma.orderMoney.findFirst({ where: { shopId }, select: { shopId: true } })) !== null;
}

/** The same, by the type of the rule behind each order's overage. */
export async function moneyByRuleKey(shopId: string, start: Date, end: Date): Promise<MoneyGroup[]> {
  const rows = await prisma.orderMoney.groupBy({
    by: ["ruleKey"],
    where: { shopId, at: { gte: start, lt: end } },
    _sum: SPLIT,
  });
  return rows.map((row) => ({ ruleKey: row.ruleKey, ...split(row._sum) }));
}

/** What each figure's rows must have to count in it. */
const COUNTS_IN: Record<MoneyFigure, object> = {
  saved: { OR: [{ stoppedCents: { gt: 0 } }, { recoveredCents: { gt: 0 } }] },
  flagged: { flaggedCents: { gt: 0 } },
};

/** At most this many orders are listed behind a figure (the total always counts them all). */
export const ROWS_BEHIND = 250;

export interface MoneyBehindView {
  figure: MoneyFigure;
  from: string;
  to: string | null;
  /** the period in the shop's time zone, as the list's heading says it */
  period: string;
  /** the figure itself: what the Dashboard or ROI dashboard showed for the same period */
  totalCents: number;
  currency: string;
  /** how many orders and checkouts count in it */
  count: number;
  rows: {
    subject: string;
    label: string;
    time: string;
    outcome: string;
    discountCents: number;
    overageCents: number;
    countedCents: number;
  }[];
}

/**
 * The orders and checkouts behind a money figure, for the Audit Log (`?figure=saved|flagged
 * &from=ISO&to=ISO`, or dates read as the shop's midnights; no `to`: up to now): each with what it counts, and the figure's total,
 * so a merchant can add them up. Null when the query names no figure or a bad period.
 */
export async function moneyBehind(
  shop: { id: string; timezone: string; currency: string },
  params: URLSearchParams,
): Promise<MoneyBehindView | null> {
  const figure = params.get("figure");
  if (!(MONEY_FIGURES as readonly string[]).includes(figure ?? "")) return null;
  // an instant with its offset as written; a date alone is the shop's midnight starting it, never UTC's
  const from = parseScheduleInstant(params.get("from") ?? "", shop.timezone);
  const toText = params.get("to");
  const to = toText ? parseScheduleInstant(toText, shop.timezone) : null;
  if (!from || (toText && !to)) return null;
  const chosen = figure as MoneyFigure;
  const where = { shopId: shop.id, at: to ? { gte: from, lt: to } : { gte: from }, ...COUNTS_IN[chosen] };
  const [totals, count, rows] = await Promise.all([
    moneyBetween(shop.id, from, to ?? undefined),
    prisma.orderMoney.count({ where }),
    prisma.orderMoney.findMany({ where, orderBy: [{ at: "desc" }, { subject: "asc" }], take: ROWS_BEHIND }),
  ]);
  return {
    figure: chosen,
    from: from.toISOString(),
    to: to?.toISOString() ?? null,
    period: `From ${formatEventTime(from, shop.timezone)} to ${to ? formatEventTime(to, shop.timezone) : "now"} (${shop.timezone})`,
    totalCents: chosen === "saved" ? totals.savedCents : totals.flaggedCents,
    currency: shop.currency,
    count,
    rows: rows.map((row) => {
      const kind = row.subject.startsWith(CHECKOUT_SUBJECT) ? "checkout" : "order";
      return {
        subject: row.subject,
        label:
          kind === "checkout"
            ? `Checkout ${row.subject.slice(CHECKOUT_SUBJECT.length, CHECKOUT_SUBJECT.length + 8)}`
            : (row.orderName ?? row.subject),
        time: formatEventTime(row.at, shop.timezone),
        outcome: moneyOutcome({ ...row, kind }),
        discountCents: row.discountCents,
        overageCents: row.overageCents,
        countedCents: countedIn(chosen, row),
      };
    }),
  };
}
