// The plan's limit on active rules: counting them, the rules a plan change paused, resuming them.
import type { Prisma } from "@prisma/client";
import prisma from "../../db.server";
import { PLANS, canActivateAnotherRule, planName, toPlanId, type PlanId } from "../../domain/billing/plans";
import { oldestFirst, rulesToResume, type LimitedRule, type PausedRulesView } from "../../domain/billing/plan-truth";
import { mapCollectionRule } from "../../domain/rules/rules";
import { forgetShopRules } from "./cache.server";

type Tx = Prisma.TransactionClient;

/** "Free allows at most 2 active rules": refused with the limit and the way up. */
export function planLimitMessage(plan: PlanId): string {
  const limit = PLANS[plan].ruleLimit;
  if (plan === "free") return `You've reached your ${limit}-rule limit. Upgrade to Core for 10 rules.`;
  return `Your ${planName(plan)} plan allows ${limit} active rules. Upgrade to Plus for unlimited rules (coming soon).`;
}

/**
 * The rules the engine evaluates: active, and not paused by a plan change (paused rules are
 * kept, docs/product.md#plans).
 */
export const EVALUATED_RULES = { isActive: true, pausedByPlan: null } as const;

/** Active rules and active collection rules both count toward the plan's limit. */
export async function countActiveRules(shopId: string, tx: Tx = prisma): Promise<number> {
  const [rules, collectionRules] = await Promise.all([
    tx.rule.count({ where: { shopId, ...EVALUATED_RULES } }),
    tx.collectionRule.count({ where: { shopId, ...EVALUATED_RULES } }),
  ]);
  return rules + collectionRules;
}

/**
 * The names of the rules the plan's limit counts, oldest first, as a plan change keeps them:
 * what 'Downgrade to Free?' names as staying on (docs/product.md#dialogs).
 */
export async function activeRuleNames(shopId: string): Promise<string[]> {
  const where = { shopId, ...EVALUATED_RULES };
  const [rules, collectionRules] = await Promise.all([
    prisma.rule.findMany({ where, select: { id: true, createdAt: true, name: true } }),
    prisma.collectionRule.findMany({ where }),
  ]);
  return [
    ...rules.map((rule) => ({ ...rule, kind: "rule" as const })),
    ...collectionRules.map((rule) => ({
      id: rule.id,
      createdAt: rule.createdAt,
      name: mapCollectionRule(rule).name,
      kind: "collection" as const,
    })),
  ]
    .sort(oldestFirst)
    .map((rule) => rule.name);
}

/** Where a rule counts as paused by the plan (kept, not evaluated). */
const PAUSED_RULES = { isActive: true, pausedByPlan: { not: null } } as const;

type LimitedWhere = typeof EVALUATED_RULES | typeof PAUSED_RULES;

/** The shop's rules and collection rules matching `where`, as the plan limit counts them. */
export async function limitedRules(tx: Tx, shopId: string, where: LimitedWhere): Promise<LimitedRule[]> {
  const select = { id: true, createdAt: true };
  const [rules, collectionRules] = await Promise.all([
    tx.rule.findMany({ where: { shopId, ...where }, select }),
    tx.collectionRule.findMany({ where: { shopId, ...where }, select }),
  ]);
  return [
    ...rules.map((rule) => ({ ...rule, kind: "rule" as const })),
    ...collectionRules.map((rule) => ({ ...rule, kind: "collection" as const })),
  ];
}

/** Writes `data` to these rules and collection rules of the shop. */
export async function updateLimitedRules(
  tx: Tx,
  shopId: string,
  rules: LimitedRule[],
  data: { pausedByPlan: string | null; pausedAt: Date | null; resumedAt?: Date | null },
): Promise<void> {
  const ids = (kind: LimitedRule["kind"]) => rules.filter((rule) => rule.kind === kind).map((rule) => rule.id);
  await tx.rule.updateMany({ where: { shopId, id: { in: ids("rule") } }, data });
  await tx.collectionRule.updateMany({ where: { shopId, id: { in: ids("collection") } }, data });
}

export interface PausedRule extends LimitedRule {
  name: string;
  pausedByPlan: PlanId;
  pausedAt: Date | null;
}

/** The rules a plan change paused, oldest first, with the plan that paused them. */
export async function listPausedRules(shopId: string): Promise<PausedRule[]> {
  const where = { shopId, ...PAUSED_RULES };
  const [rules, collectionRules] = await Promise.all([
    prisma.rule.findMany({ where, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    prisma.collectionRule.findMany({ where, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
  ]);
  return [
    ...rules.map((rule) => ({ id: rule.id, name: rule.name, kind: "rule" as const, ...pausedFields(rule) })),
    ...collectionRules.map((rule) => ({
      id: rule.id,
      name: mapCollectionRule(rule).name,
      kind: "collection" as const,
      ...pausedFields(rule),
    })),
  ];
}

function pausedFields(rule: { pausedByPlan: string | null; pausedAt: Date | null; createdAt: Date }) {
  return { pausedByPlan: toPlanId(rule.pausedByPlan) ?? "free", pausedAt: rule.pausedAt, createdAt: rule.createdAt };
}

/** What the paused-rules banner shows: the names, the plan that paused them, and the room now. */
export async function pausedRulesView(shopId: string, plan: PlanId): Promise<PausedRulesView | null> {
  const [paused, active] = await Promise.all([listPausedRules(shopId), countActiveRules(shopId)]);
  if (paused.length === 0) return null;
  const latest = paused.reduce((a, b) => ((a.pausedAt?.getTime() ?? 0) >= (b.pausedAt?.getTime() ?? 0) ? a : b));
  return {
    names: paused.map((rule) => rule.name),
    pausedBy: latest.pausedByPlan,
    resumable: rulesToResume(paused, active, plan).length,
  };
}

/**
 * Resumes the rules a plan change paused, the oldest first, as many as `plan` allows beside the
 * active ones, in the caller's transaction; each says when (resumedAt). Returns how many were
 * resumed and how many stay paused.
 */
export async function resumeWithinLimit(
  tx: Tx,
  shopId: string,
  plan: PlanId,
  now: Date,
): Promise<{ resumed: number; stillPaused: number }> {
  const [paused, active] = await Promise.all([limitedRules(tx, shopId, PAUSED_RULES), countActiveRules(shopId, tx)]);
  const resume = rulesToResume(paused, active, plan);
  if (resume.length > 0) {
    await updateLimitedRules(tx, shopId, resume, { pausedByPlan: null, pausedAt: null, resumedAt: now });
  }
  return { resumed: resume.length, stillPaused: paused.length - resume.length };
}

/** The Rules page's "Resume paused rules": what the plan has room for, now. */
export function resumePausedRules(owner: {
  id: string;
  plan: PlanId;
}): Promise<{ resumed: number; stillPaused: number }> {
  return prisma
    .$transaction((tx) => resumeWithinLimit(tx, owner.id, owner.plan, new Date()))
    .finally(() => forgetShopRules(owner.id));
}

/** How long the Rules page and /billing/success name the rules a plan change resumed. */
export const RESUMED_SHOWN_MS = 7 * 86_400_000;

/** The names of the rules a plan resumed since `since`, oldest first (the plan change's news). */
export async function rulesResumedSince(shopId: string, since: Date): Promise<string[]> {
  const where = { shopId, resumedAt: { gte: since }, ...EVALUATED_RULES };
  const [rules, collectionRules] = await Promise.all([
    prisma.rule.findMany({ where, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    prisma.collectionRule.findMany({ where, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
  ]);
  return [...rules.map((rule) => rule.name), ...collectionRules.map((rule) => mapCollectionRule(rule).name)];
}

/** Whether the plan has room for one more active rule or collection rule. */
export async function roomForOneMore(owner: { id: string; plan: PlanId }, tx: Tx): Promise<boolean> {
  return canActivateAnotherRule(owner.plan, await countActiveRules(owner.id, tx));
}
