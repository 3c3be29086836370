/**
 * Signatures of the app's outgoing webhooks, in the manner of Stripe's: the header
 * `Margin-Guardrail-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, with the
 * shop's signing secret. Receivers recompute the HMAC and refuse timestamps older than the
 * tolerance, which stops replays (docs/product.md#decisions, 9). Pure: the time is passed in.
 */
import crypto from "node:crypto";

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
