import prisma from "../../db.server";
import type { AlertPreferences } from "../../domain/alerts/alert-routing";
import { codesOf } from "../../domain/audit/audit-view";
import { isSeverity } from "../../domain/severity";
import { planHasAlerts, type PlanId } from "../../domain/billing/plans";
import { maskSecret } from "../../domain/secret-box";
import { fail, ok, type Result } from "../../domain/result";
import { DEFAULT_SMTP_PORT, type AlertSettingsInput } from "../../forms/alerts";
import { hostProblem, outboundUrlProblem } from "../../outbound/http-client.server";
import { forgetShopRules } from "../rules/cache.server";
import { endpointStatesOf, statesForUrls, type EndpointStatus } from "../../domain/alerts/webhook-endpoints";
import { ROTATION_OVERLAP_MS, STANDARD_SECRET_PREFIX } from "../../domain/alerts/webhook-signature";
import { createWebhookSecretIfNone, updateEndpointStates } from "./channels.server";
import { openShopSecret, openWebhookUrls, sealShopSecret, sealWebhookUrls } from "./secrets.server";

/** A webhook URL that is not well, as the Alerts page's banner shows it (host only, never the path). */
export interface WebhookEndpointView {
  key: string;
  host: string;
  /** gone: it answered 410 and is disabled; failing: an alert to it was given up after three days */
  status: EndpointStatus;
  since: string;
  detail: string;
}

/** The alert settings as the page and the API show them: secrets masked, never in clear. */
export interface AlertSettingsView {
  emailEnabled: boolean;
  slackEnabled: boolean;
  webhookEnabled: boolean;
  emails: string[];
  slackChannel: string;
  /** "••••abcd" when a Slack URL is stored */
  slackWebhook: string | null;
  webhooks: string[];
  /** "••••abcd" once a webhook signing secret exists: shown in full only when made */
  webhookSigningSecret: string | null;
  /**
   * standard: a `whsec_` secret; legacy: an `mgwh_` secret made before Standard Webhooks (its
   * `whsec_` form is "whsec_" and the secret's bytes in base64); null: none yet
   */
  webhookSecretForm: "standard" | "legacy" | null;
  /** after a rotation, until when the previous secret signs too (ISO); null outside the overlap */
  webhookRotationEndsAt: string | null;
  /** the webhook URLs disabled by a 410 or failing (banners on the Alerts page) */
  webhookEndpoints: WebhookEndpointView[];
  frequency: string;
  minSeverity: string;
  quietStart: string | null;
  quietEnd: string | null;
  smtpHost: string | null;
  smtpPort: number;
  smtpUsername: string | null;
  smtpPassword: string | null;
}

/** The settings as alert routing reads them (app/domain/alerts/alert-routing.ts). */
export function alertPreferences(
  row: {
    emailEnabled: boolean;
    slackEnabled: boolean;
    webhookEnabled: boolean;
    emails: unknown;
    webhooks: unknown;
    slackWebhookEncrypted: string | null;
    minSeverity: string;
    frequency: string;
    quietStart: string | null;
    quietEnd: string | null;
  },
  timeZone: string | null,
): AlertPreferences {
  return {
    // a channel with nowhere to send to queues nothing (e-mail is on by default, with no recipient)
    emailEnabled: row.emailEnabled && codesOf(row.emails).length > 0,
    slackEnabled: row.slackEnabled && Boolean(row.slackWebhookEncrypted),
    webhookEnabled: row.webhookEnabled && codesOf(row.webhooks).length > 0,
    minSeverity: isSeverity(row.minSeverity) ? row.minSeverity : "low",
    frequency: row.frequency === "hourly" || row.frequency === "daily" ? row.frequency : "immediate",
    quietHours: row.quietStart && row.quietEnd ? { start: row.quietStart, end: row.quietEnd } : null,
    timeZone: timeZone ?? "UTC",
  };
}

export const ALERTS_NEED_CORE = "Alerts come with the Core plan. Upgrade to Core to send alerts.";

/**
 * The settings as saved, and the webhook signing secret in full when this save made it (the
 * first save with a webhook URL): shown once, like a rotation's.
 */
export type SavedAlertSettings = AlertSettingsView & { signingSecret?: string };

/** Saved (the settings as shown), or refused: 403 on Free, 400 with the fields named. */
type SettingsResult = Result<SavedAlertSettings>;

function masked(shopId: string, sealed: string | null): string | null {
  if (!sealed) return null;
  try {
    return maskSecret(openShopSecret(shopId, sealed));
  } catch {
    // sealed with a key no longer configured: the merchant enters it again
    return null;
  }
}

async function settingsRow(shopId: string) {
  return (
    (await prisma.alertSettings.findUnique({ where: { shopId } })) ??
    prisma.alertSettings.create({ data: { shopId, emails: [], webhooks: [] } })
  );
}

function secretForm(shopId: string, sealed: string | null): AlertSettingsView["webhookSecretForm"] {
  if (!sealed) return null;
  try {
    return openShopSecret(shopId, sealed).startsWith(STANDARD_SECRET_PREFIX) ? "standard" : "legacy";
  } catch {
    return null;
  }
}

function rotationEndsAt(row: { webhookPreviousSecretEncrypted: string | null; webhookSecretRotatedAt: Date | null }) {
  if (!row.webhookPreviousSecretEncrypted || !row.webhookSecretRotatedAt) return null;
  const ends = row.webhookSecretRotatedAt.getTime() + ROTATION_OVERLAP_MS;
  return ends > Date.now() ? new Date(ends).toISOString() : null;
}

export async function getAlertSettings(shopId: string): Promise<AlertSettingsView> {
  const row = await settingsRow(shopId);
  const urls = openWebhookUrls(shopId, row.webhooks);
  return {
    emailEnabled: row.emailEnabled,
    slackEnabled: row.slackEnabled,
    webhookEnabled: row.webhookEnabled,
    emails: codesOf(row.emails),
    slackChannel: row.slackChannel,
    slackWebhook: masked(shopId, row.slackWebhookEncrypted),
    // sealed at rest, shown in full to the merchant who entered them (docs/security.md#secrets-at-rest)
    webhooks: urls,
    webhookSigningSecret: masked(shopId, row.webhookSecretEncrypted),
    webhookSecretForm: secretForm(shopId, row.webhookSecretEncrypted),
    webhookRotationEndsAt: rotationEndsAt(row),
    webhookEndpoints: Object.entries(statesForUrls(endpointStatesOf(row.webhookEndpointState), urls)).map(
      ([key, state]) => ({ key, ...state }),
    ),
    frequency: row.frequency,
    minSeverity: row.minSeverity,
    quietStart: row.quietStart,
    quietEnd: row.quietEnd,
    smtpHost: row.smtpHost,
    smtpPort: row.smtpPort,
    smtpUsername: row.smtpUsername,
    smtpPassword: masked(shopId, row.smtpPasswordEncrypted),
  };
}

/**
 * Saves the settings of a shop on Core or Plus (Free: 403, nothing saved). A secret sent
 * empty keeps the stored one; a new one is sealed before it is stored. In production a URL
 * that resolves to a private or local address is refused with its field named. The first save
 * with a webhook URL makes the shop's signing secret and answers it once.
 */
export async function saveAlertSettings(
  owner: { id: string; plan: PlanId },
  input: AlertSettingsInput,
  options: { guard?: boolean } = {},
): Promise<SettingsResult> {
  if (!planHasAlerts(owner.plan)) return fail(403, ALERTS_NEED_CORE);
  const row = await settingsRow(owner.id);
  if (input.slackEnabled && !input.slackWebhook && !row.slackWebhookEncrypted) {
    return fail(400, "Invalid input", {
      fields: { slackWebhook: ["Paste the Slack incoming-webhook URL, or turn Slack alerts off"] },
    });
  }
  // merchants' URLs may not point at private or local addresses (checked again when sending)
  const errors: Record<string, string[]> = {};
  for (const [field, urls] of [
    ["webhooks", input.webhooks],
    ["slackWebhook", input.slackWebhook ? [input.slackWebhook] : []],
  ] as const) {
    for (const url of urls) {
      const problem = await outboundUrlProblem(url, options);
      if (problem) (errors[field] ??= []).push(problem);
    }
  }
  const smtpProblem = input.smtpHost ? await hostProblem(input.smtpHost, options) : null;
  if (smtpProblem) errors.smtpHost = [smtpProblem];
  if (Object.keys(errors).length > 0) return fail(400, "Invalid input", { fields: errors });
  await prisma.alertSettings.update({
    where: { shopId: owner.id },
    data: {
      emailEnabled: input.emailEnabled,
      slackEnabled: input.slackEnabled,
      webhookEnabled: input.webhookEnabled,
      emails: input.emails,
      slackChannel: input.slackChannel,
      webhooks: sealWebhookUrls(owner.id, input.webhooks),
      // a URL removed takes its state (disabled, failing) with it; one added again starts afresh
      webhookEndpointState: statesForUrls(endpointStatesOf(row.webhookEndpointState), input.webhooks),
      frequency: input.frequency,
      minSeverity: input.minSeverity,
      quietStart: input.quietStart,
      quietEnd: input.quietEnd,
      ...(input.smtpHost !== undefined
        ? {
            smtpHost: input.smtpHost,
            smtpPort: input.smtpPort ?? DEFAULT_SMTP_PORT,
            smtpUsername: input.smtpUsername ?? null,
          }
        : {}),
      ...(input.slackWebhook ? { slackWebhookEncrypted: sealShopSecret(owner.id, input.slackWebhook) } : {}),
      ...(input.smtpPassword ? { smtpPasswordEncrypted: sealShopSecret(owner.id, input.smtpPassword) } : {}),
    },
  });
  // the order engine reads the settings with the rules: it sees the change at once
  forgetShopRules(owner.id);
  // a webhook URL saved: its receiver needs the secret before the first webhook goes out
  const signingSecret = input.webhooks.length > 0 ? await createWebhookSecretIfNone(owner.id) : null;
  const saved = await getAlertSettings(owner.id);
  return ok(signingSecret ? { ...saved, signingSecret } : saved);
}

type ChannelResult = Result<undefined>;

/**
 * "Enable again" on the banner of a webhook URL that answered 410 Gone (or is failing): the
 * URL gets the next alerts (docs/api.md#alert-webhooks-what-receivers-get).
 */
export async function enableWebhookEndpoint(owner: { id: string; plan: PlanId }, key: string): Promise<ChannelResult> {
  if (!planHasAlerts(owner.plan)) return fail(403, ALERTS_NEED_CORE);
  await updateEndpointStates(owner.id, (states) => {
    const next = { ...states };
    delete next[key];
    return next;
  });
  return ok();
}

/** The Slack card: stores the incoming-webhook URL (sealed) and its channel, and turns Slack alerts on. */
export async function connectSlack(
  owner: { id: string; plan: PlanId },
  input: { slackWebhook: string; slackChannel: string },
  options: { guard?: boolean } = {},
): Promise<ChannelResult> {
  if (!planHasAlerts(owner.plan)) return fail(403, ALERTS_NEED_CORE);
  const problem = await outboundUrlProblem(input.slackWebhook, options);
  if (problem) return fail(400, "Invalid input", { fields: { slackWebhook: [problem] } });
  await settingsRow(owner.id);
  await prisma.alertSettings.update({
    where: { shopId: owner.id },
    data: {
      slackEnabled: true,
      slackChannel: input.slackChannel,
      slackWebhookEncrypted: sealShopSecret(owner.id, input.slackWebhook),
    },
  });
  forgetShopRules(owner.id);
  return ok();
}

/** The Slack card's Disconnect: forgets the URL and turns Slack alerts off. */
export async function disconnectSlack(owner: { id: string; plan: PlanId }): Promise<ChannelResult> {
  await settingsRow(owner.id);
  await prisma.alertSettings.update({
    where: { shopId: owner.id },
    data: { slackEnabled: false, slackWebhookEncrypted: null },
  });
  forgetShopRules(owner.id);
  return ok();
}

/**
 * The SMTP card: the merchant's own mail server for their alert e-mails. An empty host
 * removes it (alerts go through the app's mailer); an empty password keeps the stored one.
 */
export async function saveSmtpSettings(
  owner: { id: string; plan: PlanId },
  input: { smtpHost?: string | null; smtpPort?: number; smtpUsername?: string | null; smtpPassword?: string },
  options: { guard?: boolean } = {},
): Promise<ChannelResult> {
  if (!planHasAlerts(owner.plan)) return fail(403, ALERTS_NEED_CORE);
  const host = input.smtpHost ?? null;
  const problem = host ? await hostProblem(host, options) : null;
  if (problem) return fail(400, "Invalid input", { fields: { smtpHost: [problem] } });
  await settingsRow(owner.id);
  await prisma.alertSettings.update({
    where: { shopId: owner.id },
    data: host
      ? {
          smtpHost: host,
          smtpPort: input.smtpPort ?? DEFAULT_SMTP_PORT,
          smtpUsername: input.smtpUsername ?? null,
          ...(input.smtpPassword ? { smtpPasswordEncrypted: sealShopSecret(owner.id, input.smtpPassword) } : {}),
        }
      : { smtpHost: null, smtpPort: DEFAULT_SMTP_PORT, smtpUsername: null, smtpPasswordEncrypted: null },
  });
  return ok();
}
