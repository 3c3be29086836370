import { slackConnectSchema, smtpSettingsSchema } from "../../forms/alerts";
import { getEnv } from "../../env.server";
import type { PageActionResult } from "../../forms/page-action";
import { formIntent, pageAction, plainIntent, saved, type Done, type PageIntent } from "../../http/page-action.server";
import { fail, ok, type Result } from "../../domain/result";
import { requireAdmin, type AdminContext } from "../../services/shops/admin-context.server";
import { DEFAULT_SMTP_PORT } from "../../forms/alerts";
import {
  connectSlack,
  disconnectSlack,
  getAlertSettings,
  saveSmtpSettings,
} from "../../services/alerts/settings.server";
import { testAlertIntent } from "../../http/test-alert-intent.server";
import { functionConfigSchema, functionTestSchema } from "../../forms/function-config";
import { blockingSchema } from "../../forms/rules";
import { checkoutClientOf, deployFunction, notInStep, syncAfterChange } from "../../services/checkout/deploy.server";
import { getFunctionConfig, saveFunctionThreshold, testFunction } from "../../services/checkout/function-config.server";
import { getBlockingSettings, saveBlockingSettings } from "../../services/rules/rules.server";
import { integrationSettingsSchema, type IntegrationSettingsInput } from "./settings-schema";
import { saveChartMarkersSwitch } from "../../services/markers/chart-markers.server";

/** The product's toasts for a refused change here (docs/product.md#integration-center). */
export const INTEGRATION_SAVE_FAILED = "Failed to save integration settings";
export const CONFIG_SAVE_FAILED = "Failed to save configuration";
export const DEPLOY_FAILED = "Deployment failed";
export const TEST_FAILED = "Test failed";

/** What the Integration Center shows from an answer: the checkout Function test's outcome. */
export type IntegrationActionResult = PageActionResult<{ blocked: boolean; message: string; discountPercent: number }>;

/** What an intent's handler is given: the shop, and whether the production guards are on. */
interface IntentCall {
  context: AdminContext;
  owner: { id: string; domain: string; plan: AdminContext["plan"] };
  production: boolean;
}

/** Save or remove the SMTP server: the same form, the same service. */
function smtpIntent(remove: boolean) {
  return formIntent(
    smtpSettingsSchema,
    {
      success: remove ? "SMTP server removed" : "SMTP settings saved",
      failure: INTEGRATION_SAVE_FAILED,
      resetForm: remove,
    },
    async (value, { owner }: IntentCall) => saved(await saveSmtpSettings(owner, remove ? { smtpHost: null } : value)),
  );
}

/** A deployed checkout rule follows the threshold and the switches: a sync that failed is said in the toast. */
async function synced(context: AdminContext): Promise<Result<Done>> {
  const syncError = await syncAfterChange(context);
  return ok(syncError ? { description: notInStep(syncError) } : {});
}

/**
 * The page's one save (docs/product.md#save-bar): the settings that differ
 * from what is stored, all or none. The SMTP server goes first, as it is the only one that can
 * still be refused after the schema (its host, the plan); the threshold and the blocking
 * switches follow, then the switch of the markers on Shopify's charts. The SMTP fields count only
 * when the page drew them (`smtpShown`: not on Free).
 */
async function saveChangedSettings(
  { context, owner }: IntentCall,
  value: IntegrationSettingsInput,
  smtpShown: boolean,
): Promise<Result<{ checkoutChanged: boolean }>> {
  const shopId = context.shop.id;
  const [alerts, functionConfig, blocking] = await Promise.all([
    getAlertSettings(shopId),
    getFunctionConfig(shopId),
    getBlockingSettings(shopId),
  ]);
  const smtp = {
    smtpHost: value.smtpHost ?? null,
    smtpPort: value.smtpPort ?? DEFAULT_SMTP_PORT,
    smtpUsername: value.smtpUsername ?? null,
    smtpPassword: value.smtpPassword,
  };
  const smtpChanged =
    smtpShown &&
    (smtp.smtpHost !== alerts.smtpHost ||
      (smtp.smtpHost !== null &&
        (smtp.smtpPort !== alerts.smtpPort ||
          smtp.smtpUsername !== alerts.smtpUsername ||
          Boolean(smtp.smtpPassword))));
  if (smtpChanged) {
    const saved = await saveSmtpSettings(owner, smtp);
    if (!saved.ok) return saved;
  }
  const thresholdChanged = value.thresholdPercent !== functionConfig.thresholdPercent;
  if (thresholdChanged) await saveFunctionThreshold(shopId, value.thresholdPercent);
  const next = {
    instantBlocking: value.instantBlocking,
    staffOverride: value.staffOverride,
    customerMessage: value.customerMessage,
  };
  const blockingChanged =
    next.instantBlocking !== blocking.instantBlocking ||
    next.staffOverride !== blocking.staffOverride ||
    next.customerMessage !== blocking.customerMessage;
  if (blockingChanged) await saveBlockingSettings(shopId, next);
  if (value.chartMarkers !== undefined && value.chartMarkers !== context.shop.chartMarkers) {
    await saveChartMarkersSwitch(shopId, value.chartMarkers);
  }
  return ok({ checkoutChanged: thresholdChanged || blockingChanged });
}

/**
 * The alert channels' cards, the checkout blocking cards and the Slack guide: one handler per
 * intent, each parsing its form with the API's schema.
 */
const INTENTS: Record<string, PageIntent<IntentCall>> = {
  saveSettings: formIntent(
    integrationSettingsSchema,
    { success: "Integration settings saved", failure: INTEGRATION_SAVE_FAILED },
    async (value, call: IntentCall, formData) => {
      const stored = await saveChangedSettings(call, value, formData.has("smtpHost"));
      if (!stored.ok) return stored;
      return stored.value.checkoutChanged ? synced(call.context) : ok({});
    },
  ),
  // the cards' own saves before the page's one save bar; posted by API clients and tests
  saveSmtp: smtpIntent(false),
  removeSmtp: smtpIntent(true),
  connectSlack: formIntent(
    ({ production }: IntentCall) => slackConnectSchema({ production }),
    { success: "Slack connected", failure: INTEGRATION_SAVE_FAILED },
    async (value, { owner }: IntentCall) => saved(await connectSlack(owner, value)),
  ),
  disconnectSlack: plainIntent(
    { success: "Slack disconnected", failure: INTEGRATION_SAVE_FAILED },
    async (_formData, { owner }: IntentCall) => {
      await disconnectSlack(owner);
      return ok({});
    },
  ),
  saveThreshold: formIntent(
    functionConfigSchema,
    { success: "Configuration saved", failure: CONFIG_SAVE_FAILED },
    async (value, { context }: IntentCall) => {
      await saveFunctionThreshold(context.shop.id, value.thresholdPercent);
      return synced(context);
    },
  ),
  saveFeatures: formIntent(
    blockingSchema,
    { success: "Integration settings saved", failure: INTEGRATION_SAVE_FAILED },
    async (value, { context }: IntentCall) => {
      await saveBlockingSettings(context.shop.id, value);
      return synced(context);
    },
  ),
  deploy: plainIntent(
    { success: "Checkout blocking deployed", failure: DEPLOY_FAILED },
    async (_formData, { context }: IntentCall) => {
      const deployed = await deployFunction({ id: context.shop.id, plan: context.plan }, checkoutClientOf(context));
      return deployed.ok ? ok({ description: deployed.value.message }) : deployed;
    },
  ),
  testFunction: plainIntent({ failure: TEST_FAILED }, async (formData, { context }: IntentCall) => {
    const parsed = functionTestSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) return fail(400, parsed.error.issues.map((issue) => issue.message).join("; "));
    const test = await testFunction(context.shop.id, parsed.data);
    return ok({
      title: test.blocked ? "Checkout would be blocked" : "Checkout allowed",
      description: test.message,
      value: test,
    });
  }),
  // the signing secret a test makes is shown on the Alerts page
  test: testAlertIntent<IntentCall>({ showSecret: false }),
};

const integrationPageAction = pageAction<IntentCall>(INTENTS, INTEGRATION_SAVE_FAILED);

/** The action of the Integration Center and of the Slack guide. */
export async function integrationAction(request: Request) {
  const context = await requireAdmin(request);
  const owner = { id: context.shop.id, domain: context.shop.domain, plan: context.plan };
  return integrationPageAction(request, { context, owner, production: getEnv().isProduction });
}
