/**
 * The admin header's bell (docs/product.md#admin-header): the shop's delivered alerts, the
 * latest first, how many the shop has not read, and its read marker (Shop.alertsReadAt), one for
 * the shop's whole team, as the alerts themselves go to the team's shared channels.
 */
import type { Shop } from "@prisma/client";
import prisma from "../../db.server";
import {
  BELL_COUNT_CAP,
  BELL_LATEST,
  bellLabel,
  latestAlerts,
  moreUnreadText,
  nextReadMarker,
  unreadBadge,
  unreadAfter,
  unreadCount,
  type AlertBellView,
} from "../../domain/alerts/alert-bell";
import { formatShopDateTime } from "../../domain/dates";
import { ok, type Result } from "../../domain/result";

/** Alerts read to draw the list: enough for BELL_LATEST orders when some have several alerts. */
const LIST_READ = BELL_LATEST * 10;
/** Unread alerts read to count them: beyond the cap the badge says "99+" anyway. */
const COUNT_READ = BELL_COUNT_CAP * 2;

const DELIVERED = "alert_sent";

export async function alertBell(
  shop: Pick<Shop, "id" | "timezone" | "alertsReadAt">,
  now = new Date(),
): Promise<AlertBellView> {
  // unread: delivered after the shop's marker, within the last week
  const readAt = unreadAfter(shop.alertsReadAt, now);
  const newestFirst = [{ createdAt: "desc" as const }, { id: "desc" as const }];
  const [delivered, unread] = await Promise.all([
    prisma.auditEvent.findMany({
      where: { shopId: shop.id, eventType: DELIVERED },
      orderBy: newestFirst,
      take: LIST_READ,
      select: {
        id: true,
        orderId: true,
        orderName: true,
        ruleName: true,
        discountCodes: true,
        severity: true,
        createdAt: true,
      },
    }),
    prisma.auditEvent.findMany({
      where: { shopId: shop.id, eventType: DELIVERED, createdAt: { gt: readAt } },
      orderBy: newestFirst,
      take: COUNT_READ + 1,
      select: { id: true, orderId: true, createdAt: true },
    }),
  ]);
  const more = unread.length > COUNT_READ;
  const count = unreadCount(unread.slice(0, COUNT_READ), readAt);
  const alerts = latestAlerts(
    delivered.map((row) => ({ ...row, discountCodes: codesOf(row.discountCodes) })),
    readAt,
  );
  return {
    badge: unreadBadge(count, more),
    label: bellLabel(count, more),
    alerts: alerts.map((alert) => ({ ...alert, at: formatShopDateTime(alert.at, { timeZone: shop.timezone }) })),
    newestAt: delivered[0]?.createdAt.toISOString() ?? null,
    moreUnread: moreUnreadText(count, alerts.filter((alert) => alert.unread).length, more),
  };
}

function codesOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((code): code is string => typeof code === "string") : [];
}

/**
 * Marks the shop's alerts read up to `upTo` (the newest the bell showed): the marker only moves
 * forward, also when two staff members open the bell at once, and never past now.
 */
export async function markAlertsRead(
  shopId: string,
  upTo: Date,
  now = new Date(),
): Promise<Result<{ readAt: string }>> {
  const shop = await prisma.shop.findUnique({ where: { id: shopId }, select: { alertsReadAt: true } });
  const next = nextReadMarker(shop?.alertsReadAt ?? null, upTo, now);
  // a conditional update: a later marker written meanwhile is kept
  await prisma.shop.updateMany({
    where: { id: shopId, OR: [{ alertsReadAt: null }, { alertsReadAt: { lt: next } }] },
    data: { alertsReadAt: next },
  });
  const stored = await prisma.shop.findUnique({ where: { id: shopId }, select: { alertsReadAt: true } });
  return ok({ readAt: (stored?.alertsReadAt ?? next).toISOString() });
}
