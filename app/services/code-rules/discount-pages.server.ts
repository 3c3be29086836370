/**
 * What the pages Shopify's Discounts page opens in the app show and do (Discount apps category,
 * docs/product.md#shopifys-discounts-page): which Function a path names (ours, or not
 * found), the code-rules discount's state in Shopify, and "Create discount", which creates the
 * shop's one code-rules app discount with discountAutomaticAppCreate and the Function's handle
 * (syncCodeRulesDiscount), so Shopify ties it to the Function and links to these pages.
 */
import prisma from "../../db.server";
import { hasCodeRules, type CodeRules } from "../../domain/code-rules/code-rules";
import { discountDetailsPath } from "../../domain/code-rules/discount-paths";
import { fail, messageOf, ok, type Result } from "../../domain/result";
import { grantedScopesOf, missingScopes } from "../../domain/shops/scopes";
import { codeRulesSchema } from "../../forms/code-rules";
import { logger } from "../../logger.server";
import type { ActionClient } from "../actions/admin-client.server";
import type { AdminContext } from "../../types/admin-context";
import { adminGraphqlData } from "../admin-api/admin-graphql.server";
import {
  CODE_RULES_NEED_CORE,
  CODES_DISCOUNT_TITLE,
  CODES_FUNCTION_HANDLE,
  getCodeRules,
  syncCodeRulesDiscount,
} from "./code-rules.server";

const APP_FUNCTIONS = `#graphql
  query MarginGuardrailAppFunctions {
    shopifyFunctions(first: 50) { nodes { id handle apiType } }
  }`;
const DISCOUNT_STATE = `#graphql
  query MarginGuardrailCodeRulesDiscountState($id: ID!) {
    automaticDiscountNode(id: $id) {
      id
      automaticDiscount {
        __typename
        ... on DiscountAutomaticApp { title status startsAt appDiscountType { functionId } }
      }
    }
  }`;

export const NEEDS_WRITE_DISCOUNTS =
  "Shopify has not granted Margin Guardrail permission to manage discounts (write_discounts). Grant it on the Code rules page, then create the discount.";
/** Shopify's library throws an HTTP error answer as the Response itself. */
const whyFailed = (error: unknown) =>
  error instanceof Response
    ? `Shopify answered ${error.status}${error.statusText ? ` ${error.statusText}` : ""}.`
    : messageOf(error);

export const NOT_CONNECTED =
  "Not connected to Shopify: the app cannot ask for its discount now. Try again in a moment.";

/** Whether `functionId` is the code rules' Function (one of this app's, by its handle): Shopify says. */
export async function isCodesFunction(client: ActionClient | null, functionId: string): Promise<Result<boolean>> {
  if (!client) return fail(502, NOT_CONNECTED);
  try {
    // the Functions this app owns: another app's Function is not among them
    const data = await adminGraphqlData(client.graphql, APP_FUNCTIONS, {});
    const nodes = data.shopifyFunctions?.nodes ?? [];
    return ok(nodes.some((fn) => fn.id === functionId && fn.handle === CODES_FUNCTION_HANDLE));
  } catch (error) {
    logger.error("Asking Shopify for the app's Functions failed", { err: error });
    return fail(502, `Shopify did not say which discount this is: ${whyFailed(error)}`);
  }
}

/** The discount as Shopify has it now: its status (ACTIVE, SCHEDULED, EXPIRED), or why it is unknown. */
export interface DiscountInShopify {
  status: "ACTIVE" | "SCHEDULED" | "EXPIRED" | null;
  title: string | null;
  /** the discount is gone from Shopify (deleted there) */
  missing: boolean;
  /** Shopify could not be asked */
  error: string | null;
}

export async function discountInShopify(client: ActionClient | null, discountId: string): Promise<DiscountInShopify> {
  const unknown = (error: string): DiscountInShopify => ({ status: null, title: null, missing: false, error });
  if (!client) return unknown(NOT_CONNECTED);
  try {
    const data = await adminGraphqlData(client.graphql, DISCOUNT_STATE, { id: discountId });
    const discount = data.automaticDiscountNode?.automaticDiscount;
    if (discount?.__typename !== "DiscountAutomaticApp")
      return { status: null, title: null, missing: true, error: null };
    return { status: discount.status, title: discount.title, missing: false, error: null };
  } catch (error) {
    logger.error("Asking Shopify for the code rules discount failed", { discountId, err: error });
    return unknown(whyFailed(error));
  }
}

/** The rules in brief, one line each, for the details page. */
export function rulesInBrief(rules: CodeRules): string[] {
  if (!hasCodeRules(rules)) return [];
  const lines: string[] = [];
  if (rules.noCodesOnSaleItems) lines.push("No code while the cart holds an item already on sale");
  if (rules.maxDiscountPercent !== null) lines.push(`Codes together take at most ${rules.maxDiscountPercent}% off`);
  if (rules.maxCodes !== null)
    lines.push(`At most ${rules.maxCodes} ${rules.maxCodes === 1 ? "code" : "codes"} together`);
  if (rules.forbiddenPairs.length) {
    const n = rules.forbiddenPairs.length;
    lines.push(`${n} forbidden ${n === 1 ? "pair" : "pairs"} of codes`);
  }
  const protectedCount = rules.protectedProductIds.length + rules.protectedCollectionIds.length;
  if (protectedCount) {
    lines.push(
      `No code with ${rules.protectedProductIds.length} protected ${rules.protectedProductIds.length === 1 ? "product" : "products"} and ${rules.protectedCollectionIds.length} protected ${rules.protectedCollectionIds.length === 1 ? "collection" : "collections"}`,
    );
  }
  const tags = rules.customerTags;
  if (tags?.tags.length) {
    lines.push(`${tags.mode === "only" ? "Codes only for" : "No codes for"} customers tagged ${tags.tags.join(", ")}`);
  }
  if (rules.newAccountDays !== null && rules.newAccountMaxPercent !== null) {
    lines.push(
      `Codes over ${rules.newAccountMaxPercent}% only for accounts at least ${rules.newAccountDays} ${rules.newAccountDays === 1 ? "day" : "days"} old${rules.newAccountGuests === "new" ? ", not for guests" : ""}`,
    );
  }
  if (rules.backupCode) lines.push(`Turned-away codes suggest ${rules.backupCode} instead`);
  return lines;
}

/** Shopify has not granted write_discounts, which the discount needs (the demo store needs none). */
export const lacksDiscountScope = (context: AdminContext) =>
  !context.demo && missingScopes(["write_discounts"], grantedScopesOf(context.shop.grantedScopes)).length > 0;

export interface CreatedDiscount {
  discountId: string;
  /** false: the shop had it already, and the page leads to it */
  created: boolean;
  detailsPath: string | null;
}

/**
 * "Create discount" from Shopify's Discounts page: the shop's one code-rules app discount, as the
 * Code rules save creates it (Core and Plus, docs/product.md#decisions, 18; write_discounts granted), even before a
 * rule is on; the one the shop has already when it has one. Free and a missing scope are refused
 * and change nothing; Shopify's refusal is kept as the code rules' syncError and answered (502).
 */
export async function createCodeRulesDiscount(
  context: AdminContext,
  client: ActionClient | null,
  functionId: string,
): Promise<Result<CreatedDiscount>> {
  const shop = { id: context.shop.id, plan: context.plan };
  const before = await getCodeRules(shop);
  if (!before.available) return fail(403, CODE_RULES_NEED_CORE);
  const answer = (discountId: string, created: boolean) =>
    ok({ discountId, created, detailsPath: discountDetailsPath(functionId, discountId) });
  if (before.discountId) return answer(before.discountId, false);
  if (lacksDiscountScope(context)) return fail(403, NEEDS_WRITE_DISCOUNTS);
  if (!client) return fail(502, NOT_CONNECTED);
  // a shop that never saved code rules gets the defaults (no rule on: nothing turned away)
  await prisma.codeRuleSettings.upsert({
    where: { shopId: shop.id },
    create: { shopId: shop.id, settings: codeRulesSchema.parse({}) },
    update: {},
  });
  await syncCodeRulesDiscount(shop.id, client, { create: true });
  const after = await getCodeRules(shop);
  if (!after.discountId) return fail(502, after.syncError ?? `Shopify did not create "${CODES_DISCOUNT_TITLE}".`);
  logger.info("Code rules discount created from Shopify's Discounts page", { shopId: shop.id });
  return answer(after.discountId, true);
}
