import type { Prisma, Rule } from "@prisma/client";
import prisma from "../../db.server";
import { centsToDollars } from "../../domain/money";
import { PLANS, canActivateAnotherRule, planName, toPlanId, type PlanId } from "../../domain/plans";
import { rulesToResume, type LimitedRule, type PausedRulesView } from "../../domain/plan-truth";
import {
  DEFAULT_CURRENCY,
  DEFAULT_PRIORITY,
  mapCollectionRule,
  storedThreshold,
  type MappedCollectionRule,
} from "../../domain/rules";
import type { BlockingInput, CollectionRuleInput, RuleInput, StackingInput } from "../../forms/rules";
import { recordAuditEvents } from "../audit/events.server";
import {
  ORDER_ACTIONS_LOCKED,
  orderActionsOf,
  planHasOrderActions,
  type OrderActions,
} from "../../domain/order-actions";
import { forgetShopRules } from "./cache.server";
import { fail, ok, type Result } from "../../domain/result";
import { parseScheduleInstant, ruleStatus, statusColumns, type RuleStatus } from "../../domain/rule-schedule";
import { END_AFTER_START } from "../../forms/rules";

/** The shop a rules operation runs for: every query below is scoped by its id. */
export interface RuleOwner {
  id: string;
  plan: PlanId;
  currency?: string;
  /** the shop's IANA zone, for schedules written without an offset; read from the shop when left out */
  timeZone?: string;
}

/** A rules operation's answer: 403 (the plan), 404 (not the shop's rule) or 409 (the plan's limit). */
export type RuleResult<T> = Result<T>;

/** A rule as the API and the Rules page show it: its row, with its order actions as one object. */
export type RuleView = Rule & { orderActions: OrderActions; status: RuleStatus };

export function ruleView(rule: Rule): RuleView {
  return { ...rule, orderActions: orderActionsOf(rule), status: ruleStatus(rule) };
}

/**
 * A rule's schedule as stored (docs/product.md#status-and-schedule): each instant
 * read in the shop's zone unless written with an offset; left out or empty is none. An end not
 * after the start is refused (400, naming endsAt) before anything is written.
 */
async function scheduleColumns(
  owner: RuleOwner,
  input: { startsAt?: string | null; endsAt?: string | null },
  tx: Tx = prisma,
): Promise<Result<{ startsAt: Date | null; endsAt: Date | null }>> {
  if (!input.startsAt && !input.endsAt) return ok({ startsAt: null, endsAt: null });
  const timeZone =
    owner.timeZone ??
    (await tx.shop.findUnique({ where: { id: owner.id }, select: { timezone: true } }))?.timezone ??
    "UTC";
  const startsAt = input.startsAt ? parseScheduleInstant(input.startsAt, timeZone) : null;
  const endsAt = input.endsAt ? parseScheduleInstant(input.endsAt, timeZone) : null;
  if (startsAt && endsAt && endsAt.getTime() <= startsAt.getTime()) {
    return fail(400, END_AFTER_START, { fields: { endsAt: [END_AFTER_START] } });
  }
  return ok({ startsAt, endsAt });
}

/**
 * The on/off switch and testing flag a status or isActive sets; neither sent: none. A status
 * that keeps the rule on or off as it was (the edit dialog always sends one) leaves the switch
 * alone, so a rule paused by the plan stays paused; an explicit isActive switches as before.
 */
function statusSwitch(
  input: { status?: RuleStatus; isActive?: boolean },
  existing?: { isActive: boolean },
): { isActive?: boolean; testing?: boolean } {
  if (input.status) {
    const columns = statusColumns(input.status);
    const keep = input.isActive === undefined && existing?.isActive === columns.isActive;
    return keep ? { testing: columns.testing } : columns;
  }
  return input.isActive === undefined ? {} : { isActive: input.isActive };
}

/** The stored columns of a rule's or collection rule's order actions: what the input says, else what it had. */
function orderActionColumns(
  input: { orderActions?: Partial<OrderActions> },
  existing?: { tagOrder: boolean; holdOrder: boolean; flowTrigger: boolean },
) {
  return {
    tagOrder: input.orderActions?.tag ?? existing?.tagOrder ?? false,
    holdOrder: input.orderActions?.hold ?? existing?.holdOrder ?? false,
    flowTrigger: input.orderActions?.flow ?? existing?.flowTrigger ?? false,
  };
}

/** Turning an order action on needs a paid plan; keeping or turning one off never does. */
function orderActionsRefused(
  owner: RuleOwner,
  input: { orderActions?: Partial<OrderActions> },
  existing?: { tagOrder: boolean; holdOrder: boolean; flowTrigger: boolean } | null,
) {
  const was = existing ? orderActionsOf(existing) : null;
  const turnedOn = Object.entries(input.orderActions ?? {}).some(
    ([action, on]) => on && !was?.[action as keyof OrderActions],
  );
  return turnedOn && !planHasOrderActions(owner.plan) ? fail(403, ORDER_ACTIONS_LOCKED) : null;
}

type Tx = Prisma.TransactionClient;

const NOT_FOUND = fail(404, "Rule not found");

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

function isEvaluated(rule: { isActive: boolean; pausedByPlan: string | null }): boolean {
  return rule.isActive && rule.pausedByPlan === null;
}

/** A merchant's switch: on or off, and no longer paused by the plan either way. */
function switchedTo(isActive: boolean) {
  return { isActive, pausedByPlan: null, pausedAt: null };
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
export function resumePausedRules(owner: RuleOwner): Promise<{ resumed: number; stillPaused: number }> {
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

async function roomForOneMore(owner: RuleOwner, tx: Tx): Promise<boolean> {
  return canActivateAnotherRule(owner.plan, await countActiveRules(owner.id, tx));
}

export async function listRules(shopId: string): Promise<RuleView[]> {
  const rules = await prisma.rule.findMany({
    where: { shopId },
    orderBy: [{ priority: "desc" }, { createdAt: "asc" }, { id: "asc" }],
  });
  return rules.map(ruleView);
}

export async function listCollectionRules(shopId: string): Promise<MappedCollectionRule[]> {
  const rows = await prisma.collectionRule.findMany({
    where: { shopId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map(mapCollectionRule);
}

export async function findRule(shopId: string, id: string): Promise<RuleView | null> {
  const rule = await prisma.rule.findFirst({ where: { id, shopId } });
  return rule && ruleView(rule);
}

/** The stored fields of a rule; an edit keeps what it does not send (currency, priority, conditions). */
function ruleData(owner: RuleOwner, input: RuleInput, existing?: Rule) {
  return {
    name: input.name,
    description: input.description,
    ruleType: input.ruleType,
    ...storedThreshold(input.ruleType, input.thresholdUnit, input.threshold),
    action: input.action,
    currency: input.currency ?? existing?.currency ?? owner.currency ?? DEFAULT_CURRENCY,
    priority: input.priority ?? existing?.priority ?? DEFAULT_PRIORITY,
    conditions: (input.conditions ?? existing?.conditions ?? {}) as Prisma.InputJsonValue,
    ...orderActionColumns(input, existing),
  };
}

/** Creates a rule (active unless said otherwise) and records a rule_created event. */
export function createRule(owner: RuleOwner, input: RuleInput): Promise<RuleResult<RuleView>> {
  return prisma
    .$transaction(async (tx): Promise<RuleResult<RuleView>> => {
      const refused = orderActionsRefused(owner, input);
      if (refused) return refused;
      const schedule = await scheduleColumns(owner, input, tx);
      if (!schedule.ok) return schedule;
      const { isActive = true, testing = false } = statusSwitch(input);
      if (isActive && !(await roomForOneMore(owner, tx))) {
        return fail(409, planLimitMessage(owner.plan));
      }
      const rule = await tx.rule.create({
        data: { ...ruleData(owner, input), ...schedule.value, isActive, testing, shopId: owner.id },
      });
      await recordAuditEvents(
        owner.id,
        [
          {
            eventType: "rule_created",
            severity: "low",
            message: `Rule "${rule.name}" created`,
            ruleId: rule.id,
            ruleKey: rule.ruleType,
            ruleName: rule.name,
            threshold: rule.thresholdPercent ?? centsToDollars(rule.thresholdAmountCents ?? 0),
            discountCodes: [],
            details: { rule_name: rule.name, threshold_amount: rule.threshold },
          },
        ],
        tx,
      );
      return ok(ruleView(rule));
    })
    .finally(() => forgetShopRules(owner.id));
}

/** Saves the edit dialog: every field, and the active flag if given. */
export function updateRule(owner: RuleOwner, id: string, input: RuleInput): Promise<RuleResult<RuleView>> {
  return prisma
    .$transaction(async (tx): Promise<RuleResult<RuleView>> => {
      const existing = await tx.rule.findFirst({ where: { id, shopId: owner.id } });
      if (!existing) return NOT_FOUND;
      const refused = orderActionsRefused(owner, input, existing);
      if (refused) return refused;
      const schedule = await scheduleColumns(owner, input, tx);
      if (!schedule.ok) return schedule;
      const { isActive, testing } = statusSwitch(input, existing);
      if (isActive && !isEvaluated(existing) && !(await roomForOneMore(owner, tx))) {
        return fail(409, planLimitMessage(owner.plan));
      }
      const rule = await tx.rule.update({
        where: { id: existing.id },
        data: {
          ...ruleData(owner, input, existing),
          ...schedule.value,
          ...(isActive === undefined ? {} : switchedTo(isActive)),
          ...(testing === undefined ? {} : { testing }),
        },
      });
      return ok(ruleView(rule));
    })
    .finally(() => forgetShopRules(owner.id));
}

/** The list's active toggle. Turning a rule on counts against the plan's limit. */
export function setRuleActive(owner: RuleOwner, id: string, isActive: boolean): Promise<RuleResult<RuleView>> {
  return prisma
    .$transaction(async (tx): Promise<RuleResult<RuleView>> => {
      const existing = await tx.rule.findFirst({ where: { id, shopId: owner.id } });
      if (!existing) return NOT_FOUND;
      if (isActive && !isEvaluated(existing) && !(await roomForOneMore(owner, tx))) {
        return fail(409, planLimitMessage(owner.plan));
      }
      const rule = await tx.rule.update({ where: { id: existing.id }, data: switchedTo(isActive) });
      return ok(ruleView(rule));
    })
    .finally(() => forgetShopRules(owner.id));
}

export async function deleteRule(owner: RuleOwner, id: string): Promise<RuleResult<{ id: string }>> {
  const result = await prisma.rule.deleteMany({ where: { id, shopId: owner.id } });
  forgetShopRules(owner.id);
  return result.count === 1 ? ok({ id }) : NOT_FOUND;
}

export function createCollectionRule(
  owner: RuleOwner,
  input: CollectionRuleInput,
): Promise<RuleResult<MappedCollectionRule>> {
  return prisma
    .$transaction(async (tx): Promise<RuleResult<MappedCollectionRule>> => {
      const refused = orderActionsRefused(owner, input);
      if (refused) return refused;
      const schedule = await scheduleColumns(owner, input, tx);
      if (!schedule.ok) return schedule;
      const { isActive = true, testing = false } = statusSwitch(input);
      if (isActive && !(await roomForOneMore(owner, tx))) return fail(409, planLimitMessage(owner.plan));
      const row = await tx.collectionRule.create({
        data: {
          ...schedule.value,
          isActive,
          testing,
          shopId: owner.id,
          collectionId: input.collectionId,
          collectionTitle: input.collectionTitle,
          ruleType: input.ruleType,
          threshold: input.threshold,
          action: input.action,
          currency: owner.currency ?? DEFAULT_CURRENCY,
          conditions: {},
          ...orderActionColumns(input),
        },
      });
      const mapped = mapCollectionRule(row);
      await recordAuditEvents(
        owner.id,
        [
          {
            eventType: "rule_created",
            severity: "low",
            message: `Collection rule "${mapped.name}" created`,
            ruleId: row.id,
            ruleKey: "collection_rule",
            ruleName: mapped.name,
            threshold: row.threshold,
            discountCodes: [],
            details: { rule_name: mapped.name, threshold_amount: row.threshold },
          },
        ],
        tx,
      );
      return ok(mapped);
    })
    .finally(() => forgetShopRules(owner.id));
}

/** Saves a collection rule's edit: its collection, type, threshold, action and order actions. */
export async function updateCollectionRule(
  owner: RuleOwner,
  id: string,
  input: CollectionRuleInput,
): Promise<RuleResult<MappedCollectionRule>> {
  const existing = await prisma.collectionRule.findFirst({ where: { id, shopId: owner.id } });
  if (!existing) return COLLECTION_RULE_NOT_FOUND;
  const refused = orderActionsRefused(owner, input, existing);
  if (refused) return refused;
  const schedule = await scheduleColumns(owner, input);
  if (!schedule.ok) return schedule;
  const { isActive, testing } = statusSwitch(input, existing);
  if (isActive && !isEvaluated(existing) && !(await roomForOneMore(owner, prisma))) {
    return fail(409, planLimitMessage(owner.plan));
  }
  const result = await prisma.collectionRule.updateMany({
    where: { id, shopId: owner.id },
    data: {
      ...schedule.value,
      ...(isActive === undefined ? {} : switchedTo(isActive)),
      ...(testing === undefined ? {} : { testing }),
      collectionId: input.collectionId,
      collectionTitle: input.collectionTitle,
      ruleType: input.ruleType,
      threshold: input.threshold,
      action: input.action,
      ...orderActionColumns(input, existing),
    },
  });
  forgetShopRules(owner.id);
  if (result.count !== 1) return COLLECTION_RULE_NOT_FOUND;
  return ok(mapCollectionRule(await prisma.collectionRule.findUniqueOrThrow({ where: { id } })));
}

/** The list's active toggle for a collection rule; turning it on counts against the plan's limit. */
export function setCollectionRuleActive(
  owner: RuleOwner,
  id: string,
  isActive: boolean,
): Promise<RuleResult<MappedCollectionRule>> {
  return prisma
    .$transaction(async (tx): Promise<RuleResult<MappedCollectionRule>> => {
      const existing = await tx.collectionRule.findFirst({ where: { id, shopId: owner.id } });
      if (!existing) return COLLECTION_RULE_NOT_FOUND;
      if (isActive && !isEvaluated(existing) && !(await roomForOneMore(owner, tx))) {
        return fail(409, planLimitMessage(owner.plan));
      }
      return ok(mapCollectionRule(await tx.collectionRule.update({ where: { id }, data: switchedTo(isActive) })));
    })
    .finally(() => forgetShopRules(owner.id));
}

const COLLECTION_RULE_NOT_FOUND = fail(404, "Collection rule not found");

export async function deleteCollectionRule(owner: RuleOwner, id: string): Promise<RuleResult<{ id: string }>> {
  const result = await prisma.collectionRule.deleteMany({ where: { id, shopId: owner.id } });
  forgetShopRules(owner.id);
  return result.count === 1 ? ok({ id }) : COLLECTION_RULE_NOT_FOUND;
}

export async function getStackingSettings(shopId: string): Promise<StackingInput> {
  const row = await prisma.stackingSettings.findUnique({ where: { shopId } });
  return {
    enabled: row?.enabled ?? false,
    blockedStacking: Array.isArray(row?.blockedStacking) ? (row.blockedStacking as string[][]) : [],
  };
}

export async function saveStackingSettings(shopId: string, input: StackingInput): Promise<StackingInput> {
  await prisma.stackingSettings.upsert({
    where: { shopId },
    create: { shopId, enabled: input.enabled, blockedStacking: input.blockedStacking },
    update: { enabled: input.enabled, blockedStacking: input.blockedStacking },
  });
  forgetShopRules(shopId);
  return input;
}

export async function getBlockingSettings(shopId: string): Promise<BlockingInput> {
  const row = await prisma.blockingSettings.upsert({ where: { shopId }, create: { shopId }, update: {} });
  return {
    instantBlocking: row.instantBlocking,
    staffOverride: row.staffOverride,
    customerMessage: row.customerMessage,
  };
}

export async function saveBlockingSettings(shopId: string, input: BlockingInput): Promise<BlockingInput> {
  await prisma.blockingSettings.upsert({ where: { shopId }, create: { shopId, ...input }, update: input });
  forgetShopRules(shopId);
  return input;
}

/**
 * Each testing rule's would-have breaches (rule_tested events) by rule id, for the Rules page
 * (docs/product.md#status-and-schedule).
 */
export async function testedCounts(shopId: string): Promise<Record<string, number>> {
  const rows = await prisma.auditEvent.groupBy({
    by: ["ruleId"],
    where: { shopId, eventType: "rule_tested" },
    _count: { _all: true },
  });
  return Object.fromEntries(rows.flatMap((row) => (row.ruleId ? [[row.ruleId, row._count._all]] : [])));
}
