/**
 * A shop's cost settings (docs/product.md#costs): read
 * for every batch of orders the engine evaluates (cached like the rules), written by
 * PUT /api/settings/costs and the Settings page. A shop that never saved them has the defaults.
 */
import type { Prisma } from "@prisma/client";
import prisma from "../../db.server";
import { fail, ok, type Result } from "../../domain/result";
import {
  DEFAULT_COST_SETTINGS,
  gatewayFeesOf,
  mergeCostSettings,
  parseCostSettings,
  type CostSettingsValues,
} from "../../domain/costs/costs";
import { cachedForShop, forgetShopRules } from "../rules/cache.server";

export async function loadCostSettings(shopId: string): Promise<CostSettingsValues> {
  const row = await prisma.costSettings.findUnique({ where: { shopId } });
  if (!row) return { ...DEFAULT_COST_SETTINGS };
  return {
    costHistoryEnabled: row.costHistoryEnabled,
    paymentFeesEnabled: row.paymentFeesEnabled,
    paymentFeeBasisPoints: row.paymentFeeBasisPoints,
    paymentFeeFixedCents: row.paymentFeeFixedCents,
    gatewayFees: gatewayFeesOf(row.gatewayFees),
    shippingCostEnabled: row.shippingCostEnabled,
    shippingCostCents: row.shippingCostCents,
  };
}

/** The settings as the engine uses them: read at most once per few seconds per process. */
export const cachedCostSettings = (shopId: string) => cachedForShop(shopId, () => loadCostSettings(shopId), "costs");

/** Saves what the input changes; bad input names its field (400) and changes nothing. */
export async function saveCostSettings(shopId: string, input: unknown): Promise<Result<CostSettingsValues>> {
  const parsed = parseCostSettings(input);
  if (!parsed.ok) return fail(400, "Invalid input", { fields: { [parsed.field]: [parsed.message] } });
  const settings = mergeCostSettings(await loadCostSettings(shopId), parsed.value);
  const data = { ...settings, gatewayFees: settings.gatewayFees as unknown as Prisma.InputJsonValue };
  await prisma.costSettings.upsert({ where: { shopId }, create: { shopId, ...data }, update: data });
  forgetShopRules(shopId);
  return ok(settings);
}
