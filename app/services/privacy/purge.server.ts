/**
 * Data of uninstalled shops is deleted 30 days after the uninstall at the latest
 * (docs/security.md#privacy-and-deletion, the data deletion page), whether or not
 * Shopify's shop/redact ever arrives. A scheduled job looks every hour; a shop reinstalled in
 * the meantime is installed again (its uninstalledAt cleared) and keeps everything. Each
 * delete names its conditions, so two app processes purging side by side, or a reinstall
 * between the look and the delete, delete nothing twice and nothing reinstalled.
 */
import prisma from "../../db.server";
import { startScheduledLoop, workerLoop } from "../worker-loop.server";
import { deleteShopData } from "./privacy.server";
import { logger } from "../../logger.server";

/** How long an uninstalled shop's data is kept (the data deletion page promises 30 days). */
export const KEEP_UNINSTALLED_MS = 30 * 86_400_000;
/** How often the job looks. */
export const PURGE_EVERY_MS = 60 * 60_000;
const PURGE_BATCH = 20;

/** Deletes the data of shops uninstalled more than 30 days before `now`; returns their domains. */
export async function purgeUninstalledShops(now = new Date(), batch = PURGE_BATCH): Promise<string[]> {
  const cutoff = new Date(now.getTime() - KEEP_UNINSTALLED_MS);
  const due = { installState: "uninstalled", uninstalledAt: { lt: cutoff } } as const;
  const shops = await prisma.shop.findMany({ where: due, select: { domain: true }, take: batch });
  const purged: string[] = [];
  for (const { domain } of shops) {
    // shop/redact's deletion, only while the shop is still due: reinstalled meanwhile, or
    // purged by another process first, nothing is deleted
    if (!(await deleteShopData(domain, due))) continue;
    purged.push(domain);
    logger.info("Uninstalled over 30 days ago: the shop's data deleted", { shop: domain });
  }
  return purged;
}

const loop = workerLoop("Uninstalled-shop purge", async () => (await purgeUninstalledShops()).length === PURGE_BATCH, {
  gatherMs: 0,
  backoff: { baseMs: 60_000, capMs: PURGE_EVERY_MS },
});

/** Starts the hourly purge (and one now); returns what stops it. */
export function startPurgeJob(): () => Promise<void> {
  return startScheduledLoop(loop, PURGE_EVERY_MS);
}
