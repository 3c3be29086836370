import crypto from "node:crypto";
import { IncomingWebhook } from "@slack/webhook";
import prisma from "../../db.server";
import { mailOf, slackMessageOf, webhookBodyOf, type Outgoing } from "../../domain/alert-message";
import { codesOf } from "../../domain/audit-view";
import { isSealedSecret } from "../../domain/secret-box";
import { SIGNATURE_HEADER, signatureHeader } from "../../domain/webhook-signature";
import { getEnv } from "../../env.server";
import { fail, messageOf, ok, type Problem, type Result } from "../../domain/result";
import {
  OUTBOUND_TIMEOUT_MS,
  guardOn,
  guardedFetch,
  postOutbound,
  publicAddresses,
} from "../../outbound/http-client.server";
import { sendMail } from "../mail/mailer.server";
import { openShopSecret, sealShopSecret } from "./secrets.server";

/**
 * The alert channels behind one interface (docs/decisions/0013-alert-delivery.md): each takes
 * an alert and the shop's settings and says whether it was delivered. Every delivery carries
 * the alert's id, the outbox row's, the same on every attempt: the webhooks' Idempotency-Key,
 * the e-mails' Message-ID, the Slack messages' last line (docs/decisions/0029-alert-identity.md).
 */
export const CHANNELS = ["email", "slack", "webhook"] as const;
export type Channel = (typeof CHANNELS)[number];

/** Why an alert was not sent; `unconfigured`: the channel has nowhere to send to (a setting is missing), nothing was tried. */
export type SendProblem = Problem & { unconfigured?: boolean };
/** Sent (where to, in a few words), or why not. */
export type SendResult = Result<string, SendProblem>;

import type { SettingsRow } from "../../db/outbox.sql.server";

export interface SendOptions {
  /** the outbound guard against private addresses; on in production by default */
  guard?: boolean;
  now?: Date;
}

/**
 * A shop's sealed setting opened once per loaded settings row: the delivery worker loads the
 * settings once per batch, and a batch of a hundred alerts then decrypts the secret once, not
 * a hundred times. The clear text lives as long as that row does.
 */
const openedSecrets = new WeakMap<SettingsRow, Map<string, string>>();
function openSetting(shopId: string, settings: SettingsRow, sealed: string): string {
  let opened = openedSecrets.get(settings);
  if (!opened) {
    opened = new Map();
    openedSecrets.set(settings, opened);
  }
  let plain = opened.get(sealed);
  if (plain === undefined) {
    plain = openShopSecret(shopId, sealed);
    opened.set(sealed, plain);
  }
  return plain;
}

function failure(error: unknown): SendResult {
  return fail({ message: messageOf(error) });
}

async function sendEmail(
  shopId: string,
  settings: SettingsRow,
  alert: Outgoing,
  options: SendOptions,
): Promise<SendResult> {
  const recipients = codesOf(settings.emails);
  if (recipients.length === 0) return fail({ message: "No e-mail recipients are set", unconfigured: true });
  // the merchant's SMTP server is reached at an address checked here, like their URLs
  let address: string | undefined;
  if (settings.smtpHost && guardOn(options.guard)) {
    const checked = await publicAddresses(settings.smtpHost);
    if (checked.problem !== null) return fail({ message: checked.problem });
    address = checked.addresses[0];
  }
  const smtp = settings.smtpHost
    ? {
        host: settings.smtpHost,
        port: settings.smtpPort,
        username: settings.smtpUsername,
        password: settings.smtpPasswordEncrypted ? openSetting(shopId, settings, settings.smtpPasswordEncrypted) : null,
        address,
      }
    : null;
  const { appUrl, mail } = getEnv();
  // the Message-ID and Resend's idempotency key come from the outbox id: the same on every attempt
  const result = await sendMail({ to: recipients, ...mailOf(alert, appUrl, mail.from) }, smtp);
  if (!result.ok) return result;
  const { transport, repeat } = result.value;
  const to = `${recipients.length} recipient${recipients.length === 1 ? "" : "s"}`;
  return ok(repeat ? `${transport} had sent it to ${to} already` : `${transport} to ${to}`);
}

async function sendSlack(
  shopId: string,
  settings: SettingsRow,
  alert: Outgoing,
  options: SendOptions,
): Promise<SendResult> {
  if (!settings.slackWebhookEncrypted) return fail({ message: "No Slack webhook URL is set", unconfigured: true });
  const url = openSetting(shopId, settings, settings.slackWebhookEncrypted);
  try {
    const webhook = new IncomingWebhook(url, { fetch: guardedFetch(options), timeout: OUTBOUND_TIMEOUT_MS });
    await webhook.send(slackMessageOf(alert, getEnv().appUrl, settings.slackChannel));
    return ok(`Slack ${settings.slackChannel}`);
  } catch (error) {
    return failure(error);
  }
}

/** The shop's webhook signing secret, made on first use; `created` says it is new. */
export async function ensureWebhookSecret(shopId: string): Promise<{ secret: string; created: boolean }> {
  const row = await prisma.alertSettings.findUniqueOrThrow({ where: { shopId } });
  if (row.webhookSecretEncrypted) return { secret: openShopSecret(shopId, row.webhookSecretEncrypted), created: false };
  return { secret: await rotateWebhookSecret(shopId), created: true };
}

/** A new signing secret, stored sealed; shown to the merchant once. */
export async function rotateWebhookSecret(shopId: string): Promise<string> {
  const secret = `mgwh_${crypto.randomBytes(24).toString("base64url")}`;
  await prisma.alertSettings.update({
    where: { shopId },
    data: { webhookSecretEncrypted: sealShopSecret(shopId, secret) },
  });
  return secret;
}

async function sendWebhooks(
  shopId: string,
  settings: SettingsRow,
  alert: Outgoing,
  options: SendOptions,
): Promise<SendResult> {
  // sealed at rest; a URL stored in clear before encryption is read as it is (docs/decisions/0030-secrets-at-rest.md)
  const urls = codesOf(settings.webhooks).map((stored) =>
    isSealedSecret(stored) ? openSetting(shopId, settings, stored) : stored,
  );
  if (urls.length === 0) return fail({ message: "No webhook URLs are set", unconfigured: true });
  // the loaded settings hold the sealed secret; a shop's first webhook makes one
  const secret = settings.webhookSecretEncrypted
    ? openSetting(shopId, settings, settings.webhookSecretEncrypted)
    : (await ensureWebhookSecret(shopId)).secret;
  const body = JSON.stringify(webhookBodyOf(alert, getEnv().appUrl));
  const timestamp = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const headers = {
    "Content-Type": "application/json",
    "User-Agent": "Margin-Guardrail-Webhooks/1",
    "Idempotency-Key": alert.id,
    [SIGNATURE_HEADER]: signatureHeader(secret, body, timestamp),
  };
  const failures: string[] = [];
  for (const url of urls) {
    try {
      const response = await postOutbound(url, body, headers, options);
      if (response.status < 200 || response.status >= 300)
        failures.push(`${new URL(url).host} answered ${response.status}`);
    } catch (error) {
      // the host only: a webhook URL's path is often its credential, and errors are stored
      failures.push(`${new URL(url).host}: ${messageOf(error)}`);
    }
  }
  return failures.length === 0
    ? ok(`${urls.length} webhook${urls.length === 1 ? "" : "s"}`)
    : fail({ message: failures.join("; ") });
}

/**
 * Sends one alert or digest on one channel with the shop's current settings: read here, or passed in by
 * a caller that already loaded them (the delivery worker, once per shop and batch).
 */
export async function sendAlert(
  channel: Channel,
  shopId: string,
  alert: Outgoing,
  options: SendOptions = {},
  loaded?: SettingsRow | null,
): Promise<SendResult> {
  const settings = loaded === undefined ? await prisma.alertSettings.findUnique({ where: { shopId } }) : loaded;
  if (!settings) return fail({ message: "The shop has no alert settings", unconfigured: true });
  try {
    if (channel === "email") return await sendEmail(shopId, settings, alert, options);
    if (channel === "slack") return await sendSlack(shopId, settings, alert, options);
    return await sendWebhooks(shopId, settings, alert, options);
  } catch (error) {
    return failure(error);
  }
}
