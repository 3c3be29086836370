// The shop's collection rules: list, create, edit, switch and delete, each answering a Result.
import prisma from "../../db.server";
import { DEFAULT_CURRENCY, mapCollectionRule, type MappedCollectionRule } from "../../domain/rules/rules";
import { fail, ok, type Result } from "../../domain/result";
import type { CollectionRuleInput } from "../../forms/rules";
import { logger } from "../../logger.server";
import type { ActionClient } from "../actions/admin-client.server";
import { adminGraphqlData } from "../admin-api/admin-graphql.server";
import { recordAuditEvents } from "../audit/events.server";
import { forgetShopRules } from "./cache.server";
import { createColumns, editColumns, orderActionColumns, switchColumns } from "./rule-saves.server";
import type { RuleOwner, RuleResult } from "./rule-saves.server";

const COLLECTION_RULE_NOT_FOUND = fail(404, "Collection rule not found");

export const NO_SUCH_COLLECTION = "No collection with this id in your shop";

const COLLECTION_TITLE = `#graphql
  query MarginGuardrailCollectionTitle($id: ID!) {
    collection(id: $id) { id title }
  }`;

/** What a save says when the collection cannot be read: nothing is saved (docs/product.md#rules). */
export const collectionUnreadable = (client: ActionClient | null) =>
  `${client?.standIn ? "The demo store's stand-in of Shopify" : "Shopify"} could not be reached to read the ` +
  "collection: nothing was saved. Try again in a moment.";

/** The collection's title in the shop, read from Shopify: 400 when the shop has no such collection. */
async function readCollectionTitle(client: ActionClient | null, collectionId: string): Promise<Result<string>> {
  if (!client) return fail(502, collectionUnreadable(client));
  try {
    const { collection } = await adminGraphqlData(client.graphql, COLLECTION_TITLE, { id: collectionId });
    if (!collection) return fail(400, NO_SUCH_COLLECTION, { fields: { collectionId: [NO_SUCH_COLLECTION] } });
    return ok(collection.title);
  } catch (error) {
    logger.warn("Reading a collection rule's collection failed", { collectionId, err: error });
    return fail(502, collectionUnreadable(client));
  }
}

/**
 * The title a saved collection rule is named by (docs/product.md#rules): the one given (App Bridge's
 * resource picker gives it with the id), else the rule's own while its collection is the same, else
 * Shopify's. An edit to another collection that carries the old collection's title (the form keeps it
 * while an id is typed) has none given.
 */
function collectionTitleOf(
  input: CollectionRuleInput,
  client: ActionClient | null,
  existing?: { collectionId: string; collectionTitle: string | null },
): Promise<Result<string>> | Result<string> {
  const sameCollection = existing?.collectionId === input.collectionId;
  const carried = existing && !sameCollection && input.collectionTitle === existing.collectionTitle;
  if (input.collectionTitle && !carried) return ok(input.collectionTitle);
  if (sameCollection && existing.collectionTitle) return ok(existing.collectionTitle);
  return readCollectionTitle(client, input.collectionId);
}

export async function listCollectionRules(shopId: string): Promise<MappedCollectionRule[]> {
  const rows = await prisma.collectionRule.findMany({
    where: { shopId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map(mapCollectionRule);
}

/**
 * Adds a collection rule; `client` reads its collection's title when none is given, and a collection
 * the shop does not have is refused (docs/product.md#rules).
 */
export async function createCollectionRule(
  owner: RuleOwner,
  input: CollectionRuleInput,
  client: ActionClient | null,
): Promise<RuleResult<MappedCollectionRule>> {
  const title = await collectionTitleOf(input, client);
  if (!title.ok) return title;
  return prisma
    .$transaction(async (tx): Promise<RuleResult<MappedCollectionRule>> => {
      const columns = await createColumns(owner, input, tx);
      if (!columns.ok) return columns;
      const row = await tx.collectionRule.create({
        data: {
          ...columns.value,
          shopId: owner.id,
          collectionId: input.collectionId,
          collectionTitle: title.value,
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

/**
 * Saves a collection rule's edit: its collection, type, threshold, action and order actions; another
 * collection without its title has it read as a new rule's is.
 */
export async function updateCollectionRule(
  owner: RuleOwner,
  id: string,
  input: CollectionRuleInput,
  client: ActionClient | null,
): Promise<RuleResult<MappedCollectionRule>> {
  const existing = await prisma.collectionRule.findFirst({ where: { id, shopId: owner.id } });
  if (!existing) return COLLECTION_RULE_NOT_FOUND;
  const title = await collectionTitleOf(input, client, existing);
  if (!title.ok) return title;
  const columns = await editColumns(owner, input, existing, prisma);
  if (!columns.ok) return columns;
  const result = await prisma.collectionRule.updateMany({
    where: { id, shopId: owner.id },
    data: {
      ...columns.value,
      collectionId: input.collectionId,
      collectionTitle: title.value,
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
