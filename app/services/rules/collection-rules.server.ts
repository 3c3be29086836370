// The shop's collection rules: list, create, edit, switch and delete, each answering a Result.
import prisma from "../../db.server";
import { DEFAULT_CURRENCY, mapCollectionRule, type MappedCollectionRule } from "../../domain/rules/rules";
import { fail, ok } from "../../domain/result";
import type { CollectionRuleInput } from "../../forms/rules";
import { recordAuditEvents } from "../audit/events.server";
import { forgetShopRules } from "./cache.server";
import { createColumns, editColumns, orderActionColumns, switchColumns } from "./rule-saves.server";
import type { RuleOwner, RuleResult } from "./rule-saves.server";

const COLLECTION_RULE_NOT_FOUND = fail(404, "Collection rule not found");

export async function listCollectionRules(shopId: string): Promise<MappedCollectionRule[]> {
  const rows = await prisma.collectionRule.findMany({
    where: { shopId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map(mapCollectionRule);
}

export function createCollectionRule(
  owner: RuleOwner,
  input: CollectionRuleInput,
): Promise<RuleResult<MappedCollectionRule>> {
  return prisma
    .$transaction(async (tx): Promise<RuleResult<MappedCollectionRule>> => {
      const columns = await createColumns(owner, input, tx);
      if (!columns.ok) return columns;
      const row = await tx.collectionRule.create({
        data: {
          ...columns.value,
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
  const columns = await editColumns(owner, input, existing, prisma);
  if (!columns.ok) return columns;
  const result = await prisma.collectionRule.updateMany({
    where: { id, shopId: owner.id },
    data: {
      ...columns.value,
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
      const switched = await switchColumns(owner, existing, isActive, tx);
      if (!switched.ok) return switched;
      return ok(mapCollectionRule(await tx.collectionRule.update({ where: { id }, data: switched.value })));
    })
    .finally(() => forgetShopRules(owner.id));
}

export async function deleteCollectionRule(owner: RuleOwner, id: string): Promise<RuleResult<{ id: string }>> {
  const result = await prisma.collectionRule.deleteMany({ where: { id, shopId: owner.id } });
  forgetShopRules(owner.id);
  return result.count === 1 ? ok({ id }) : COLLECTION_RULE_NOT_FOUND;
}
