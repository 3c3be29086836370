import type { SubmissionResult } from "@conform-to/react";
import { slackConnectSchema, smtpSettingsSchema } from "../../forms/alerts";
import { getEnv } from "../../env.server";
import { saveParsedForm, type FormSave } from "../../http/form-save.server";
import { ok } from "../../domain/result";
import { pageFormAction } from "../../http/request-body.server";
import { requireAdmin, type AdminContext } from "../../services/shops/admin-context.server";
import { connectSlack, disconnectSlack, saveSmtpSettings } from "../../services/alerts/settings.server";
import { testAlertIntent } from "../../services/alerts/test-alert.server";
import { functionConfigSchema, functionTestSchema } from "../../forms/function-config";
import { blockingSchema } from "../../forms/rules";
import { checkoutClientOf, deployFunction, notInStep, syncAfterChange } from "../../services/checkout/deploy.server";
import { saveFunctionThreshold, testFunction } from "../../services/checkout/function-config.server";
import { saveBlockingSettings } from "../../services/rules/rules.server";

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

/**
 * The alert channels' cards and the Slack guide: save or remove the SMTP server, connect or
 * disconnect Slack, and send a channel's test alert.
 */
export async function handleIntegrationAction(
  context: AdminContext,
  formData: FormData,
  production: boolean,
): Promise<IntegrationActionResult> {
  const owner = { id: context.shop.id, domain: context.shop.domain, plan: context.plan };
  const intent = String(formData.get("intent") ?? "unknown");
  if (intent === "saveSmtp" || intent === "removeSmtp") {
    const remove = intent === "removeSmtp";
    const saved = await saveParsedForm(
      formData,
      smtpSettingsSchema,
      (value) => saveSmtpSettings(owner, remove ? { smtpHost: null } : value),
      { resetForm: remove },
    );
    return answer(intent, saved, remove ? "SMTP server removed" : "SMTP settings saved");
  }
  if (intent === "connectSlack") {
    const saved = await saveParsedForm(formData, slackConnectSchema({ production }), (value) =>
      connectSlack(owner, value),
    );
    return answer(intent, saved, "Slack connected");
  }
  if (intent === "disconnectSlack") {
    await disconnectSlack(owner);
    return { intent, ok: true, status: 200, toast: { title: "Slack disconnected" } };
  }
  if (intent === "saveThreshold") {
    const saved = await saveParsedForm(formData, functionConfigSchema, async (value) => {
      await saveFunctionThreshold(context.shop.id, value.thresholdPercent);
      return ok();
    });
    const syncError = saved.ok ? await syncAfterChange(context) : null;
    return answer(intent, saved, "Configuration saved", {
      failure: CONFIG_SAVE_FAILED,
      description: syncError && notInStep(syncError),
    });
  }
  if (intent === "saveFeatures") {
    const saved = await saveParsedForm(formData, blockingSchema, async (value) => {
      await saveBlockingSettings(context.shop.id, value);
      return ok();
    });
    const syncError = saved.ok ? await syncAfterChange(context) : null;
    return answer(intent, saved, "Integration settings saved", { description: syncError && notInStep(syncError) });
  }
  if (intent === "deploy") {
    const deployed = await deployFunction({ id: context.shop.id, plan: context.plan }, checkoutClientOf(context));
    return deployed.ok
      ? {
          intent,
          ok: true,
          status: 200,
          toast: { title: "Checkout blocking deployed", description: deployed.value.message },
        }
      : refused(intent, deployed.error.status, deployed.error.message, undefined, DEPLOY_FAILED);
  }
  if (intent === "testFunction") {
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
  }
  if (intent === "test") {
    const { signingSecret: _shownOnTheAlertsPage, ...tested } = await testAlertIntent(owner, formData);
    return { intent, ...tested };
  }
  return refused(intent, 400, "Unknown action");
}

/** The action of the Integration Center and of the Slack guide. */
export async function integrationAction(request: Request) {
  const context = await requireAdmin(request);
  return pageFormAction(request, refusedIntegrationForm, (formData) =>
    handleIntegrationAction(context, formData, getEnv().isProduction),
  );
}
