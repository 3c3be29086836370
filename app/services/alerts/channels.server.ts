import crypto from "node:crypto";
import { failingNotice } from "../../domain/protection/protection-status";
import { IncomingWebhook } from "@slack/webhook";
import prisma from "../../db.server";
import { mailOf, slackMessageOf, webhookBodyOf, type Outgoing } from "../../domain/alerts/alert-message";
import { codesOf } from "../../domain/audit/audit-view";
import { isSealedSecret } from "../../domain/secret-box";
import { messageIdDomain } from "../../domain/alerts/alert-identity";
import {
  SIGNATURE_HEADER,
  STANDARD_SECRET_PREFIX,
  signatureHeader,
  signingSecretsAt,
  standardHeaders,
} from "../../domain/alerts/webhook-signature";
import {
  endpointKey,
  endpointStatesOf,
  goneNotice,
  honoursRetryAfter,
  verdictOf,
  type EndpointState,
  type EndpointStates,
} from "../../domain/alerts/webhook-endpoints";
import { retryAfterMs } from "../../domain/backoff";
import { accessLostNotice } from "../../domain/shops/admin-access";
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
import { staffEmailOf } from "../shops/shop-email.server";

/**
 * The alert channels behind one interface (docs/architecture.md#an-order-webhook-to-a-delivered-alert): each takes
 * an alert and the shop's settings and says whether it was delivered. Every delivery carries
 * the alert's id, the outbox row's, the same on every attempt: the webhooks' Idempotency-Key,
 * the e-mails' Message-ID, the Slack messages' last line (docs/operations.md#repeated-alerts).
 */
export const CHANNELS = ["email", "slack", "webhook"] as const;
export type Channel = (typeof CHANNELS)[number];

/**
 * Why an alert was not sent; `unconfigured`: the channel has nowhere to send to (a setting is
 * missing), nothing was tried; `permanent`: trying again cannot help (every webhook URL is
 * disabled); `retryAfterMs`: the receiver said when to come back (429, 503); `endpoints`: the
 * webhook URLs that failed, marked "delivery failing" if the alert is given up; `deliveredTo`: the
 * webhook URLs (their keys) that took it, which its next attempts skip.
 */
export type SendProblem = Problem & {
  unconfigured?: boolean;
  permanent?: boolean;
  retryAfterMs?: number;
  endpoints?: { key: string; host: string }[];
  deliveredTo?: string[];
};
/** Sent (where to, in a few words), or why not. */
export type SendResult = Result<string, SendProblem>;

import type { SettingsRow } from "../../db/alert-settings.sql.server";
import type { NoticePayload } from "../../db/outbox-claims.sql.server";

export interface SendOptions {
  /** the outbound guard against private addresses; on in production by default */
  guard?: boolean;
  now?: Date;
  /** webhook URLs (their keys) an earlier attempt of this alert delivered to: not sent again */
  deliveredTo?: readonly string[];
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

/**
 * The shop's first signing secret, made when a webhook URL is first saved (the merchant sets up
 * the receiver before any webhook goes out): the secret made, or null when the shop has one
 * already. Written only where none is stored, so a test webhook making one at the same moment
 * keeps its own (docs/product.md#alerts).
 */
export async function createWebhookSecretIfNone(shopId: string): Promise<string | null> {
  const secret = newSigningSecret();
  const { count } = await prisma.alertSettings.updateMany({
    where: { shopId, webhookSecretEncrypted: null },
    data: { webhookSecretEncrypted: sealShopSecret(shopId, secret) },
  });
  return count === 1 ? secret : null;
}

/** A new signing secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64. */
export function newSigningSecret(): string {
  return `${STANDARD_SECRET_PREFIX}${crypto.randomBytes(32).toString("base64")}`;
}

/**
 * A new signing secret, stored sealed; shown to the merchant once. The secret it replaces is
 * kept, and signs beside it for ROTATION_OVERLAP_MS (docs/api.md#alert-webhooks-what-receivers-get).
 */
export async function rotateWebhookSecret(shopId: string, now = new Date()): Promise<string> {
  const secret = newSigningSecret();
  const row = await prisma.alertSettings.findUnique({ where: { shopId }, select: { webhookSecretEncrypted: true } });
  await prisma.alertSettings.update({
    where: { shopId },
    data: {
      webhookSecretEncrypted: sealShopSecret(shopId, secret),
      webhookPreviousSecretEncrypted: row?.webhookSecretEncrypted ?? null,
      webhookSecretRotatedAt: row?.webhookSecretEncrypted ? now : null,
    },
  });
  return secret;
}

/**
 * Changes a shop's webhook URL states (read, changed, written if the row did not change
 * meanwhile; tried again if it did): the delivery worker and the merchant may both be at it.
 */
export async function updateEndpointStates(
  shopId: string,
  change: (states: EndpointStates) => EndpointStates,
): Promise<void> {
  for (let tries = 0; tries < 5; tries += 1) {
    const row = await prisma.alertSettings.findUnique({
      where: { shopId },
      select: { webhookEndpointState: true, updatedAt: true },
    });
    if (!row) return;
    const next = change(endpointStatesOf(row.webhookEndpointState));
    const { count } = await prisma.alertSettings.updateMany({
      where: { shopId, updatedAt: row.updatedAt },
      data: { webhookEndpointState: next },
    });
    if (count > 0) return;
  }
}

/** The notice e-mail a 410 queues: an outbox row of its own, sent by the delivery worker. */
export const NOTICE_CHANNEL = "notice";

async function queueGoneNotice(shopId: string, host: string, at: Date): Promise<void> {
  const payload: NoticePayload = { kind: "notice", notice: "webhook_gone", host, at: at.toISOString() };
  await prisma.alertAndActionOutbox.create({
    data: { shopId, channel: NOTICE_CHANNEL, payload: { ...payload }, status: "pending", nextAttemptAt: at },
  });
}

/**
 * Who hears about the shop's webhooks and access: its alert e-mail recipients, or else the e-mail of the
 * staff who opened the app (its online sessions, the account owner first).
 */
async function noticeRecipients(shopId: string, settings: SettingsRow | null): Promise<string[]> {
  const recipients = codesOf(settings?.emails);
  if (recipients.length > 0) return recipients;
  const shop = await prisma.shop.findUnique({ where: { id: shopId }, select: { domain: true } });
  const staff = shop ? await staffEmailOf(shop.domain) : null;
  return staff ? [staff] : [];
}

async function shopDomainOf(shopId: string): Promise<string> {
  const shop = await prisma.shop.findUnique({ where: { id: shopId }, select: { domain: true } });
  return shop?.domain ?? "";
}

/**
 * Sends a queued notice e-mail (the app's mailer, not the merchant's SMTP server): a webhook URL
 * disabled, or the app's access to the store lost (docs/operations.md#shopify-access-tokens).
 */
export async function sendNotice(
  id: string,
  shopId: string,
  notice: NoticePayload,
  settings: SettingsRow | null,
): Promise<SendResult> {
  const to = await noticeRecipients(shopId, settings);
  if (to.length === 0) return fail({ message: "No e-mail address to tell", unconfigured: true, permanent: true });
  const { appUrl, mail } = getEnv();
  const message =
    notice.notice === "webhook_gone"
      ? goneNotice(notice.host, new Date(notice.at), appUrl)
      : notice.notice === "admin_access_lost"
        ? accessLostNotice(notice.reason, new Date(notice.at), await shopDomainOf(shopId))
        : failingNotice({ ...notice, key: notice.layer }, appUrl);
  const result = await sendMail({
    to,
    ...message,
    messageId: `<notice-${id}@${messageIdDomain(mail.from, appUrl)}>`,
    idempotencyKey: id,
  });
  if (!result.ok) return result;
  return ok(`${result.value.transport} to ${to.length} recipient${to.length === 1 ? "" : "s"}`);
}

/** The secret a rotation replaced, while it may still sign; null when none, or its key is gone. */
function previousSecret(shopId: string, settings: SettingsRow): { secret: string; rotatedAt: Date } | null {
  const sealed = settings.webhookPreviousSecretEncrypted;
  const rotatedAt = settings.webhookSecretRotatedAt;
  if (!sealed || !rotatedAt) return null;
  try {
    return { secret: openSetting(shopId, settings, sealed), rotatedAt };
  } catch {
    // sealed with a key no longer configured: the current secret alone signs
    return null;
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "(not a URL)";
  }
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

async function sendWebhooks(
  shopId: string,
  settings: SettingsRow,
  alert: Outgoing,
  options: SendOptions,
): Promise<SendResult> {
  // sealed at rest; a URL stored in clear before encryption is read as it is (docs/security.md#secrets-at-rest)
  const urls = codesOf(settings.webhooks).map((stored) =>
    isSealedSecret(stored) ? openSetting(shopId, settings, stored) : stored,
  );
  if (urls.length === 0) return fail({ message: "No webhook URLs are set", unconfigured: true });
  // a URL that answered 410 Gone gets nothing until the merchant enables it again
  const states = endpointStatesOf(settings.webhookEndpointState);
  const enabled = urls.filter((url) => states[endpointKey(url)]?.status !== "gone");
  // an earlier attempt's receivers have it: a retry goes only to the URLs that failed
  const before = new Set(options.deliveredTo ?? []);
  const live = enabled.filter((url) => !before.has(endpointKey(url)));
  if (enabled.length === 0) {
    return fail({
      message: "Every webhook URL is disabled (it answered 410 Gone): enable it again on the Alerts page",
      permanent: true,
    });
  }
  // the loaded settings hold the sealed secret; a shop's first webhook makes one
  const secret = settings.webhookSecretEncrypted
    ? openSetting(shopId, settings, settings.webhookSecretEncrypted)
    : (await ensureWebhookSecret(shopId)).secret;
  const now = options.now ?? new Date();
  const previous = previousSecret(shopId, settings);
  const body = JSON.stringify(webhookBodyOf(alert, getEnv().appUrl));
  const timestamp = Math.floor(now.getTime() / 1000);
  const headers = {
    "Content-Type": "application/json",
    "User-Agent": "Margin-Guardrail-Webhooks/1",
    "Idempotency-Key": alert.id,
    // today's header, for the receivers written for it: the current secret only
    [SIGNATURE_HEADER]: signatureHeader(secret, body, timestamp),
    // Standard Webhooks: the outbox id (the same on every retry), both secrets during a rotation
    ...standardHeaders(alert.id, body, timestamp, signingSecretsAt(secret, previous, now)),
  };
  const failures: string[] = [];
  const failed: { key: string; host: string }[] = [];
  const gone: { key: string; host: string }[] = [];
  const recovered: string[] = [];
  const waits: number[] = [];
  let delivered = 0;
  const deliveredTo: string[] = [];
  for (const url of live) {
    // the host only: a webhook URL's path is often its credential, and errors are stored
    const host = hostOf(url);
    const key = endpointKey(url);
    try {
      const response = await postOutbound(url, body, headers, options);
      const verdict = verdictOf(response.status);
      if (verdict.kind === "delivered") {
        delivered += 1;
        deliveredTo.push(key);
        if (states[key]) recovered.push(key);
      } else if (verdict.kind === "gone") {
        gone.push({ key, host });
      } else {
        failures.push(`${host} ${verdict.message}`);
        failed.push({ key, host });
        const wait = honoursRetryAfter(response.status)
          ? retryAfterMs(headerValue(response.headers["retry-after"]), now.getTime())
          : null;
        if (wait !== null) waits.push(wait);
      }
    } catch (error) {
      failures.push(`${host}: ${messageOf(error)}`);
      failed.push({ key, host });
    }
  }
  if (gone.length > 0 || recovered.length > 0) {
    await updateEndpointStates(shopId, (current) => {
      const next = { ...current };
      for (const key of recovered) delete next[key];
      for (const { key, host } of gone) {
        next[key] = {
          status: "gone",
          host,
          since: now.toISOString(),
          detail: `${host} answered 410 Gone`,
        } satisfies EndpointState;
      }
      return next;
    });
    for (const { host } of gone) await queueGoneNotice(shopId, host, now);
  }
  const goneNote = gone.map(({ host }) => `${host} answered 410 Gone: disabled`);
  if (failures.length > 0) {
    return fail({
      message: [...failures, ...goneNote].join("; "),
      ...(waits.length > 0 ? { retryAfterMs: Math.max(...waits) } : {}),
      endpoints: failed,
      deliveredTo: [...before, ...deliveredTo],
    });
  }
  // every URL tried is disabled now: nothing is left to try
  if (delivered === 0 && before.size === 0) return fail({ message: goneNote.join("; "), permanent: true });
  const earlier = before.size > 0 ? ` (${before.size} more on an earlier attempt)` : "";
  const sent = `${delivered} webhook${delivered === 1 ? "" : "s"}${earlier}`;
  return ok(goneNote.length > 0 ? `${sent}; ${goneNote.join("; ")}` : sent);
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
