import { fail, ok } from "../domain/result";
import type { PlanId } from "../domain/billing/plans";
import { isChannel, sendTestAlert } from "../services/alerts/test-alert.server";
import { plainIntent, type PageIntent } from "./page-action.server";

/**
 * A page's "test" button (the Alerts page, the Integration Center): the toast's title says what
 * happened on which channel, its detail where it went or the channel's own error. The signing
 * secret a test made goes to the page that shows it (`showSecret`, the Alerts page).
 */
export function testAlertIntent<Call extends { owner: { id: string; domain: string; plan: PlanId } }>({
  showSecret,
}: {
  showSecret: boolean;
}): PageIntent<Call> {
  return plainIntent({ failure: "Test alert not sent" }, async (formData, { owner }: Call) => {
    const channel = formData.get("channel");
    if (!isChannel(channel)) return fail({ status: 400, title: "Choose e-mail, Slack or webhook", message: "" });
    const outcome = await sendTestAlert(owner, channel);
    const secret = outcome.ok ? outcome.value.signingSecret : outcome.error.signingSecret;
    const value = showSecret && secret ? { value: { signingSecret: secret } } : {};
    return outcome.ok
      ? ok({ title: outcome.value.message, description: outcome.value.detail, ...value })
      : fail({
          status: outcome.error.status,
          title: outcome.error.message,
          message: outcome.error.reason ?? "",
          ...value,
        });
  });
}
