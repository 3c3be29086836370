import { openSecret, sealSecret } from "../../domain/secret-box";
import { getEnv } from "../../env.server";

/**
 * A shop's secret (SMTP password, Slack webhook URL, webhook signing secret) as it is stored:
 * sealed with the current key (docs/decisions/0012-alert-secrets.md).
 */
export function sealShopSecret(shopId: string, plain: string): string {
  const [current] = getEnv().secretKeys;
  if (!current) throw new Error("ALERTS_ENCRYPTION_KEY is not set: merchant secrets cannot be stored");
  return sealSecret(plain, shopId, current);
}

/** A stored secret in clear, for the moment it is used (never for the browser). */
export function openShopSecret(shopId: string, sealed: string): string {
  return openSecret(sealed, shopId, getEnv().secretKeys);
}
