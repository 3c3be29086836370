import type { SubmissionResult } from "@conform-to/react";
import { alertSettingsSchema } from "../../forms/alerts";
import { intentIn, saveParsedForm } from "../../http/form-save.server";
import { planHasAlerts, type PlanId } from "../../domain/plans";
import type { AdminContext } from "../../services/shops/admin-context.server";
import { rotateWebhookSecret } from "../../services/alerts/channels.server";
import { ALERTS_NEED_CORE, enableWebhookEndpoint, saveAlertSettings } from "../../services/alerts/settings.server";
import { testAlertIntent } from "../../services/alerts/test-alert.server";

export const SAVE_FAILED = "Failed to save alert settings";

export interface AlertsActionResult {
  intent: "save" | "test" | "rotateSecret" | "enableWebhook" | "unknown";
  ok: boolean;
  status: number;
  toast: { title: string; description?: string; error?: boolean };
  /** conform's reply, for the form's field errors */
  result?: SubmissionResult<string[]>;
  /** the webhook signing secret in full, once, when it was made (a save, a test) or rotated */
  signingSecret?: string;
}

function refused(intent: AlertsActionResult["intent"], status: number, description: string): AlertsActionResult {
  return { intent, ok: false, status, toast: { title: SAVE_FAILED, description, error: true } };
}

/** On Free the page is locked: whatever is posted is refused with 403 and changes nothing. */
export function lockedOnFree(plan: PlanId): AlertsActionResult | null {
  return planHasAlerts(plan) ? null : refused("unknown", 403, ALERTS_NEED_CORE);
}

/** A form refused before parsing (app/http/input-limits.ts): nothing is saved. */
export function refusedAlertsForm(message: string): AlertsActionResult {
  return refused("unknown", 400, message);
}

type Owner = { id: string; domain: string; plan: PlanId };
type Intent = (formData: FormData, call: { owner: Owner; production: boolean }) => Promise<AlertsActionResult>;

/**
 * The Alerts page's intents: save the settings, send a test, rotate the signing secret, enable
 * again a webhook URL that answered 410 Gone.
 */
const INTENTS: Record<"save" | "test" | "rotateSecret" | "enableWebhook", Intent> = {
  save: async (formData, { owner, production }) => {
    const saved = await saveParsedForm(formData, alertSettingsSchema({ production }), (value) =>
      saveAlertSettings(owner, value),
    );
    if (!saved.ok) return { ...refused("save", saved.status, saved.description), result: saved.result };
    // the first webhook URL saved made the signing secret: shown in full this once
    const { signingSecret } = saved.value;
    return {
      intent: "save",
      ok: true,
      status: 200,
      toast: { title: "Alert settings saved" },
      result: saved.result,
      ...(signingSecret ? { signingSecret } : {}),
    };
  },
  test: async (formData, { owner }) => ({ intent: "test", ...(await testAlertIntent(owner, formData)) }),
  rotateSecret: async (_formData, { owner }) => ({
    intent: "rotateSecret",
    ok: true,
    status: 200,
    toast: {
      title: "New signing secret made",
      description: "The previous secret also signs webhooks for the next 24 hours.",
    },
    signingSecret: await rotateWebhookSecret(owner.id),
  }),
  enableWebhook: async (formData, { owner }) => {
    const key = formData.get("endpoint");
    if (typeof key !== "string" || !/^[0-9a-f]{32}$/.test(key)) return refused("enableWebhook", 400, "Unknown webhook");
    const enabled = await enableWebhookEndpoint(owner, key);
    return enabled.ok
      ? { intent: "enableWebhook", ok: true, status: 200, toast: { title: "Webhook enabled again" } }
      : refused("enableWebhook", enabled.error.status, enabled.error.message);
  },
};

/** The Alerts page's one action: the posted intent's handler, 400 for any other. */
export async function handleAlertsAction(
  context: AdminContext,
  formData: FormData,
  production: boolean,
): Promise<AlertsActionResult> {
  const owner = { id: context.shop.id, domain: context.shop.domain, plan: context.plan };
  const intent = formData.get("intent");
  if (!intentIn(INTENTS, intent)) return refused("unknown", 400, "Unknown action");
  return INTENTS[intent](formData, { owner, production });
}
