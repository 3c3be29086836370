/**
 * The shop's code rules (docs/product.md#code-rules): stored settings, and the preview of what
 * they decide for a cart, through the same module the Discount Function runs.
 */
import prisma from "../../db.server";
import {
  DEFAULT_CODE_REJECTION_MESSAGE,
  decideCodes,
  decisionText,
  parseCodeValues,
  type CodeDecision,
  type CodeRules,
  type CodeValues,
} from "../../domain/code-rules/code-rules";
import { planHasCodeRules, type PlanId } from "../../domain/billing/plans";
import { normalizeCollectionId, normalizeProductId } from "../../domain/rules/rules";
import { codeRulesOf, codeRulesSchema, type CodeRulesInput, type CodeRulesPreviewInput } from "../../forms/code-rules";
import {
  CODE_RULES_METAFIELD,
  codeRulesMetafield,
  codeRulesWeighValues,
  hasCodeRules,
} from "../../domain/code-rules/code-rules";
import { codeRulesInputLimits, limitFieldErrors } from "../../domain/functions/input-limits";
import { fail, ok, type Result, messageOf } from "../../domain/result";
import { actionClientFor, refusedBy, type ActionClient } from "../actions/admin-client.server";
import {
  codeValuesOf,
  followDiscountWebhook,
  followRedeemCodeWebhook,
  syncAllDiscountCodeValues,
  type RedeemCodeChange,
} from "./discount-values.server";
import { adminGraphqlData, userErrorText } from "../admin-api/admin-graphql.server";
import { logger } from "../../logger.server";
import { forgetShopRules } from "../rules/cache.server";

export const CODE_RULES_NEED_CORE = "Code rules come with the Core plan. Upgrade to turn codes away at checkout.";
/** A save over Shopify's limits for a Function's input (docs/product.md#function-input-limits). */
export const CODE_RULES_OVER_LIMITS =
  "These code rules are more than Shopify passes to a Function: nothing was saved. Shorten the fields marked.";

// code rules act on the plans that pay (docs/product.md#decisions, 18), as alerts do
export { planHasCodeRules };

export interface CodeRulesView {
  /** the form's values */
  settings: CodeRulesInput;
  /** what the Function decides with */
  rules: CodeRules;
  available: boolean;
  discountId: string | null;
  /** whether the app discount is active in Shopify: false without one, and below Core */
  discountActive: boolean;
  syncedAt: string | null;
  syncError: string | null;
}

const EMPTY_SETTINGS: CodeRulesInput = codeRulesSchema.parse({});

/** Stored settings, read again through the schema: a row from an older shape still reads. */
function storedSettings(value: unknown): CodeRulesInput {
  const parsed = codeRulesSchema.safeParse(value);
  return parsed.success ? parsed.data : EMPTY_SETTINGS;
}

/** The Function's handle (extensions/margin-guardrail-codes) and the app discount that runs it. */
export const CODES_FUNCTION_HANDLE = "margin-guardrail-codes";
export const CODES_DISCOUNT_TITLE = "Margin Guardrail: code rules";

const DISCOUNT_CREATE = `#graphql
  mutation MarginGuardrailCodeRulesDiscount($automaticAppDiscount: DiscountAutomaticAppInput!) {
    discountAutomaticAppCreate(automaticAppDiscount: $automaticAppDiscount) {
      automaticAppDiscount { discountId }
      userErrors { field message }
    }
  }`;
const METAFIELDS_SET = `#graphql
  mutation MarginGuardrailCodeRulesSet($metafields: [MetafieldsSetInput!]!) {
    metafieldsSet(metafields: $metafields) { metafields { id } userErrors { field message code } }
  }`;

export async function getCodeRules(shop: { id: string; plan: PlanId }): Promise<CodeRulesView> {
  const row = await prisma.codeRuleSettings.findUnique({ where: { shopId: shop.id } });
  const settings = row ? storedSettings(row.settings) : EMPTY_SETTINGS;
  return {
    settings,
    rules: codeRulesOf(settings, DEFAULT_CODE_REJECTION_MESSAGE),
    available: planHasCodeRules(shop.plan),
    discountId: row?.discountId ?? null,
    discountActive: Boolean(row?.discountId && row.discountActive),
    syncedAt: row?.syncedAt?.toISOString() ?? null,
    syncError: row?.syncError ?? null,
  };
}

/**
 * The code rules an order is held to (docs/product.md#protection-gaps): on a plan that has them,
 * with at least one rule on; `active` when the app discount running their Function exists in
 * Shopify and is switched on. null: nothing to hold an order to.
 */
export async function codeRulesInForce(shop: {
  id: string;
  plan: PlanId;
}): Promise<{ rules: CodeRules; active: boolean } | null> {
  if (!planHasCodeRules(shop.plan)) return null;
  const row = await prisma.codeRuleSettings.findUnique({ where: { shopId: shop.id } });
  if (!row) return null;
  const rules = codeRulesOf(storedSettings(row.settings), DEFAULT_CODE_REJECTION_MESSAGE);
  if (!hasCodeRules(rules)) return null;
  return { rules, active: Boolean(row.discountId && row.discountActive) };
}

/** The rules the app writes for the shop (what its saved settings decide with); null before any save. */
export async function savedCodeRules(shopId: string): Promise<CodeRules | null> {
  const row = await prisma.codeRuleSettings.findUnique({ where: { shopId } });
  return row ? codeRulesOf(storedSettings(row.settings), DEFAULT_CODE_REJECTION_MESSAGE) : null;
}

/** Saved, or refused: 403 on Free, 400 over Shopify's limits for a Function's input. */
export type SaveCodeRulesResult = Result<CodeRulesView>;

/**
 * Saves the settings (Core and Plus; Free is refused and nothing is stored; so are settings past
 * Shopify's limits for a Function's input, with the fields to shorten), then writes them to
 * Shopify: the first time rules are set, the automatic app discount that runs the Function is
 * created with them in its $app metafield (discountAutomaticAppCreate); afterwards the metafield
 * is rewritten (metafieldsSet). The settings stay saved when Shopify refuses; the view's
 * syncError says why until a write succeeds.
 */
export async function saveCodeRules(
  shop: { id: string; plan: PlanId },
  input: CodeRulesInput,
  client: ActionClient | null,
): Promise<SaveCodeRulesResult> {
  if (!planHasCodeRules(shop.plan)) return fail(403, CODE_RULES_NEED_CORE);
  // past Shopify's limits the Function would let every code through (docs/product.md#function-input-limits)
  const limits = codeRulesInputLimits(codeRulesOf(input, DEFAULT_CODE_REJECTION_MESSAGE));
  if (!limits.withinLimits) return fail(400, CODE_RULES_OVER_LIMITS, { fields: limitFieldErrors(limits.problems) });
  await prisma.codeRuleSettings.upsert({
    where: { shopId: shop.id },
    create: { shopId: shop.id, settings: input },
    update: { settings: input },
  });
  // orders are held to the rules as saved now (docs/product.md#protection-gaps)
  forgetShopRules(shop.id);
  // a discount the plan switched off whose switch back on was refused is switched on first (that
  // writes the rules too); while it stays off, its rules are written when it is switched on
  // the cap, "most codes together" and the new-account rule weigh the codes' values: read them all
  // from Shopify first (a failure keeps the values read before; docs/product.md#code-rules)
  if (client && codeRulesWeighValues(codeRulesOf(input, DEFAULT_CODE_REJECTION_MESSAGE))) {
    try {
      await syncAllDiscountCodeValues(shop.id, client);
    } catch (error) {
      logger.error("Reading the discount codes' values failed", { shopId: shop.id, err: error });
    }
  }
  const switched = await matchCodeRulesDiscountToPlan(shop.id, shop.plan, async () => client);
  if (switched === "in-step") await syncCodeRulesDiscount(shop.id, client);
  return ok(await getCodeRules(shop));
}

/**
 * Writes the saved rules to Shopify's app discount; records the outcome, never throws. `create`:
 * the discount is created even with no rule on (Shopify's Discounts page's "Create discount",
 * docs/product.md#shopifys-discounts-page).
 */
export async function syncCodeRulesDiscount(
  shopId: string,
  client: ActionClient | null,
  { create = false }: { create?: boolean } = {},
): Promise<void> {
  const row = await prisma.codeRuleSettings.findUnique({ where: { shopId } });
  if (!row) return;
  const rules = codeRulesOf(storedSettings(row.settings), DEFAULT_CODE_REJECTION_MESSAGE);
  // no rules and no discount yet: nothing to turn away, nothing to create
  if (!row.discountId && !hasCodeRules(rules) && !create) return;
  const outcome = async (syncError: string | null, discountId = row.discountId, created = false) => {
    await prisma.codeRuleSettings.update({
      where: { shopId },
      data: {
        syncError,
        discountId,
        ...(created ? { discountActive: true } : {}),
        ...(syncError ? {} : { syncedAt: new Date() }),
      },
    });
  };
  if (!client) return outcome("Not connected to Shopify: the rules are saved here and reach checkout once the app is.");
  // rules saved before the limits were checked are not written: Shopify would not pass them on
  const limits = codeRulesInputLimits(rules);
  if (!limits.withinLimits) return outcome(limits.problems.map((problem) => problem.message).join(" "));
  // the codes' values ride along, the most valuable first, within the Function's input limit
  const { left, ...value } = codeRulesMetafield(rules, await codeValuesOf(shopId));
  if (left.length > 0) {
    logger.info("Code values left out of the code rules' metafield (size limit)", { shopId, count: left.length });
  }
  const metafield = {
    namespace: CODE_RULES_METAFIELD.namespace,
    key: CODE_RULES_METAFIELD.key,
    type: "json",
    value: JSON.stringify(value),
  };
  try {
    if (!row.discountId) {
      const data = await adminGraphqlData(client.graphql, DISCOUNT_CREATE, {
        automaticAppDiscount: {
          title: CODES_DISCOUNT_TITLE,
          functionHandle: CODES_FUNCTION_HANDLE,
          discountClasses: ["ORDER", "PRODUCT"],
          startsAt: new Date().toISOString(),
          // it gives no discount of its own, so it never stops another from combining
          combinesWith: { orderDiscounts: true, productDiscounts: true, shippingDiscounts: true },
          metafields: [metafield],
        },
      });
      const created = data.discountAutomaticAppCreate;
      if (!created) throw new Error("Shopify did not answer discountAutomaticAppCreate");
      if (created.userErrors.length) return outcome(refusedBy(client, userErrorText(created.userErrors)));
      if (!created.automaticAppDiscount) throw new Error("Shopify did not return the discount");
      // a new discount is active, whatever an earlier one (removed with an uninstall) was
      return outcome(null, created.automaticAppDiscount.discountId, true);
    }
    const data = await adminGraphqlData(client.graphql, METAFIELDS_SET, {
      metafields: [{ ownerId: row.discountId, ...metafield }],
    });
    if (!data.metafieldsSet) throw new Error("Shopify did not answer metafieldsSet");
    return outcome(
      data.metafieldsSet.userErrors.length ? refusedBy(client, userErrorText(data.metafieldsSet.userErrors)) : null,
    );
  } catch (error) {
    logger.error("Writing the code rules to Shopify failed", { shopId, err: error });
    return outcome(messageOf(error));
  }
}

const DISCOUNT_ON = `#graphql
  mutation MarginGuardrailCodeRulesOn($id: ID!) {
    discountAutomaticActivate(id: $id) { automaticDiscountNode { id } userErrors { field message code } }
  }`;
const DISCOUNT_OFF = `#graphql
  mutation MarginGuardrailCodeRulesOff($id: ID!) {
    discountAutomaticDeactivate(id: $id) { automaticDiscountNode { id } userErrors { field message code } }
  }`;

/** What matchCodeRulesDiscountToPlan did: nothing to do, switched, or Shopify refused (recorded). */
export type DiscountSwitch = "in-step" | "switched" | "refused";

/**
 * Switches the code-rules discount to what `plan` allows (docs/product.md#plans):
 * deactivated in Shopify below Core (discountAutomaticDeactivate), so no code is turned away on
 * Free, and activated again from Core (discountAutomaticActivate), its metafield then rewritten
 * with the rules as saved now. Shopify's refusal is kept as syncError (the Rules page shows it)
 * and the switch is tried again at the next plan check, by the follow-up job and by a save;
 * never throws.
 */
export async function matchCodeRulesDiscountToPlan(
  shopId: string,
  plan: PlanId,
  client: () => Promise<ActionClient | null>,
): Promise<DiscountSwitch> {
  const row = await prisma.codeRuleSettings.findUnique({ where: { shopId } });
  const wanted = planHasCodeRules(plan);
  if (!row?.discountId || row.discountActive === wanted) return "in-step";
  const refused = async (syncError: string) => {
    await prisma.codeRuleSettings.update({ where: { shopId }, data: { syncError } });
    return "refused" as const;
  };
  const acting = await client();
  const what = wanted ? "switched back on" : "switched off";
  if (!acting) return refused(`Not connected to Shopify: the code rules could not be ${what}.`);
  try {
    const field = wanted ? "discountAutomaticActivate" : "discountAutomaticDeactivate";
    const answer = wanted
      ? (await adminGraphqlData(acting.graphql, DISCOUNT_ON, { id: row.discountId })).discountAutomaticActivate
      : (await adminGraphqlData(acting.graphql, DISCOUNT_OFF, { id: row.discountId })).discountAutomaticDeactivate;
    if (!answer) throw new Error(`Shopify did not answer ${field}`);
    if (answer.userErrors.length) return refused(refusedBy(acting, userErrorText(answer.userErrors)));
    // switched off, the discount turns nothing away and what it holds no longer matters; switched
    // on, it gets the rules as saved now (a save refused meanwhile is written too)
    await prisma.codeRuleSettings.update({
      where: { shopId },
      data: { discountActive: wanted, ...(wanted ? {} : { syncError: null }) },
    });
    if (wanted) await syncCodeRulesDiscount(shopId, acting);
    logger.info(`Code rules ${what} at checkout`, { shopId, plan });
    return "switched";
  } catch (error) {
    logger.error(`Switching the code rules ${wanted ? "on" : "off"} failed`, { shopId, err: error });
    return refused(messageOf(error));
  }
}

/**
 * discounts/create, discounts/update, discounts/delete: the discount named is read again and, when
 * the code rules have a discount in Shopify and weigh values (the cap, "most codes together" or the
 * new-account rule),
 * their metafield is rewritten with the new values. Never throws.
 */
export async function followDiscountChange(
  shopDomain: string,
  discountId: string | undefined,
  client: () => Promise<ActionClient | null> = () => actionClientFor(shopDomain),
) {
  return followDiscountWebhook(shopDomain, discountId, client, rewriteValuesIfUsed);
}

/** discounts/redeemcode_added and _removed: the code's row at once, then the metafield (docs/product.md#code-rules). */
export async function followRedeemCodeChange(
  shopDomain: string,
  change: RedeemCodeChange,
  client: () => Promise<ActionClient | null> = () => actionClientFor(shopDomain),
) {
  return followRedeemCodeWebhook(shopDomain, change, client, rewriteValuesIfUsed);
}

/** The code rules' metafield written again when its live rules weigh the codes' values. */
async function rewriteValuesIfUsed(shopId: string, acting: ActionClient) {
  const row = await prisma.codeRuleSettings.findUnique({ where: { shopId } });
  if (!row?.discountId || !row.discountActive) return;
  const rules = codeRulesOf(storedSettings(row.settings), DEFAULT_CODE_REJECTION_MESSAGE);
  if (!codeRulesWeighValues(rules)) return;
  await syncCodeRulesDiscount(shopId, acting);
}

/** The note a saved change carries when Shopify's discount could not follow it. */
export const codeRulesNotInStep = (syncError: string) =>
  `Saved here, but checkout still has the previous code rules: ${syncError}`;

export interface CodeRulesPreview {
  decisions: (CodeDecision & { text: string })[];
  rejected: string[];
  message: string;
  /** the one line the Rules page shows: "this cart, these codes: …" */
  summary: string;
}

/**
 * What the rules (saved, or the draft given) decide for this cart and these codes, with the codes'
 * values as the Function gets them: through the same metafield, cut to the same size
 * (docs/product.md#code-rules). The cart is in the shop's currency. `today` is the shop's date
 * (the Function's `shop.localTime.date`): an account `accountAgeDays` old was created that many
 * days before its start (docs/product.md#new-accounts-and-big-codes).
 */
export function previewCodeRules(
  rules: CodeRules,
  input: CodeRulesPreviewInput,
  {
    values = {},
    currency = "USD",
    today = new Date().toISOString().slice(0, 10),
  }: { values?: CodeValues; currency?: string; today?: string } = {},
): CodeRulesPreview {
  const age = input.cart.accountAgeDays;
  // an account age makes the cart's customer a signed-in one, with no tags when none are given
  const customerTags = input.cart.customerTags ?? (age === null ? null : []);
  const customerCreatedAt =
    age === null ? null : new Date(Date.parse(`${today}T00:00:00Z`) - age * 86_400_000).toISOString();
  const protectedCollections = new Set(rules.protectedCollectionIds);
  const cents = (amount: number) => Math.round(amount * 100);
  const asTheFunctionGetsThem = parseCodeValues(JSON.parse(JSON.stringify(codeRulesMetafield(rules, values))));
  const result = decideCodes(
    rules,
    {
      subtotalCents: input.cart.lines.reduce((sum, line) => sum + cents(line.price) * line.quantity, 0),
      currency,
      itemCount: input.cart.lines.reduce((sum, line) => sum + line.quantity, 0),
      lines: input.cart.lines.map((line) => ({
        title: line.title,
        // an id that is no product's GID can match no protected product
        productId: line.productId ? normalizeProductId(line.productId) : null,
        priceCents: cents(line.price),
        compareAtPriceCents: line.compareAtPrice === null ? null : cents(line.compareAtPrice),
        inProtectedCollection: line.collectionIds.some((id) => {
          const gid = normalizeCollectionId(id);
          return gid !== null && protectedCollections.has(gid);
        }),
      })),
      customerTags,
      customerCreatedAt,
      today,
    },
    input.codes.map((code) => ({ code, rejectable: true })),
    asTheFunctionGetsThem,
  );
  const decisions = result.decisions.map((decision) => ({ ...decision, text: decisionText(decision) }));
  const rejectedCount = result.rejected.length;
  const summary =
    rejectedCount === 0
      ? `This cart, these codes: all ${decisions.length === 1 ? "accepted" : `${decisions.length} accepted`}.`
      : `This cart, these codes: ${rejectedCount} of ${decisions.length} rejected, with the message "${result.message}"`;
  return { decisions, rejected: result.rejected, message: result.message, summary };
}
