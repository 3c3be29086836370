/**
 * The cost model applied to orders before they are evaluated (docs/product.md#costs):
 * the monitoring engine and the backtest call it with each order's facts and date. Unit costs
 * at the order's date come from the history (when on and kept); the fee and shipping are added
 * when the shop counts them. With fees and shipping off, facts get only the history's unit costs,
 * so messages are as before (and margins too until a cost changes).
 */
import { countsExtras, orderCostExtras, type CostSettingsValues } from "../../domain/costs/costs";
import type { OrderFacts } from "../../domain/monitoring/order-facts";
import { costsAtDate, loadCostHistory } from "./history.server";
import { cachedCostSettings } from "./settings.server";

/** The order's date: its created_at when the payload had one, else the given time. */
export function orderDate(facts: OrderFacts, fallback: Date): Date {
  const created = facts.costInputs?.createdAt ? new Date(facts.costInputs.createdAt) : null;
  return created && Number.isFinite(created.getTime()) ? created : fallback;
}

export async function applyCostModel(
  shopId: string,
  items: { facts: OrderFacts; at: Date }[],
  settings?: CostSettingsValues,
): Promise<OrderFacts[]> {
  const model = settings ?? (await cachedCostSettings(shopId));
  const variantIds = items.flatMap((item) =>
    item.facts.lines.flatMap((line) => (line.variantId ? [line.variantId] : [])),
  );
  const history = model.costHistoryEnabled ? await loadCostHistory(shopId, variantIds) : new Map();
  return items.map(({ facts, at }) => {
    const { unitCosts, basis } = costsAtDate(
      history,
      facts.lines.flatMap((line) => (line.variantId ? [line.variantId] : [])),
      orderDate(facts, at),
    );
    const revenueCents = facts.lines.reduce(
      (sum, line) => sum + line.unitPriceCents * line.quantity - line.discountCents,
      0,
    );
    // the note comes with the extras: with fees and shipping off, messages are as before
    const extras = countsExtras(model) ? orderCostExtras(model, facts.costInputs, revenueCents, basis) : null;
    if (Object.keys(unitCosts).length === 0 && !extras) return facts;
    return { ...facts, costs: { unitCosts, extras } };
  });
}
