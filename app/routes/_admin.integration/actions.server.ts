import type { SubmissionResult } from "@conform-to/react";
import { slackConnectSchema, smtpSettingsSchema } from "../../forms/alerts";
import { getEnv } from "../../env.server";
import { intentIn, saveParsedForm, type FormSave } from "../../http/form-save.server";
import { ok, type Result } from "../../domain/result";
import { pageFormAction } from "../../http/request-body.server";
import { requireAdmin, type AdminContext } from "../../services/shops/admin-context.server";
import { DEFAULT_SMTP_PORT } from "../../forms/alerts";
import {
  connectSlack,
  disconnectSlack,
  getAlertSettings,
  saveSmtpSettings,
} from "../../services/alerts/settings.server";
import { testAlertIntent } from "../../services/alerts/test-alert.server";
import { functionConfigSchema, functionTestSchema } from "../../forms/function-config";
import { blockingSchema } from "../../forms/rules";
import { checkoutClientOf, deployFunction, notInStep, syncAfterChange } from "../../services/checkout/deploy.server";
import { getFunctionConfig, saveFunctionThreshold, testFunction } from "../../services/checkout/function-config.server";
import { getBlockingSettings, saveBlockingSettings } from "../../services/rules/rules.server";
import { integrationSettingsSchema, type IntegrationSettingsInput } from "./settings-schema";

/** The product's toasts for a refused change here (docs/product.md#integration-center). */
export const INTEGRATION_SAVE_FAILED = "Failed to save integration settings";
export const CONFIG_SAVE_FAILED = "Failed to save configuration";
export const DEPLOY_FAILED = "Deployment failed";
export const TEST_FAILED = "Test failed";

export interface IntegrationActionResult {
  intent: string;
  ok: boolean;
  status: number;
  toast: { title: string; description?: string; error?: boolean };
  result?: SubmissionResult<string[]>;
  /** the function test's outcome */
  test?: { blocked: boolean; message: string; discountPercent: number };
}

function refused(
  intent: string,
  status: number,
  description: string,
  result?: SubmissionResult<string[]>,
  title = INTEGRATION_SAVE_FAILED,
) {
  return { intent, ok: false, status, toast: { title, description, error: true }, result };
}

function answer(
  intent: string,
  saved: FormSave,
  success: string,
  options: { failure?: string; description?: string | null } = {},
): IntegrationActionResult {
  return saved.ok
    ? {
        intent,
        ok: true,
        status: 200,
        toast: { title: success, ...(options.description ? { description: options.description } : {}) },
        result: saved.result,
      }
    : refused(intent, saved.status, saved.description, saved.result, options.failure);
}

/** A form refused before parsing (app/http/input-limits.ts): nothing is saved. */
export function refusedIntegrationForm(message: string): IntegrationActionResult {
  return refused("unknown", 400, message);
}

/** What an intent's handler is given: the shop, and whether the production guards are on. */
interface IntentCall {
  intent: string;
  context: AdminContext;
  owner: { id: string; domain: string; plan: AdminContext["plan"] };
  production: boolean;
}

type Intent = (formData: FormData, call: IntentCall) => Promise<IntegrationActionResult>;

/** Save or remove the SMTP server: the same form, the same service. */
function smtpIntent(remove: boolean): Intent {
  return async (formData, { intent, owner }) => {
    const saved = await saveParsedForm(
      formData,
      smtpSettingsSchema,
      (value) => saveSmtpSettings(owner, remove ? { smtpHost: null } : value),
      { resetForm: remove },
    );
    return answer(intent, saved, remove ? "SMTP server removed" : "SMTP settings saved");
  };
}

/**
 * The page's one save (docs/product.md#save-bar): the settings that differ
 * from what is stored, all or none. The SMTP server goes first, as it is the only one that can
 * still be refused after the schema (its host, the plan); the threshold and the blocking
 * switches follow. The SMTP fields count only when the page drew them (`smtpShown`: not on Free).
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
  return ok({ checkoutChanged: thresholdChanged || blockingChanged });
}

/**
 * The alert channels' cards, the checkout blocking cards and the Slack guide: one handler per
 * intent, each parsing its form with the API's schema through saveParsedForm.
 */
const INTENTS: Record<string, Intent> = {
  saveSettings: async (formData, call) => {
    const saved = await saveParsedForm(formData, integrationSettingsSchema, (value) =>
      saveChangedSettings(call, value, formData.has("smtpHost")),
    );
    // a deployed checkout rule follows the threshold and the switches
    const syncError = saved.ok && saved.value.checkoutChanged ? await syncAfterChange(call.context) : null;
    return answer(call.intent, saved, "Integration settings saved", { description: syncError && notInStep(syncError) });
  },
  // the cards' own saves before the page's one save bar; posted by API clients and tests
  saveSmtp: smtpIntent(false),
  removeSmtp: smtpIntent(true),
  connectSlack: async (formData, { intent, owner, production }) => {
    const saved = await saveParsedForm(formData, slackConnectSchema({ production }), (value) =>
      connectSlack(owner, value),
    );
    return answer(intent, saved, "Slack connected");
  },
  disconnectSlack: async (_formData, { intent, owner }) => {
    await disconnectSlack(owner);
    return { intent, ok: true, status: 200, toast: { title: "Slack disconnected" } };
  },
  saveThreshold: async (formData, { intent, context }) => {
    const saved = await saveParsedForm(formData, functionConfigSchema, async (value) => {
      await saveFunctionThreshold(context.shop.id, value.thresholdPercent);
      return ok();
    });
    const syncError = saved.ok ? await syncAfterChange(context) : null;
    return answer(intent, saved, "Configuration saved", {
      failure: CONFIG_SAVE_FAILED,
      description: syncError && notInStep(syncError),
    });
  },
  saveFeatures: async (formData, { intent, context }) => {
    const saved = await saveParsedForm(formData, blockingSchema, async (value) => {
      await saveBlockingSettings(context.shop.id, value);
      return ok();
    });
    const syncError = saved.ok ? await syncAfterChange(context) : null;
    return answer(intent, saved, "Integration settings saved", { description: syncError && notInStep(syncError) });
  },
  deploy: async (_formData, { intent, context }) => {
    const deployed = await deployFunction({ id: context.shop.id, plan: context.plan }, checkoutClientOf(context));
    return deployed.ok
      ? {
          intent,
          ok: true,
          status: 200,
          toast: { title: "Checkout blocking deployed", description: deployed.value.message },
        }
      : refused(intent, deployed.error.status, deployed.error.message, undefined, DEPLOY_FAILED);
  },
  testFunction: async (formData, { intent, context }) => {
    const parsed = functionTestSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) {
      return refused(intent, 400, parsed.error.issues.map((issue) => issue.message).join("; "), undefined, TEST_FAILED);
    }
    const test = await testFunction(context.shop.id, parsed.data);
    return {
      intent,
      ok: true,
      status: 200,
      test,
      toast: { title: test.blocked ? "Checkout would be blocked" : "Checkout allowed", description: test.message },
    };
  },
  test: async (formData, { intent, owner }) => {
    const { signingSecret: _shownOnTheAlertsPage, ...tested } = await testAlertIntent(owner, formData);
    return { intent, ...tested };
  },
};

/** The Integration Center's one action: the posted intent's handler, 400 for any other. */
export async function handleIntegrationAction(
  context: AdminContext,
  formData: FormData,
  production: boolean,
): Promise<IntegrationActionResult> {
  const owner = { id: context.shop.id, domain: context.shop.domain, plan: context.plan };
  const intent = String(formData.get("intent") ?? "unknown");
  if (!intentIn(INTENTS, intent)) return refused(intent, 400, "Unknown action");
  return INTENTS[intent](formData, { intent, context, owner, production });
}

/** The action of the Integration Center and of the Slack guide. */
export async function integrationAction(request: Request) {
  const context = await requireAdmin(request);
  return pageFormAction(request, refusedIntegrationForm, (formData) =>
    handleIntegrationAction(context, formData, getEnv().isProduction),
  );
}
