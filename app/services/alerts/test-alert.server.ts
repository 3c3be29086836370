import crypto from "node:crypto";
import prisma from "../../db.server";
import { testAlert } from "../../domain/alerts/alert-message";
import { planHasAlerts, type PlanId } from "../../domain/billing/plans";
import { fail, ok, type Failure, type Result } from "../../domain/result";
import { CHANNELS, ensureWebhookSecret, sendAlert, type Channel } from "./channels.server";
import { ALERTS_NEED_CORE } from "./settings.server";

const SENT: Record<Channel, string> = {
  email: "Test e-mail sent",
  slack: "Test Slack message sent",
  webhook: "Test webhook sent",
};
/** The failure texts of docs/product.md#alerts; the channel's own error goes with them. */
export const TEST_FAILED: Record<Channel, string> = {
  email: "Failed to send test email",
  slack: "Failed to send test Slack message",
  webhook: "Failed to send test webhook",
};

export function isChannel(value: unknown): value is Channel {
  return typeof value === "string" && (CHANNELS as readonly string[]).includes(value);
}

/** A test alert sent: the product's text, where it went, and the signing secret when this test made it. */
export interface TestSent {
  message: string;
  detail: string;
  /** the webhook signing secret, in full, when this test made it (shown once) */
  signingSecret?: string;
}

/**
 * A test alert not sent: 400 the channel has nowhere to send to, 403 Free, 502 the receiver
 * refused; `message` is the product's text, `reason` the channel's own error.
 */
export interface TestFailure extends Failure {
  reason?: string;
  signingSecret?: string;
}

export type TestAlertOutcome = Result<TestSent, TestFailure>;

/**
 * Sends a test alert on one channel with the shop's saved settings (the Alerts page's test
 * buttons and `POST /api/alerts/test/{channel}`). A shop's first webhook makes its signing
 * secret, returned once; a test with nowhere to send to makes nothing.
 */
export async function sendTestAlert(
  owner: { id: string; domain: string; plan: PlanId },
  channel: Channel,
): Promise<TestAlertOutcome> {
  if (!planHasAlerts(owner.plan)) return fail(403, ALERTS_NEED_CORE);
  const settings = await prisma.alertSettings.findUnique({ where: { shopId: owner.id } });
  const hadSecret = Boolean(settings?.webhookSecretEncrypted);
  const alert = testAlert(crypto.randomUUID(), owner.domain, new Date());
  const result = await sendAlert(channel, owner.id, alert, {}, settings);
  const madeNow = channel === "webhook" && !hadSecret && !(!result.ok && result.error.unconfigured);
  const signingSecret = madeNow ? { signingSecret: (await ensureWebhookSecret(owner.id)).secret } : {};
  return result.ok
    ? ok({ message: SENT[channel], detail: result.value, ...signingSecret })
    : fail({
        // a channel with nowhere to send to is the settings' problem (400); a refusal on the way, the receiver's (502)
        status: result.error.unconfigured ? 400 : 502,
        message: TEST_FAILED[channel],
        reason: result.error.message,
        ...signingSecret,
      });
}
