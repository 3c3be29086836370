import crypto from "node:crypto";
import type { ActionFunctionArgs } from "@remix-run/node";
import { testAlert } from "../domain/alert-message";
import { planHasAlerts } from "../domain/plans";
import { jsonError, methodNotAllowed, requireApiAdmin } from "../http/api.server";
import prisma from "../db.server";
import { CHANNELS, ensureWebhookSecret, sendAlert, type Channel } from "../services/alerts/channels.server";
import { ALERTS_NEED_CORE } from "../services/alerts/settings.server";

const SENT: Record<Channel, string> = {
  email: "Test e-mail sent",
  slack: "Test Slack message sent",
  webhook: "Test webhook sent",
};
/** The failure texts of docs/product.md#alerts; the channel's own error goes with them. */
const FAILED: Record<Channel, string> = {
  email: "Failed to send test email",
  slack: "Failed to send test Slack message",
  webhook: "Failed to send test webhook",
};

// POST /api/alerts/test/email, /slack, /webhook: a test alert on one channel, with the saved settings.
export const action = async ({ request, params }: ActionFunctionArgs) => {
  const context = await requireApiAdmin(request);
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const channel = params.channel as Channel;
  if (!(CHANNELS as readonly string[]).includes(channel)) return jsonError(404, `No channel "${params.channel}"`);
  if (!planHasAlerts(context.plan)) return jsonError(403, ALERTS_NEED_CORE);
  // The signing secret is shown once, when it is made: by this test's webhook, the shop's
  // first. A test with nowhere to send to makes nothing (bad input changes nothing).
  const hadSecret = Boolean(
    (await prisma.alertSettings.findUnique({ where: { shopId: context.shop.id } }))?.webhookSecretEncrypted,
  );
  const result = await sendAlert(
    channel,
    context.shop.id,
    testAlert(crypto.randomUUID(), context.shop.domain, new Date()),
  );
  const madeNow = channel === "webhook" && !hadSecret && !(!result.ok && result.unconfigured);
  const signingSecret = madeNow ? { signingSecret: (await ensureWebhookSecret(context.shop.id)).secret } : {};
  return result.ok
    ? Response.json({ success: true, message: SENT[channel], detail: result.detail, ...signingSecret })
    : Response.json(
        { success: false, message: FAILED[channel], error: result.error, ...signingSecret },
        // a channel with nowhere to send to is the settings' problem (400); a refusal on the way, the receiver's (502)
        { status: result.unconfigured ? 400 : 502 },
      );
};
