import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { slackConnectSchema, smtpSettingsSchema } from "../../forms/alerts";
import { data } from "@remix-run/node";
import { getEnv } from "../../env.server";
import { InputRefusal, readForm } from "../../http/request-body.server";
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
    const submission = parseWithZod(formData, { schema: smtpSettingsSchema });
    if (submission.status !== "success") {
      return refused(intent, 400, "Check the fields marked in red", submission.reply());
    }
    const input = intent === "removeSmtp" ? { smtpHost: null } : submission.value;
    const saved = await saveSmtpSettings(owner, input);
    if (!saved.ok) {
      return refused(
        intent,
        saved.status,
        saved.errors ? "Check the fields marked in red" : saved.message,
        submission.reply(saved.errors ? { fieldErrors: saved.errors } : { formErrors: [saved.message] }),
      );
    }
    return {
      intent,
      ok: true,
      status: 200,
      toast: { title: intent === "removeSmtp" ? "SMTP server removed" : "SMTP settings saved" },
      result: submission.reply({ resetForm: intent === "removeSmtp" }),
    };
  }
  if (intent === "connectSlack") {
    const submission = parseWithZod(formData, { schema: slackConnectSchema({ production }) });
    if (submission.status !== "success") {
      return refused(intent, 400, "Check the fields marked in red", submission.reply());
    }
    const saved = await connectSlack(owner, submission.value);
    if (!saved.ok) {
      return refused(
        intent,
        saved.status,
        saved.errors ? "Check the fields marked in red" : saved.message,
        submission.reply(saved.errors ? { fieldErrors: saved.errors } : { formErrors: [saved.message] }),
      );
    }
    return { intent, ok: true, status: 200, toast: { title: "Slack connected" }, result: submission.reply() };
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
  let formData: FormData;
  try {
    formData = await readForm(request);
  } catch (error) {
    if (!(error instanceof InputRefusal)) throw error;
    const refusedForm = refusedIntegrationForm(error.message);
    return data(refusedForm, { status: refusedForm.status });
  }
  const result = await handleIntegrationAction(context, formData, getEnv().isProduction);
  return data(result, { status: result.status });
}
