import crypto from "node:crypto";

/**
 * "Add to Slack" (docs/operations.md#slack-app): the OAuth `state` that binds Slack's
 * answer to the shop whose admin asked for it. Pure: give it the key and "now".
 *
 * A state is `<payload>.<signature>`: the payload is base64url JSON {shop, nonce, expires}, the
 * signature an HMAC-SHA256 of it under the app's key, labelled so no other signed value of the
 * app can pass for a state. Signed, it cannot be made or edited outside the app; it expires;
 * its nonce is claimed once by the callback (slack-oauth.server.ts), so it is single-use.
 */

/** How long a merchant has from opening the Slack page to coming back from Slack's consent screen. */
export const SLACK_STATE_TTL_MS = 30 * 60_000;
/** The scope that makes Slack show its channel picker and answer with an incoming webhook. */
export const SLACK_SCOPE = "incoming-webhook";

const LABEL = "margin-guardrail/slack-oauth-state/v1";

export interface SlackState {
  shop: string;
  nonce: string;
  /** ms since the epoch */
  expires: number;
}

export type StateProblem = "malformed" | "signature" | "expired";

/** A refused state; an expired one (its signature good) still names its shop, to send the merchant back to. */
export type StateCheck =
  | { ok: true; state: SlackState }
  | { ok: false; problem: Exclude<StateProblem, "expired"> }
  | { ok: false; problem: "expired"; shop: string };

function mac(key: string, payload: string): Buffer {
  return crypto.createHmac("sha256", key).update(`${LABEL}\n${payload}`).digest();
}

/** A fresh state for `shop`, valid for SLACK_STATE_TTL_MS from `now`. */
export function signSlackState(
  shop: string,
  key: string,
  now = Date.now(),
  nonce: string = crypto.randomUUID(),
): string {
  const state: SlackState = { shop, nonce, expires: now + SLACK_STATE_TTL_MS };
  const payload = Buffer.from(JSON.stringify(state), "utf8").toString("base64url");
  return `${payload}.${mac(key, payload).toString("base64url")}`;
}

function parsePayload(payload: string): SlackState | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    if (!value || typeof value !== "object") return null;
    const { shop, nonce, expires } = value as Record<string, unknown>;
    if (typeof shop !== "string" || typeof nonce !== "string" || typeof expires !== "number") return null;
    if (!shop || !nonce || !Number.isFinite(expires)) return null;
    return { shop, nonce, expires };
  } catch {
    return null;
  }
}

/**
 * Checks a state that came back from Slack: its signature first (compared in constant time),
 * then its expiry. Says which check failed; never trusts the payload before the signature.
 */
export function verifySlackState(text: string | null | undefined, key: string, now = Date.now()): StateCheck {
  const parts = (text ?? "").split(".");
  if (parts.length !== 2 || !parts[0] || !parts[1]) return { ok: false, problem: "malformed" };
  const [payload, signature] = parts;
  const given = Buffer.from(signature, "base64url");
  const expected = mac(key, payload);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
    return { ok: false, problem: "signature" };
  }
  const state = parsePayload(payload);
  if (!state) return { ok: false, problem: "malformed" };
  if (state.expires <= now) return { ok: false, problem: "expired", shop: state.shop };
  return { ok: true, state };
}

/** Slack's consent screen for the app: the merchant picks the channel there. */
export function slackAuthorizeUrl(options: {
  baseUrl: string;
  clientId: string;
  state: string;
  redirectUri: string;
}): string {
  const url = new URL(`${options.baseUrl}/oauth/v2/authorize`);
  url.searchParams.set("client_id", options.clientId);
  url.searchParams.set("scope", SLACK_SCOPE);
  url.searchParams.set("state", options.state);
  url.searchParams.set("redirect_uri", options.redirectUri);
  return url.href;
}

/** What the Slack page says after the merchant comes back (the `slack` query parameter). */
export const SLACK_OUTCOMES = {
  denied: "The request was cancelled on Slack's screen. Nothing was changed.",
  expired: "The Add to Slack request expired. Nothing was changed; choose Add to Slack again.",
  invalid:
    "This Slack sign-in could not be verified (it was already used, or was not started from this page). Nothing was changed; choose Add to Slack again.",
  failed: "Slack did not finish connecting. Nothing was changed; choose Add to Slack again.",
  plan: "Slack alerts come with the Core plan. Nothing was changed.",
} as const;

export type SlackOutcomeProblem = keyof typeof SLACK_OUTCOMES;

export function isSlackOutcomeProblem(value: string | null): value is SlackOutcomeProblem {
  return value !== null && Object.hasOwn(SLACK_OUTCOMES, value);
}
