/**
 * Merchant secrets at rest (the SMTP password, the Slack and webhook URLs, the webhook signing
 * secret, Shopify's access tokens): AES-256-GCM with a random 96-bit IV, the shop as additional
 * data (a secret copied to another shop's row does not decrypt), and the key's id in the stored
 * value, so keys can be rotated: new values use the current key, old ones still open with the
 * keys listed as previous (docs/security.md#secrets-at-rest).
 * Pure: keys are passed in.
 */
import crypto from "node:crypto";

export interface SecretKey {
  /** the first 8 hex digits of the key's SHA-256: names the key without revealing it */
  id: string;
  key: Buffer;
}

/** A key from its configured form: 64 hex digits, or base64 of 32 bytes. */
export function parseSecretKey(text: string): SecretKey {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, "hex") : Buffer.from(trimmed, "base64");
  if (key.length !== 32) throw new Error("An encryption key is 32 bytes: 64 hex digits or 44 base64 characters");
  return { id: crypto.createHash("sha256").update(key).digest("hex").slice(0, 8), key };
}

/** A key derived from a passphrase (the demo store and tests, never production). */
export function derivedSecretKey(passphrase: string): SecretKey {
  return parseSecretKey(crypto.createHash("sha256").update(`margin-guardrail-secrets:${passphrase}`).digest("hex"));
}

const VERSION = "v1";

export function sealSecret(plain: string, shopId: string, key: SecretKey): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key.key, iv);
  cipher.setAAD(Buffer.from(shopId));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, key.id, iv.toString("base64"), cipher.getAuthTag().toString("base64"), body.toString("base64")].join(
    ":",
  );
}

const SEALED = /^v1:([0-9a-f]{8}):[A-Za-z0-9+/]+={0,2}:[A-Za-z0-9+/]+={0,2}:[A-Za-z0-9+/]*={0,2}$/;

/**
 * The id of the key that sealed `stored`, or null when it is not a sealed value: a value
 * stored in clear before it was encrypted (a webhook URL, a Shopify access token) is never
 * in this form, so resealing can tell them apart and leave sealed values alone.
 */
export function sealedKeyId(stored: string): string | null {
  return SEALED.exec(stored)?.[1] ?? null;
}

export const isSealedSecret = (stored: string): boolean => sealedKeyId(stored) !== null;

/** Opens a sealed secret with whichever of the keys sealed it; throws when none did or it was altered. */
export function openSecret(sealed: string, shopId: string, keys: SecretKey[]): string {
  const [version, keyId, iv, tag, body] = sealed.split(":");
  if (version !== VERSION || !body) throw new Error("Not a sealed secret");
  const key = keys.find((candidate) => candidate.id === keyId);
  if (!key) throw new Error(`The key ${keyId} that sealed this secret is not configured`);
  const decipher = crypto.createDecipheriv("aes-256-gcm", key.key, Buffer.from(iv, "base64"));
  decipher.setAAD(Buffer.from(shopId));
  decipher.setAuthTag(Buffer.from(tag, "base64"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64")), decipher.final()]).toString("utf8");
}

/** Rows a reseal pass wrote: sealed from clear, sealed again with the current key; left, their key gone. */
export interface ResealCount {
  sealed: number;
  resealed: number;
  unopenable: number;
}

/** What the browser is shown of a stored secret: never the secret. */
export function maskSecret(plain: string): string {
  return plain.length <= 4 ? "••••" : `••••${plain.slice(-4)}`;
}
