import prisma from "../../db.server";
import { DASHBOARD_RECENT_EVENTS, dashboardCounts } from "../../domain/audit/audit-events";
import { feedOf } from "../../domain/audit/audit-groups";
import { toEventView, type AuditEventView } from "../../domain/audit/audit-view";
import { planHasAlerts, type PlanId } from "../../domain/billing/plans";
import { alertPreferences } from "../alerts/settings.server";
import type { RoiSummary } from "../../domain/roi/roi";
import { ROI_WINDOW_DAYS } from "../../domain/roi/windows";
import { latestAuditEvents } from "../audit/events.server";
import { shopMidnight } from "../../domain/time-zones";
import { roiSince } from "../roi/roi.server";
import { anythingMeasured } from "../roi/money-figures.server";
import { EVALUATED_RULES } from "../rules/plan-limit.server";

/**
 * An entry of "Real-time Monitoring": one order (or checkout, or lone event) shown by its worst
 * breach, with the worst severity, the time of its newest event and every rule it broke.
 */
export interface FeedEntryView extends AuditEventView {
  /** the rules (and blocks) the order broke, each once, worst first */
  brokenRules: string[];
  /** how many of the order's events are behind the entry */
  orderEvents: number;
}

/** How many of the latest events the feed reads to find its orders. */
export const FEED_EVENTS_READ = 100;

export interface DashboardData {
  activeRules: number;
  blockedCheckouts: number;
  alertsSent: number;
  /** rule breaches recorded, shown beside the alerts actually sent */
  breaches: number;
  /** false when no alert can go out (Free, or no channel with a destination): the card says how to turn them on */
  alertsOn: boolean;
  /** one entry per order, the latest first (docs/product.md#dashboard) */
  recentEvents: FeedEntryView[];
  roi: RoiSummary;
  /**
   * where the ROI summary's money starts counting (ISO): the shop's midnight ROI_WINDOW_DAYS days
   * before today (docs/product.md#dashboard); its figures link to the orders since then
   */
  roiSince: string;
  /**
   * whether the shop ever had an order or checkout counted: until then the Dashboard has nothing
   * to measure and shows its empty state (docs/product.md#dashboard)
   */
  measured: boolean;
}

/**
 * Everything the Dashboard shows, from the database. Counts read the per-day rollups
 * (a few rows per day), not the events table, so they stay fast with millions of events.
 */
export async function loadDashboard(
  shop: { id: string; plan: PlanId; timezone: string },
  now = new Date(),
): Promise<DashboardData> {
  const since = shopMidnight(now, shop.timezone, ROI_WINDOW_DAYS);
  const [activeRules, activeCollectionRules, totals, roi, recent, settings, measured] = await Promise.all([
    prisma.rule.count({ where: { shopId: shop.id, ...EVALUATED_RULES } }),
    prisma.collectionRule.count({ where: { shopId: shop.id, ...EVALUATED_RULES } }),
    prisma.eventRollup.groupBy({
      by: ["eventType"],
      where: { shopId: shop.id },
      _sum: { count: true },
    }),
    roiSince(shop, since, ROI_WINDOW_DAYS),
    latestAuditEvents(shop.id, FEED_EVENTS_READ),
    prisma.alertSettings.findUnique({ where: { shopId: shop.id } }),
    anythingMeasured(shop.id),
  ]);
  const preferences = settings && alertPreferences(settings, shop.timezone);
  const counts = dashboardCounts(totals.map((row) => ({ eventType: row.eventType, count: row._sum.count ?? 0 })));
  return {
    activeRules: activeRules + activeCollectionRules,
    ...counts,
    alertsOn:
      planHasAlerts(shop.plan) &&
      Boolean(preferences && (preferences.emailEnabled || preferences.slackEnabled || preferences.webhookEnabled)),
    recentEvents: feedOf(recent, DASHBOARD_RECENT_EVENTS).map((entry) => {
      const newest = toEventView(entry.newest, shop.timezone);
      return {
        ...toEventView(entry.lead, shop.timezone),
        severity: entry.severity,
        createdAt: newest.createdAt,
        time: newest.time,
        brokenRules: entry.brokenRules,
        orderEvents: entry.events,
      };
    }),
    roi,
    roiSince: since.toISOString(),
    measured,
  };
}
