import type { PrismaClient } from "@prisma/client";
import { codesOf } from "../../domain/audit/audit-view";
import { openSecret, sealSecret, sealedKeyId, type ResealCount, type SecretKey } from "../../domain/secret-box";
import { getEnv } from "../../env.server";

/**
 * A shop's secret (SMTP password, Slack webhook URL, webhook URLs, webhook signing secrets) as it
 * is stored: sealed with the current key (docs/security.md#secrets-at-rest,
 * docs/security.md#secrets-at-rest).
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

/**
 * A stored value that is sealed now but may have been stored in clear before encryption (the
 * webhook URLs): opened when sealed, as it is otherwise, until the reseal pass seals it.
 */
export function openShopValue(shopId: string, stored: string): string {
  return sealedKeyId(stored) === null ? stored : openShopSecret(shopId, stored);
}

/** The webhook URLs as they are stored: each sealed on its own, in the `webhooks` JSON list. */
export function sealWebhookUrls(shopId: string, urls: string[]): string[] {
  return urls.map((url) => sealShopSecret(shopId, url));
}

/**
 * The stored webhook URLs in clear, for the settings screen and API. A URL whose key is no
 * longer configured is left out: the merchant enters it again.
 */
export function openWebhookUrls(shopId: string, stored: unknown): string[] {
  return codesOf(stored).flatMap((value) => {
    try {
      return [openShopValue(shopId, value)];
    } catch {
      return [];
    }
  });
}

const BATCH = 200;
const SEALED_COLUMNS = [
  "slackWebhookEncrypted",
  "webhookSecretEncrypted",
  "webhookPreviousSecretEncrypted",
  "smtpPasswordEncrypted",
] as const;

/**
 * Seals the webhook URLs stored in clear before encryption, and seals again every secret of the
 * alert settings sealed with a previous key (so that key can be dropped afterwards). Safe with
 * other processes doing the same, and with merchants saving meanwhile: a row is written only if
 * it is still as it was read (its updatedAt and sealed columns). Idempotent: a row whose values
 * are all sealed with the current key is left as it is. Counts rows.
 */
export async function resealAlertSettings(db: PrismaClient, keys: SecretKey[]): Promise<ResealCount> {
  const [current] = keys;
  const count: ResealCount = { sealed: 0, resealed: 0, unopenable: 0 };
  if (!current) return count;
  let after = "";
  for (;;) {
    const rows = await db.alertSettings.findMany({
      where: { id: { gt: after } },
      select: {
        id: true,
        shopId: true,
        webhooks: true,
        slackWebhookEncrypted: true,
        webhookSecretEncrypted: true,
        webhookPreviousSecretEncrypted: true,
        smtpPasswordEncrypted: true,
        updatedAt: true,
      },
      orderBy: { id: "asc" },
      take: BATCH,
    });
    for (const row of rows) {
      let sealedFromClear = false;
      let changed = false;
      /** the value sealed with the current key, or null when it already is */
      const reseal = (stored: string, mayBeClear: boolean): string | null => {
        const keyId = sealedKeyId(stored);
        if (keyId === current.id || (keyId === null && !mayBeClear)) return null;
        const plain = keyId === null ? stored : openSecret(stored, row.shopId, keys);
        if (keyId === null) sealedFromClear = true;
        changed = true;
        return sealSecret(plain, row.shopId, current);
      };
      const data: Record<string, unknown> = {};
      try {
        const webhooks = codesOf(row.webhooks);
        const resealed = webhooks.map((value) => reseal(value, true) ?? value);
        if (changed) data.webhooks = resealed;
        for (const column of SEALED_COLUMNS) {
          const stored = row[column];
          const value = stored ? reseal(stored, false) : null;
          if (value) data[column] = value;
        }
      } catch {
        count.unopenable += 1;
        continue;
      }
      if (!changed) continue;
      const { count: written } = await db.alertSettings.updateMany({
        where: {
          id: row.id,
          updatedAt: row.updatedAt,
          slackWebhookEncrypted: row.slackWebhookEncrypted,
          webhookSecretEncrypted: row.webhookSecretEncrypted,
          webhookPreviousSecretEncrypted: row.webhookPreviousSecretEncrypted,
          smtpPasswordEncrypted: row.smtpPasswordEncrypted,
        },
        data,
      });
      if (written === 0) continue;
      if (sealedFromClear) count.sealed += 1;
      else count.resealed += 1;
    }
    if (rows.length < BATCH) return count;
    after = rows[rows.length - 1]!.id;
  }
}
