import type { SubmissionResult } from "@conform-to/react";
import { slackConnectSchema, smtpSettingsSchema } from "../../forms/alerts";
import { getEnv } from "../../env.server";
import { saveParsedForm, type FormSave } from "../../http/form-save.server";
import { pageFormAction } from "../../http/request-body.server";
import { requireAdmin, type AdminContext } from "../../services/shops/admin-context.server";
import { connectSlack, disconnectSlack, saveSmtpSettings } from "../../services/alerts/settings.server";
import { testAlertIntent } from "../../services/alerts/test-alert.server";

/** The product's toast for a refused change here (docs/product.md#integration-center). */
export const INTEGRATION_SAVE_FAILED = "Failed to save integration settings";

export interface IntegrationActionResult {
  intent: string;
  ok: boolean;
  status: number;
  toast: { title: string; description?: string; error?: boolean };
  result?: SubmissionResult<string[]>;
}

function refused(intent: string, status: number, description: string, result?: SubmissionResult<string[]>) {
  return { intent, ok: false, status, toast: { title: INTEGRATION_SAVE_FAILED, description, error: true }, result };
}

function answer(intent: string, saved: FormSave, success: string): IntegrationActionResult {
  return saved.ok
    ? { intent, ok: true, status: 200, toast: { title: success }, result: saved.result }
    : refused(intent, saved.status, saved.description, saved.result);
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
