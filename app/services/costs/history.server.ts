/**
 * Each variant's unit cost history (docs/product.md#costs): a row is appended when
 * an inventory_items/update webhook or an Admin API read shows a cost different from the
 * latest row. The first change of a variant with no history first keeps the cost cached
 * before it (from when it was read), so the orders before the change keep their cost.
 */
import prisma from "../../db.server";
import { costAt, isCostChange, type CostBasis } from "../../domain/costs/costs";

export type CostSource = "webhook" | "admin_api" | "demo";

export interface SeenCost {
  variantId: string;
  inventoryItemId: string | null;
  unitCostCents: number | null;
  currency: string | null;
  effectiveAt: Date;
  source: CostSource;
}

/** Records a cost seen for a variant, if it changed; `before` is the cached cost it replaces. */
export async function recordCostSeen(
  shopId: string,
  seen: SeenCost,
  before: { unitCostCents: number | null; currency: string | null; fetchedAt: Date } | null,
): Promise<boolean> {
  const latest = await prisma.variantCostHistory.findFirst({
    where: { shopId, variantId: seen.variantId },
    orderBy: [{ effectiveAt: "desc" }, { createdAt: "desc" }],
    select: { unitCostCents: true, effectiveAt: true },
  });
  if (!latest && before && before.unitCostCents !== seen.unitCostCents) {
    // the cached cost was in effect before this change: from when it was read, or just before
    await prisma.variantCostHistory.create({
      data: {
        shopId,
        variantId: seen.variantId,
        inventoryItemId: seen.inventoryItemId,
        unitCostCents: before.unitCostCents,
        currency: before.currency,
        effectiveAt: before.fetchedAt < seen.effectiveAt ? before.fetchedAt : new Date(seen.effectiveAt.getTime() - 1),
        source: "admin_api",
      },
    });
  } else if (!isCostChange(latest, seen.unitCostCents)) {
    return false;
  }
  // a webhook that arrives late (older than the latest change) is kept at its own date
  await prisma.variantCostHistory.create({ data: { shopId, ...seen } });
  return true;
}

/** The history of the given variants, oldest first. */
export async function loadCostHistory(shopId: string, variantIds: string[]) {
  const byVariant = new Map<string, { effectiveAt: Date; unitCostCents: number | null }[]>();
  if (variantIds.length === 0) return byVariant;
  const rows = await prisma.variantCostHistory.findMany({
    where: { shopId, variantId: { in: [...new Set(variantIds)] } },
    orderBy: { effectiveAt: "asc" },
    select: { variantId: true, effectiveAt: true, unitCostCents: true },
  });
  for (const row of rows) {
    const list = byVariant.get(row.variantId) ?? [];
    list.push({ effectiveAt: row.effectiveAt, unitCostCents: row.unitCostCents });
    byVariant.set(row.variantId, list);
  }
  return byVariant;
}

/** The unit costs at `at` of the variants that have history, and the weakest basis among them. */
export function costsAtDate(
  history: Map<string, { effectiveAt: Date; unitCostCents: number | null }[]>,
  variantIds: string[],
  at: Date,
): { unitCosts: Record<string, number | null>; basis: CostBasis | "today" } {
  const unitCosts: Record<string, number | null> = {};
  let basis: CostBasis | "today" = "today";
  for (const variantId of variantIds) {
    const changes = history.get(variantId);
    if (!changes) continue;
    const found = costAt(changes, at);
    unitCosts[variantId] = found.unitCostCents;
    if (found.basis === "earliest_known") basis = "earliest_known";
    else if (basis === "today") basis = "at_date";
  }
  return { unitCosts, basis };
}
