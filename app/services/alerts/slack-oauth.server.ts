import prisma from "../../db.server";
import { isUniqueViolation } from "../../db/errors";
import { openAppUrl } from "../../domain/shops/open-app";
import { planHasAlerts } from "../../domain/billing/plans";
import { getEnv } from "../../env.server";
import { logger } from "../../logger.server";
import { OUTBOUND_TIMEOUT_MS } from "../../outbound/http-client.server";
import { planForShop } from "../billing/plan-truth.server";
import { connectSlack } from "./settings.server";
import {
  signSlackState,
  slackAuthorizeUrl,
  verifySlackState,
  type SlackOutcomeProblem,
  type StateProblem,
} from "./slack-oauth";

/**
 * "Add to Slack" (docs/operations.md#slack-app): the link to Slack's consent screen, and
 * the callback's work: check the state, claim it once, exchange the code with oauth.v2.access,
 * store the incoming webhook as a pasted one is stored (sealed, settings.server.ts).
 */

/** Where Slack sends the merchant back: registered as the Slack app's redirect URL. */
export const SLACK_CALLBACK_PATH = "/api/integrations/slack/callback";

/** The redirect URL: the app's public URL; in the demo store, the address the merchant uses. */
export function slackRedirectUri(request: Request): string {
  const env = getEnv();
  const origin = env.demoMode ? new URL(request.url).origin : env.appUrl.replace(/\/+$/, "");
  return `${origin}${SLACK_CALLBACK_PATH}`;
}

/** The state signing key: the app's client secret (production refuses a weak one), labelled in slack-oauth.ts. */
const stateKey = () => getEnv().shopifyApiSecret;

/** Slack's consent screen for this shop, or null when the app has no Slack app (SLACK_CLIENT_ID). */
export function slackInstallUrl(shopDomain: string, request: Request): string | null {
  const slack = getEnv().slack;
  if (!slack) return null;
  return slackAuthorizeUrl({
    baseUrl: slack.oauthBaseUrl,
    clientId: slack.clientId,
    state: signSlackState(shopDomain, stateKey()),
    redirectUri: slackRedirectUri(request),
  });
}

/** Claims a state's nonce: true the first time, false for a state already used. */
async function claimNonce(nonce: string, shopDomain: string): Promise<boolean> {
  try {
    // one row per nonce in the table of things done once (docs/operations.md#slack-app says why there)
    await prisma.processedWebhook.create({
      data: { webhookId: `slack-oauth:${nonce}`, shopDomain, topic: "slack/oauth_state" },
    });
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

interface IncomingWebhook {
  url: string;
  channel: string;
}

/** Slack's oauth.v2.access: the code for the incoming webhook the merchant made on the consent screen. */
export async function exchangeSlackCode(code: string, redirectUri: string): Promise<IncomingWebhook> {
  const slack = getEnv().slack;
  if (!slack) throw new Error("No Slack app is configured (SLACK_CLIENT_ID)");
  const response = await fetch(`${slack.oauthBaseUrl}/api/oauth.v2.access`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Authorization: `Basic ${Buffer.from(`${slack.clientId}:${slack.clientSecret}`).toString("base64")}`,
    },
    body: new URLSearchParams({ code, redirect_uri: redirectUri }).toString(),
    redirect: "manual",
    signal: AbortSignal.timeout(OUTBOUND_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`oauth.v2.access answered HTTP ${response.status}`);
  const answer = (await response.json()) as {
    ok?: boolean;
    error?: string;
    incoming_webhook?: { url?: unknown; channel?: unknown };
  };
  if (!answer.ok) throw new Error(`oauth.v2.access refused: ${answer.error ?? "no reason given"}`);
  const hook = answer.incoming_webhook;
  if (typeof hook?.url !== "string" || typeof hook.channel !== "string" || !hook.url || !hook.channel) {
    throw new Error("oauth.v2.access gave no incoming webhook (is the incoming-webhook scope asked?)");
  }
  const channel = hook.channel.startsWith("#") ? hook.channel : `#${hook.channel}`;
  return { url: hook.url, channel };
}

export type SlackCallbackOutcome =
  | { ok: true; shop: string; channel: string }
  | { ok: false; shop: string | null; problem: SlackOutcomeProblem; detail: string };

const STATE_PROBLEMS: Record<StateProblem, SlackOutcomeProblem> = {
  malformed: "invalid",
  signature: "invalid",
  expired: "expired",
};

/**
 * The callback: Slack's answer (`code` and `state`, or `error` and `state`). Changes nothing
 * unless the state is the app's, unexpired and unused, the shop is on a plan with alerts, and
 * Slack gives an incoming webhook for the code.
 */
export async function completeSlackInstall(request: Request): Promise<SlackCallbackOutcome> {
  const params = new URL(request.url).searchParams;
  const checked = verifySlackState(params.get("state"), stateKey());
  if (!checked.ok) {
    const shop = checked.problem === "expired" ? checked.shop : null;
    return { ok: false, shop, problem: STATE_PROBLEMS[checked.problem], detail: `state ${checked.problem}` };
  }
  const { shop: domain, nonce } = checked.state;
  const refuse = (problem: SlackOutcomeProblem, detail: string): SlackCallbackOutcome => ({
    ok: false,
    shop: domain,
    problem,
    detail,
  });
  const shop = await prisma.shop.findUnique({ where: { domain } });
  if (!shop || shop.installState !== "installed") return refuse("invalid", "the state's shop is not installed");
  if (!(await claimNonce(nonce, domain))) return refuse("invalid", "state already used");
  const error = params.get("error");
  if (error) return refuse("denied", `Slack answered ${error}`);
  const code = params.get("code");
  if (!code) return refuse("failed", "Slack's answer has no code");
  const owner = { id: shop.id, plan: await planForShop(shop, null) };
  if (!planHasAlerts(owner.plan)) return refuse("plan", "the shop's plan has no alerts");
  let hook: IncomingWebhook;
  try {
    hook = await exchangeSlackCode(code, slackRedirectUri(request));
  } catch (failure) {
    logger.warn("Add to Slack: the code exchange failed", { shop: domain, error: String(failure) });
    return refuse("failed", String(failure));
  }
  const saved = await connectSlack(owner, { slackWebhook: hook.url, slackChannel: hook.channel });
  if (!saved.ok) {
    return refuse(saved.error.status === 403 ? "plan" : "failed", saved.error.message);
  }
  return { ok: true, shop: domain, channel: hook.channel };
}

/**
 * Where the merchant goes after the callback: the Slack page in the Shopify admin (in the demo
 * store, the app's own page), with the outcome in its query.
 */
export function slackReturnUrl(outcome: SlackCallbackOutcome): string | null {
  const query = outcome.ok
    ? new URLSearchParams({ slack: "connected" })
    : new URLSearchParams({ slack: outcome.problem });
  if (getEnv().demoMode) return `/integration/slack?${query.toString()}`;
  const admin = outcome.shop ? openAppUrl(outcome.shop) : null;
  return admin ? `${admin}/integration/slack?${query.toString()}` : null;
}
