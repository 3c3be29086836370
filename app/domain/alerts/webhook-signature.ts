/**
 * Signatures of the app's outgoing webhooks. The first, kept for the receivers written for it,
 * in the manner of Stripe's: the header
 * `Margin-Guardrail-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, with the
 * shop's signing secret (as a string, the way it was shown). Receivers recompute the HMAC and
 * refuse timestamps older than the tolerance, which stops replays (docs/product.md#decisions, 9).
 * Then Standard Webhooks, below. Pure: the time is passed in.
 */
import crypto from "node:crypto";
import { Webhook } from "standardwebhooks";

export const SIGNATURE_HEADER = "Margin-Guardrail-Signature";
/** How old a signed delivery may be when it is checked. */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

function hmac(secret: string, timestamp: number, body: string): string {
  return crypto.createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}

/** The header value for a body sent at `timestamp` (Unix seconds). */
export function signatureHeader(secret: string, body: string, timestamp: number): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: "malformed" | "too_old" | "mismatch" };

/** Checks a received header against the body, the secret and the time now (Unix seconds). */
export function verifySignature(
  header: string | null | undefined,
  body: string,
  secret: string,
  now: number,
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): SignatureCheck {
  const parts = new Map(
    (header ?? "").split(",").map((part) => {
      const [key, ...value] = part.trim().split("=");
      return [key, value.join("=")] as const;
    }),
  );
  const timestamp = Number(parts.get("t"));
  const given = parts.get("v1") ?? "";
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given)) return { ok: false, reason: "malformed" };
  if (Math.abs(now - timestamp) > toleranceSeconds) return { ok: false, reason: "too_old" };
  const expected = Buffer.from(hmac(secret, timestamp, body), "hex");
  return crypto.timingSafeEqual(expected, Buffer.from(given, "hex")) ? { ok: true } : { ok: false, reason: "mismatch" };
}

/*
 * Standard Webhooks (https://www.standardwebhooks.com, docs/api.md#alert-webhooks-what-receivers-get),
 * sent beside the header above: `webhook-id` (the outbox row's id, the same on every retry),
 * `webhook-timestamp` (Unix seconds) and `webhook-signature` (`v1,<base64 HMAC-SHA256 of
 * "<id>.<timestamp>.<body>">`, space-separated when two secrets sign during a rotation). Signed
 * with the `standardwebhooks` package, so what is sent is what its `Webhook.verify` accepts.
 */

/** The prefix of a Standard Webhooks secret: `whsec_` and the key's bytes in base64. */
export const STANDARD_SECRET_PREFIX = "whsec_";

/** After "Rotate signing secret", the previous secret signs too for this long. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60_000;

/**
 * A stored signing secret in its Standard Webhooks form. Secrets made since are stored as
 * `whsec_…` already; an older `mgwh_…` secret's key was its own UTF-8 bytes (the legacy HMAC
 * is keyed with the string), so its `whsec_` form is those bytes in base64: one key, two spellings.
 */
export function standardSecretOf(stored: string): string {
  return stored.startsWith(STANDARD_SECRET_PREFIX)
    ? stored
    : `${STANDARD_SECRET_PREFIX}${Buffer.from(stored, "utf8").toString("base64")}`;
}

/** The secrets that sign a delivery at `now`: the current one, and the previous one inside the overlap. */
export function signingSecretsAt(
  current: string,
  previous: { secret: string; rotatedAt: Date } | null,
  now: Date,
): string[] {
  if (!previous) return [current];
  const age = now.getTime() - previous.rotatedAt.getTime();
  return age >= 0 && age < ROTATION_OVERLAP_MS ? [current, previous.secret] : [current];
}

export const WEBHOOK_ID_HEADER = "webhook-id";
export const WEBHOOK_TIMESTAMP_HEADER = "webhook-timestamp";
export const WEBHOOK_SIGNATURE_HEADER = "webhook-signature";

/** The three Standard Webhooks headers of one delivery, signed with each of `secrets` (stored forms). */
export function standardHeaders(
  id: string,
  body: string,
  timestamp: number,
  secrets: string[],
): Record<string, string> {
  const at = new Date(timestamp * 1000);
  return {
    [WEBHOOK_ID_HEADER]: id,
    [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
    [WEBHOOK_SIGNATURE_HEADER]: secrets
      .map((secret) => new Webhook(standardSecretOf(secret)).sign(id, at, body))
      .join(" "),
  };
}
