// The shop's rules: list, read, create, edit, switch and delete, each answering a Result.
import type { Prisma, Rule } from "@prisma/client";
import prisma from "../../db.server";
import { centsToDollars } from "../../domain/money";
import { DEFAULT_CURRENCY, DEFAULT_PRIORITY, storedThreshold } from "../../domain/rules/rules";
import type { RuleInput } from "../../forms/rules";
import { recordAuditEvents } from "../audit/events.server";
import { orderActionsOf, type OrderActions } from "../../domain/actions/order-actions";
import { forgetShopRules } from "./cache.server";
import { fail, ok } from "../../domain/result";
import { ruleStatus, type RuleStatus } from "../../domain/rules/rule-schedule";
import { createColumns, editColumns, orderActionColumns, switchColumns } from "./rule-saves.server";
import type { RuleOwner, RuleResult } from "./rule-saves.server";

// the Rules and Integration pages import these from here
export type { RuleOwner, RuleResult } from "./rule-saves.server";
export {
  createCollectionRule,
  deleteCollectionRule,
  listCollectionRules,
  setCollectionRuleActive,
  updateCollectionRule,
} from "./collection-rules.server";
export {
  countActiveRules,
  pausedRulesView,
  planLimitMessage,
  RESUMED_SHOWN_MS,
  resumePausedRules,
  rulesResumedSince,
} from "./plan-limit.server";
export { getBlockingSettings, saveBlockingSettings, saveStackingSettings } from "./settings.server";

const NOT_FOUND = fail(404, "Rule not found");

/** A rule as the API and the Rules page show it: its row, with its order actions as one object. */
export type RuleView = Rule & { orderActions: OrderActions; status: RuleStatus };

export function ruleView(rule: Rule): RuleView {
  return { ...rule, orderActions: orderActionsOf(rule), status: ruleStatus(rule) };
}

export async function listRules(shopId: string): Promise<RuleView[]> {
  const rules = await prisma.rule.findMany({
    where: { shopId },
    orderBy: [{ priority: "desc" }, { createdAt: "asc" }, { id: "asc" }],
  });
  return rules.map(ruleView);
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
      const columns = await createColumns(owner, input, tx);
      if (!columns.ok) return columns;
      const rule = await tx.rule.create({ data: { ...ruleData(owner, input), ...columns.value, shopId: owner.id } });
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
      const columns = await editColumns(owner, input, existing, tx);
      if (!columns.ok) return columns;
      const rule = await tx.rule.update({
        where: { id: existing.id },
        data: { ...ruleData(owner, input, existing), ...columns.value },
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
      const switched = await switchColumns(owner, existing, isActive, tx);
      if (!switched.ok) return switched;
      const rule = await tx.rule.update({ where: { id: existing.id }, data: switched.value });
      return ok(ruleView(rule));
    })
    .finally(() => forgetShopRules(owner.id));
}

export async function deleteRule(owner: RuleOwner, id: string): Promise<RuleResult<{ id: string }>> {
  const result = await prisma.rule.deleteMany({ where: { id, shopId: owner.id } });
  forgetShopRules(owner.id);
  return result.count === 1 ? ok({ id }) : NOT_FOUND;
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
