import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { alertSettingsSchema } from "../../forms/alerts";
import { planHasAlerts } from "../../domain/plans";
import type { AdminContext } from "../../services/shops/admin-context.server";
import { rotateWebhookSecret } from "../../services/alerts/channels.server";
import { ALERTS_NEED_CORE, saveAlertSettings } from "../../services/alerts/settings.server";
import { testAlertIntent } from "../../services/alerts/test-alert.server";

export const SAVE_FAILED = "Failed to save alert settings";

export interface AlertsActionResult {
  intent: "save" | "test" | "rotateSecret" | "unknown";
  ok: boolean;
  status: number;
  toast: { title: string; description?: string; error?: boolean };
  /** conform's reply, for the form's field errors */
  result?: SubmissionResult<string[]>;
  /** the webhook signing secret in full, once, when it was made or rotated */
  signingSecret?: string;
}

function refused(intent: AlertsActionResult["intent"], status: number, description: string): AlertsActionResult {
  return { intent, ok: false, status, toast: { title: SAVE_FAILED, description, error: true } };
}

/** A form refused before parsing (app/http/input-limits.ts): nothing is saved. */
export function refusedAlertsForm(message: string): AlertsActionResult {
  return refused("unknown", 400, message);
}

/** The Alerts page's intents: save the settings, send a test, rotate the signing secret. */
export async function handleAlertsAction(
  context: AdminContext,
  formData: FormData,
  production: boolean,
): Promise<AlertsActionResult> {
  const owner = { id: context.shop.id, domain: context.shop.domain, plan: context.plan };
  const intent = formData.get("intent");
  if (intent === "save") {
    const submission = parseWithZod(formData, { schema: alertSettingsSchema({ production }) });
    if (submission.status !== "success") {
      return { ...refused("save", 400, "Check the fields marked in red"), result: submission.reply() };
    }
    const saved = await saveAlertSettings(owner, submission.value);
    if (!saved.ok) {
      return {
        ...refused("save", saved.status, saved.errors ? "Check the fields marked in red" : saved.message),
        result: submission.reply(saved.errors ? { fieldErrors: saved.errors } : { formErrors: [saved.message] }),
      };
    }
    return { intent, ok: true, status: 200, toast: { title: "Alert settings saved" }, result: submission.reply() };
  }
  if (intent === "test") return { intent, ...(await testAlertIntent(owner, formData)) };
  if (intent === "rotateSecret") {
    if (!planHasAlerts(context.plan)) return refused("rotateSecret", 403, ALERTS_NEED_CORE);
    return {
      intent,
      ok: true,
      status: 200,
      toast: { title: "New signing secret made" },
      signingSecret: await rotateWebhookSecret(context.shop.id),
    };
  }
  return refused("unknown", 400, "Unknown action");
}
