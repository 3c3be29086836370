/**
 * The sums behind every money figure (docs/decisions/0025-what-saved-means.md): OrderMoney's
 * rows, one per order or checkout, added up over a period with app/domain/order-money.ts's
 * moneyTotals. The Dashboard, the ROI dashboard, `/api/roi/summary` and the Audit Log's
 * "orders behind a figure" all read them here.
 */
import prisma from "../../db.server";
import { moneyTotals, type MoneyFigure, type MoneyTotals } from "../../domain/order-money";
import type { MoneyGroup } from "../../domain/roi-report";

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

/** The orders and checkouts behind a figure over [start, end), newest first. */
export function moneyRowsBehind(shopId: string, figure: MoneyFigure, start: Date, end: Date, take: number) {
  return prisma.orderMoney.findMany({
    where: { shopId, at: { gte: start, lt: end }, ...COUNTS_IN[figure] },
    orderBy: [{ at: "desc" }, { subject: "asc" }],
    take,
  });
}
