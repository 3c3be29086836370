import prisma from "../../db.server";
import { getEnv } from "../../env.server";
import { CONFIG_METAFIELD, serializeCheckoutConfig } from "../../domain/checkout/checkout-blocking";
import { planHasCheckoutBlocking, type PlanId } from "../../domain/billing/plans";
import { checkoutConfigInputLimits } from "../../domain/functions/input-limits";
import { fail, messageOf, ok, type Result } from "../../domain/result";
import { forgetShopRules } from "../rules/cache.server";
import { adminGraphqlData, userErrorText, type AdminGraphql } from "../admin-api/admin-graphql.server";
import { actionClientOf, type ActionClient } from "../actions/admin-client.server";
import { checkoutConfigFor, functionConfigRow } from "./function-config.server";
import { logger } from "../../logger.server";

/**
 * Deploying the checkout Function to a shop (docs/product.md#integration-center): a
 * validation made from the extension's handle, enabled, with the configuration in its `$app`
 * metafield; saving the configuration later rewrites the metafield (metafieldsSet). Shopify's
 * userErrors are passed on in the merchant's words.
 */

export const FUNCTION_HANDLE = "margin-guardrail-checkout";
export const VALIDATION_TITLE = "Margin Guardrail: discount limits";
export const WHERE_IN_SHOPIFY = "See or switch it in Shopify: Settings → Checkout → Checkout rules.";

const CREATE = `#graphql
  mutation MarginGuardrailValidationCreate($validation: ValidationCreateInput!) {
    validationCreate(validation: $validation) { validation { id enabled } userErrors { field message code } }
  }`;
const UPDATE = `#graphql
  mutation MarginGuardrailValidationUpdate($id: ID!, $validation: ValidationUpdateInput!) {
    validationUpdate(id: $id, validation: $validation) { validation { id enabled } userErrors { field message code } }
  }`;
const METAFIELDS_SET = `#graphql
  mutation MarginGuardrailConfigSet($metafields: [MetafieldsSetInput!]!) {
    metafieldsSet(metafields: $metafields) { metafields { id } userErrors { field message code } }
  }`;

/** Deployed (the validation's id and what to tell the merchant), or refused: 403 plan, 409 no store, 422/502 Shopify. */
export type DeployResult = Result<{ functionId: string; message: string }>;

function configMetafield(value: string) {
  return { namespace: CONFIG_METAFIELD.namespace, key: CONFIG_METAFIELD.key, type: "json", value };
}

/**
 * The Admin API checkout blocking talks to for a request: Shopify's, or in the demo store the
 * stand-in (ADMIN_API_STAND_IN_URL), so a newcomer can deploy and see a checkout blocked there.
 */
export function checkoutClientOf(context: {
  shop: { domain: string };
  admin: { graphql: AdminGraphql } | null;
}): ActionClient | null {
  return actionClientOf(context);
}

export async function deployFunction(
  shop: { id: string; plan: PlanId },
  client: ActionClient | null,
): Promise<DeployResult> {
  const graphql = client?.graphql ?? null;
  if (!getEnv().plusPlanEnabled) {
    return fail(403, "Checkout blocking comes with the Plus plan, which is coming soon.");
  }
  if (!graphql) {
    return fail(
      409,
      "Deploying needs a store connected to Shopify. The demo store is not: nothing was sent. Install Margin Guardrail on your store to turn blocking on.",
    );
  }
  if (!planHasCheckoutBlocking(shop.plan)) {
    return fail(403, "Checkout blocking comes with the Plus plan.");
  }
  const row = await functionConfigRow(shop.id);
  const config = await checkoutConfigFor(row);
  const serialized = serializeCheckoutConfig(config);
  const limits = checkoutConfigInputLimits(serialized);
  if (!limits.withinLimits) return fail(400, limits.problems[0]!.message);
  const metafield = configMetafield(serialized);
  try {
    const payload = row.validationId
      ? (
          await adminGraphqlData(graphql, UPDATE, {
            id: row.validationId,
            validation: { enable: true, blockOnFailure: false, title: VALIDATION_TITLE, metafields: [metafield] },
          })
        ).validationUpdate
      : (
          await adminGraphqlData(graphql, CREATE, {
            validation: {
              functionHandle: FUNCTION_HANDLE,
              enable: true,
              blockOnFailure: false,
              title: VALIDATION_TITLE,
              metafields: [metafield],
            },
          })
        ).validationCreate;
    if (payload?.userErrors?.length) return fail(422, userErrorText(payload.userErrors));
    const validationId = payload?.validation?.id;
    if (!validationId) return fail(502, "Shopify did not return the validation");
    const now = new Date();
    forgetShopRules(shop.id);
    await prisma.functionConfig.update({
      where: { shopId: shop.id },
      // the configuration as of `now` is what the metafield holds (inStep compares the two)
      data: { validationId, validationEnabled: true, deployedAt: now, metafieldSyncedAt: now, updatedAt: now },
    });
    return ok({
      functionId: validationId,
      message: client?.standIn
        ? `Checkout blocking is on above ${config.thresholdPercent}% off, in the demo store's stand-in of Shopify (nothing reached Shopify). Post a sample checkout to see one blocked.`
        : `Checkout blocking is on above ${config.thresholdPercent}% off. ${WHERE_IN_SHOPIFY}`,
    });
  } catch (error) {
    logger.error("Deploying the checkout Function failed", { shopId: shop.id, err: error });
    return fail(502, messageOf(error));
  }
}

const VALIDATION = `#graphql
  query MarginGuardrailValidation($id: ID!) {
    validation(id: $id) { id enabled }
  }`;

/**
 * The merchant can switch the checkout rule off (or delete it) in Shopify's admin: the stored
 * switch follows what Shopify says, so blocked checkouts are counted only while it is on.
 * Never throws; when Shopify cannot be asked, the last known state stays.
 */
export async function refreshValidationState(shopId: string, graphql: AdminGraphql | null): Promise<void> {
  const row = await prisma.functionConfig.findUnique({ where: { shopId } });
  if (!row?.validationId || !graphql) return;
  try {
    const data = await adminGraphqlData(graphql, VALIDATION, {
      id: row.validationId,
    });
    const change = data.validation
      ? { validationEnabled: data.validation.enabled }
      : { validationId: null, validationEnabled: false, deployedAt: null, metafieldSyncedAt: null };
    if (data.validation?.enabled === row.validationEnabled) return;
    await prisma.functionConfig.update({ where: { shopId }, data: change });
    forgetShopRules(shopId);
  } catch (error) {
    logger.error("Reading the checkout validation from Shopify failed", { shopId, err: error });
  }
}

/**
 * Switches the deployed validation off in Shopify (the plan no longer includes blocking,
 * docs/product.md#decisions, 16). It stays deployed, so deploying again switches it back on.
 * Returns Shopify's refusal as a message; the stored switch is only changed when Shopify did.
 */
export async function disableValidation(shopId: string, graphql: AdminGraphql | null): Promise<string | null> {
  const row = await prisma.functionConfig.findUnique({ where: { shopId } });
  if (!row?.validationId || !row.validationEnabled) return null;
  if (!graphql) return "No Admin API access to switch the validation off";
  const data = await adminGraphqlData(graphql, UPDATE, {
    id: row.validationId,
    validation: { enable: false, blockOnFailure: false, title: VALIDATION_TITLE },
  });
  if (!data.validationUpdate) throw new Error("Shopify did not answer the validationUpdate mutation");
  if (data.validationUpdate.userErrors.length) return userErrorText(data.validationUpdate.userErrors);
  await prisma.functionConfig.update({ where: { shopId }, data: { validationEnabled: false } });
  forgetShopRules(shopId);
  return null;
}

/**
 * Writes the current configuration into the deployed validation's metafield; nothing to do
 * while it is not deployed. Returns Shopify's userErrors as a message when it refuses.
 */
export async function syncFunctionConfig(shopId: string, graphql: AdminGraphql | null): Promise<string | null> {
  const row = await prisma.functionConfig.findUnique({ where: { shopId } });
  if (!row?.validationId || !graphql) return null;
  const serialized = serializeCheckoutConfig(await checkoutConfigFor(row));
  // Shopify would not pass it on (docs/product.md#function-input-limits)
  const limits = checkoutConfigInputLimits(serialized);
  if (!limits.withinLimits) return limits.problems[0]!.message;
  const data = await adminGraphqlData(graphql, METAFIELDS_SET, {
    metafields: [{ ownerId: row.validationId, ...configMetafield(serialized) }],
  });
  if (!data.metafieldsSet) throw new Error("Shopify did not answer the metafieldsSet mutation");
  if (data.metafieldsSet.userErrors.length) return userErrorText(data.metafieldsSet.userErrors);
  const now = new Date();
  await prisma.functionConfig.update({ where: { shopId }, data: { metafieldSyncedAt: now, updatedAt: now } });
  return null;
}

/**
 * After a change to the Function's configuration (threshold, blocking or stacking settings):
 * the deployed validation's metafield is rewritten. Never throws; says why when it could not.
 */
export async function syncAfterChange(context: {
  shop: { id: string; domain: string };
  admin: { graphql: AdminGraphql } | null;
}) {
  return syncFunctionConfig(context.shop.id, checkoutClientOf(context)?.graphql ?? null).catch((error: unknown) => {
    logger.error("Updating the checkout validation's configuration failed", { shopId: context.shop.id, err: error });
    return messageOf(error);
  });
}

/** The note a saved change carries when the deployed validation could not follow it. */
export const notInStep = (syncError: string) =>
  `Saved here, but the checkout validation in Shopify still has the previous configuration: ${syncError}`;
