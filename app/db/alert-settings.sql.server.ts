// The shops of a delivery batch with their alert settings, read in one raw statement.
import type { AlertSettings } from "@prisma/client";
import { columnList, fromSqlJson, fromSqlTime, join } from "./columns";
import type { RawSql } from "./raw-sql.server";

/** A shop's alert settings row, as the channels read it. */
export type SettingsRow = AlertSettings;

/** Columns of AlertSettings, as the worker reads them (tested against prisma/schema.prisma). */
export const ALERT_SETTINGS_COLUMNS = [
  "id",
  "shopId",
  "emailEnabled",
  "slackEnabled",
  "webhookEnabled",
  "frequency",
  "minSeverity",
  "quietStart",
  "quietEnd",
  "emails",
  "slackChannel",
  "slackWebhookEncrypted",
  "webhooks",
  "webhookSecretEncrypted",
  "webhookPreviousSecretEncrypted",
  "webhookSecretRotatedAt",
  "webhookEndpointState",
  "smtpHost",
  "smtpPort",
  "smtpUsername",
  "smtpPasswordEncrypted",
  "createdAt",
  "updatedAt",
] as const satisfies readonly (keyof SettingsRow)[];

/**
 * The shops of a batch with their alert settings, one raw statement: the delivery worker reads
 * them once per batch, on the writer shared with the order engine.
 */
export async function shopsWithAlertSettings(
  db: RawSql,
  shopIds: string[],
): Promise<Map<string, { domain: string; plan: string; alertSettings: SettingsRow | null }>> {
  if (shopIds.length === 0) return new Map();
  const rows = await db.$queryRaw<Record<string, unknown>[]>`
    SELECT "Shop"."id" AS "shop_id", "Shop"."domain" AS "shop_domain", "Shop"."plan" AS "shop_plan",
      ${columnList(ALERT_SETTINGS_COLUMNS, "AlertSettings")}
    FROM "Shop" LEFT JOIN "AlertSettings" ON "AlertSettings"."shopId" = "Shop"."id"
    WHERE "Shop"."id" IN (${join(shopIds)})`;
  return new Map(
    rows.map((row) => [
      String(row.shop_id),
      {
        domain: String(row.shop_domain),
        plan: String(row.shop_plan),
        alertSettings:
          row.id === null || row.id === undefined
            ? null
            : {
                id: String(row.id),
                shopId: String(row.shopId),
                emailEnabled: Boolean(row.emailEnabled),
                slackEnabled: Boolean(row.slackEnabled),
                webhookEnabled: Boolean(row.webhookEnabled),
                frequency: String(row.frequency),
                minSeverity: String(row.minSeverity),
                quietStart: (row.quietStart as string | null) ?? null,
                quietEnd: (row.quietEnd as string | null) ?? null,
                emails: fromSqlJson(row.emails),
                slackChannel: String(row.slackChannel),
                slackWebhookEncrypted: (row.slackWebhookEncrypted as string | null) ?? null,
                webhooks: fromSqlJson(row.webhooks),
                webhookSecretEncrypted: (row.webhookSecretEncrypted as string | null) ?? null,
                webhookPreviousSecretEncrypted: (row.webhookPreviousSecretEncrypted as string | null) ?? null,
                webhookSecretRotatedAt:
                  row.webhookSecretRotatedAt === null || row.webhookSecretRotatedAt === undefined
                    ? null
                    : fromSqlTime(row.webhookSecretRotatedAt as number),
                webhookEndpointState:
                  row.webhookEndpointState === null || row.webhookEndpointState === undefined
                    ? null
                    : fromSqlJson(row.webhookEndpointState),
                smtpHost: (row.smtpHost as string | null) ?? null,
                smtpPort: Number(row.smtpPort),
                smtpUsername: (row.smtpUsername as string | null) ?? null,
                smtpPasswordEncrypted: (row.smtpPasswordEncrypted as string | null) ?? null,
                createdAt: fromSqlTime(row.createdAt as number),
                updatedAt: fromSqlTime(row.updatedAt as number),
              },
      },
    ]),
  );
}
