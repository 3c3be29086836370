/**
 * The money rollups' reading side (docs/architecture.md#counts-and-money): per shop, local day and
 * rule type, kept in step by the writes of OrderMoney and the events (app/db/order-money.sql.server.ts,
 * app/db/audit-events.sql.server.ts). Before they are read, a shop whose rollups were never built
 * (a shop from before them) or were built in another time zone than the shop's now (Shop.timezone
 * changed) has them rebuilt from the rows, in one transaction: this is where a change of time zone
 * takes effect, whoever changed it.
 */
import prisma from "../../db.server";
import { rebuildMoneyRollups, selectMoneyRollups, selectRollupZone } from "../../db/money-rollups.sql.server";
import type { DayRange, RollupRow } from "../../domain/roi/roi-rollups";

/** How long a rebuild may hold its transaction (a year of a large shop's rows, grouped). */
const REBUILD_TIMEOUT_MS = 120_000;

/** Makes sure the shop's rollups are in its time zone now; true when they had to be rebuilt. */
export async function ensureMoneyRollups(shop: { id: string; timezone: string }, now = new Date()): Promise<boolean> {
  const zone = await selectRollupZone(prisma, shop.id);
  if (zone?.timezone === shop.timezone) return false;
  await prisma.$transaction((tx) => rebuildMoneyRollups(tx, shop.id, shop.timezone, now), {
    timeout: REBUILD_TIMEOUT_MS,
    maxWait: REBUILD_TIMEOUT_MS,
  });
  return true;
}

/** The shop's rollup rows of some local days. */
export function rollupsOfDays(shopId: string, days: DayRange): Promise<RollupRow[]> {
  return selectMoneyRollups(prisma, shopId, days.first, days.end ?? "9999-12-31~");
}
