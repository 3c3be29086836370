import { data } from "@remix-run/node";
import { alertSettingsSchema } from "../../forms/alerts";
import type { PageActionResult } from "../../forms/page-action";
import {
  answerIntent,
  formIntent,
  pageAction,
  plainIntent,
  saved,
  type PageIntent,
} from "../../http/page-action.server";
import { fail, ok } from "../../domain/result";
import { planHasAlerts, type PlanId } from "../../domain/billing/plans";
import type { AdminContext } from "../../services/shops/admin-context.server";
import { rotateWebhookSecret } from "../../services/alerts/channels.server";
import { ALERTS_NEED_CORE, enableWebhookEndpoint, saveAlertSettings } from "../../services/alerts/settings.server";
import { testAlertIntent } from "../../http/test-alert-intent.server";

export const SAVE_FAILED = "Failed to save alert settings";

/** What the Alerts page shows from an answer: the webhook signing secret in full, once, when it was made. */
export type AlertsActionResult = PageActionResult<{ signingSecret?: string }>;

type Owner = { id: string; domain: string; plan: PlanId };
type Call = { owner: Owner; production: boolean };

/**
 * The Alerts page's intents: save the settings, send a test, rotate the signing secret, enable
 * again a webhook URL that answered 410 Gone.
 */
const INTENTS: Record<string, PageIntent<Call>> = {
  save: formIntent(
    ({ production }: Call) => alertSettingsSchema({ production }),
    { success: "Alert settings saved", failure: SAVE_FAILED },
    async (value, { owner }: Call) => {
      const stored = await saveAlertSettings(owner, value);
      if (!stored.ok) return stored;
      // the first webhook URL saved made the signing secret: shown in full this once
      const { signingSecret } = stored.value;
      return ok(signingSecret ? { value: { signingSecret } } : {});
    },
  ),
  test: testAlertIntent<Call>({ showSecret: true }),
  rotateSecret: plainIntent(
    {
      success: "New signing secret made",
      failure: SAVE_FAILED,
    },
    async (_formData, { owner }: Call) =>
      ok({
        description: "The previous secret also signs webhooks for the next 24 hours.",
        value: { signingSecret: await rotateWebhookSecret(owner.id) },
      }),
  ),
  enableWebhook: plainIntent(
    { success: "Webhook enabled again", failure: SAVE_FAILED },
    async (formData, { owner }: Call) => {
      const key = formData.get("endpoint");
      if (typeof key !== "string" || !/^[0-9a-f]{32}$/.test(key)) {
        return fail(400, "Unknown webhook");
      }
      return saved(await enableWebhookEndpoint(owner, key));
    },
  ),
};

const ownerOf = (context: AdminContext): Owner => ({
  id: context.shop.id,
  domain: context.shop.domain,
  plan: context.plan,
});

/** The Alerts page's one intent table, answered for a form already read (the tests call it). */
export function handleAlertsAction(
  context: AdminContext,
  formData: FormData,
  production: boolean,
): Promise<AlertsActionResult> {
  return answerIntent(INTENTS, formData, { owner: ownerOf(context), production }) as Promise<AlertsActionResult>;
}

const alertsPageAction = pageAction<Call>(INTENTS, SAVE_FAILED);

/**
 * The Alerts page's action. On Free the page is locked: whatever is posted is refused with 403
 * and changes nothing.
 */
export async function alertsAction(request: Request, context: AdminContext, production: boolean) {
  if (!planHasAlerts(context.plan)) {
    const locked: AlertsActionResult = {
      intent: "unknown",
      ok: false,
      status: 403,
      toast: { title: SAVE_FAILED, description: ALERTS_NEED_CORE, error: true },
    };
    return data(locked, { status: 403 });
  }
  return alertsPageAction(request, { owner: ownerOf(context), production });
}
