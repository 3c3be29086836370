import prisma from "../../db.server";
import { ALERT_EVENT_TYPES } from "../../domain/audit/audit-events";
import { rollupDay } from "./events.server";

import { BELL_WINDOW_DAYS } from "../../domain/roi/windows";

/** Alerts of the last week, read from the per-day rollups. */
export async function recentAlertCount(shopId: string, now = new Date()): Promise<number> {
  const since = rollupDay(new Date(now.getTime() - BELL_WINDOW_DAYS * 86_400_000));
  const result = await prisma.eventRollup.aggregate({
    where: { shopId, day: { gte: since }, eventType: { in: [...ALERT_EVENT_TYPES] } },
    _sum: { count: true },
  });
  return result._sum.count ?? 0;
}
