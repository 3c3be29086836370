/**
 * What Shopify runs for a paid plan follows the stored plan (docs/architecture.md#billing)
 * even when Shopify refused the switch at the plan change and the merchant never comes back: a
 * scheduled job looks for shops whose code-rules discount or checkout validation is out of step
 * with their plan and switches them again (matchShopifyToPlan). Only plans Shopify told count (a
 * row's default is no answer) and only installed shops (an uninstall removes both in Shopify).
 * Switching is idempotent, so two app processes doing it side by side do no harm.
 */
import prisma from "../../db.server";
import { PLAN_IDS, toPlanId } from "../../domain/billing/plans";
import { planHasCodeRules } from "../code-rules/code-rules.server";
import { startScheduledLoop, workerLoop } from "../worker-loop.server";
import { matchShopifyToPlan } from "./plan-truth.server";
import { logger } from "../../logger.server";

/** How often the job looks. */
export const FOLLOW_UP_EVERY_MS = 15 * 60_000;
const FOLLOW_UP_BATCH = 50;

const CODE_RULES_PLANS = PLAN_IDS.filter(planHasCodeRules);
const TOLD_AND_INSTALLED = { planCheckedAt: { not: null }, installState: "installed" } as const;
const SHOP = { select: { id: true, domain: true, plan: true } } as const;

/**
 * Switches again what is out of step with the plan, the longest waiting first; returns the
 * domains of the shops it tried. Never throws for one shop's failure (each is recorded).
 */
export async function followUpPlanSwitches(batch = FOLLOW_UP_BATCH): Promise<string[]> {
  const [codes, validations] = await Promise.all([
    prisma.codeRuleSettings.findMany({
      where: {
        discountId: { not: null },
        OR: [
          { discountActive: true, shop: { ...TOLD_AND_INSTALLED, plan: { notIn: CODE_RULES_PLANS } } },
          { discountActive: false, shop: { ...TOLD_AND_INSTALLED, plan: { in: CODE_RULES_PLANS } } },
        ],
      },
      orderBy: { updatedAt: "asc" },
      take: batch,
      select: { shop: SHOP },
    }),
    prisma.functionConfig.findMany({
      where: {
        validationId: { not: null },
        validationEnabled: true,
        shop: { ...TOLD_AND_INSTALLED, plan: { not: "plus" } },
      },
      orderBy: { updatedAt: "asc" },
      take: batch,
      select: { shop: SHOP },
    }),
  ]);
  const shops = new Map([...codes, ...validations].map(({ shop }) => [shop.id, shop]));
  for (const shop of shops.values()) {
    const plan = toPlanId(shop.plan) ?? "free";
    const inStep = await matchShopifyToPlan(shop, plan);
    logger.info(
      inStep
        ? "What Shopify runs was out of step with the plan; switched now"
        : "What Shopify runs is out of step with the plan; still refused, tried again later",
      { shop: shop.domain, plan },
    );
  }
  return [...shops.values()].map((shop) => shop.domain);
}

const loop = workerLoop(
  "Plan follow-up",
  async () => {
    await followUpPlanSwitches();
    return false; // the next batch at the next look: a refusal is not tried again at once
  },
  { gatherMs: 0, backoff: { baseMs: 60_000, capMs: FOLLOW_UP_EVERY_MS } },
);

/** Starts the job (one look now, then every FOLLOW_UP_EVERY_MS); returns what stops it. */
export function startPlanFollowUp(): () => Promise<void> {
  return startScheduledLoop(loop, FOLLOW_UP_EVERY_MS);
}
