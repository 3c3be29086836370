import type { PrismaClient } from "@prisma/client";
import { isSqliteUrl } from "../config/database-url";
import prisma from "../db.server";
import type { ResealCount, SecretKey } from "../domain/secret-box";
import { getEnv } from "../env.server";
import { resealAlertSettings } from "./alerts/secrets.server";
import { resealSessions } from "../db/encrypted-session-storage.server";
import { logger } from "../logger.server";

/**
 * The reseal pass (docs/security.md#secrets-at-rest): every app process runs it once at
 * start (startBackgroundWork), and `npm run secrets:reseal` runs it on demand. It seals what
 * was stored in clear before encryption (Shopify's tokens, the webhook URLs) and seals again,
 * with the current key, what a previous key sealed, so that key can be dropped afterwards.
 * Idempotent and safe with several processes: each row is written only if it is still as read.
 */
export interface ResealReport {
  sessions: ResealCount;
  alertSettings: ResealCount;
}

export async function resealSecretsAtRest(
  options: { db?: PrismaClient; keys?: SecretKey[]; databaseUrl?: string } = {},
): Promise<ResealReport> {
  const db = options.db ?? prisma;
  const keys = options.keys ?? getEnv().secretKeys;
  const sqlite = isSqliteUrl(options.databaseUrl ?? getEnv().databaseUrl);
  // SQLite keeps a rewritten row's old bytes in the page's free space unless told to zero them
  const before = sqlite ? await secureDelete(db) : null;
  if (sqlite) await db.$queryRawUnsafe("PRAGMA secure_delete = ON");
  try {
    const sessions = await resealSessions(db, keys);
    const alertSettings = await resealAlertSettings(db, keys);
    // the write-ahead log holds the old pages until a checkpoint copies the new ones over them
    if (sqlite && sessions.sealed + alertSettings.sealed > 0) {
      await db.$queryRawUnsafe("PRAGMA wal_checkpoint(TRUNCATE)");
    }
    return { sessions, alertSettings };
  } finally {
    if (sqlite) await db.$queryRawUnsafe(`PRAGMA secure_delete = ${before ?? 0}`);
  }
}

/**
 * Rewrites the tables that held values in clear, so no old bytes of them are left in the
 * database's free space: rows written in clear before encryption leave copies there each time
 * they were updated (SQLite reuses a page's free space without zeroing it unless secure_delete
 * is on; PostgreSQL keeps dead row versions until a vacuum). SQLite: VACUUM of the whole file,
 * with the app stopped (it needs the writer for as long as it takes); PostgreSQL: VACUUM FULL of
 * the two tables (a short exclusive lock: one row per shop). Run by `npm run secrets:reseal -- --vacuum`.
 */
export async function vacuumSecretTables(options: { db?: PrismaClient; databaseUrl?: string } = {}): Promise<void> {
  const db = options.db ?? prisma;
  if (isSqliteUrl(options.databaseUrl ?? getEnv().databaseUrl)) {
    await db.$executeRawUnsafe("VACUUM");
    await db.$queryRawUnsafe("PRAGMA wal_checkpoint(TRUNCATE)");
  } else {
    await db.$executeRawUnsafe('VACUUM FULL "Session", "AlertSettings"');
  }
}

async function secureDelete(db: PrismaClient): Promise<number> {
  const [row] = await db.$queryRawUnsafe<{ secure_delete: number | bigint }[]>("PRAGMA secure_delete");
  return Number(row?.secure_delete ?? 0);
}

/** The report in a line, or null when the pass found nothing to do. */
export function resealSummary(report: ResealReport): string | null {
  const parts: string[] = [];
  for (const [name, count] of [
    ["sessions", report.sessions],
    ["alert settings", report.alertSettings],
  ] as const) {
    if (count.sealed) parts.push(`${count.sealed} ${name} stored in clear sealed`);
    if (count.resealed) parts.push(`${count.resealed} ${name} sealed again with the current key`);
    if (count.unopenable) {
      parts.push(
        `${count.unopenable} ${name} sealed with a key that is not configured left as they are ` +
          "(add it to ALERTS_ENCRYPTION_KEYS_PREVIOUS, or merchants enter them again and shops open the app again)",
      );
    }
  }
  return parts.length ? `Secrets at rest: ${parts.join("; ")}` : null;
}

/** At start: the pass in the background, logged; a failure is logged and retried at the next start. */
export function resealSecretsAtStart(): void {
  resealSecretsAtRest().then(
    (report) => {
      const summary = resealSummary(report);
      if (summary) logger.info(summary);
    },
    (error) => logger.error("Secrets at rest: the reseal pass failed; it runs again at the next start", { err: error }),
  );
}
