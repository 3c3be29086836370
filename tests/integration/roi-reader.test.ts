// The Dashboard's ROI summary reads the money rollups as the ROI dashboard does (app/services/roi/roi-reader.server.ts,
// docs/product.md#what-the-figures-count): its blocked checkouts and alerts since an instant that is no
// local midnight (a UTC one) equal the per-day event rollups' since that UTC day, in zones whose midnight
// is not UTC's (the part of a local day read from the events).
import { expect, it } from "vitest";
import prisma from "../../app/db.server";
import { ensureShop } from "../../app/db/shops.server";
import { recordAuditEvents, type NewAuditEvent } from "../../app/services/audit/events.server";
import { roiSince } from "../../app/services/roi/roi.server";
import { dashboardCounts } from "../../app/domain/audit/audit-events";

const HOUR = 3_600_000;
it("counts the blocked checkouts and alerts since a UTC day as the event rollups do, in any zone", async () => {
  for (const zone of ["America/Chicago", "Asia/Kolkata", "Pacific/Chatham", "UTC"]) {
    const shop = await ensureShop(`roi-reader-${zone.replace(/\W/g, "").toLowerCase()}.myshopify.com`);
    await prisma.shop.update({ where: { id: shop.id }, data: { timezone: zone } });
    const base = Date.parse("2026-11-01T00:00:00Z");
    const events: NewAuditEvent[] = [];
    let n = 0;
    for (let h = -30; h < 60; h += 1) {
      for (const eventType of ["checkout_blocked", "alert_sent", "rule_triggered"] as const) {
        if ((h * 7 + eventType.length) % 3 === 0) continue;
        events.push({
          eventType,
          severity: "low",
          message: `${eventType} ${h}`,
          discountCodes: [],
          ruleKey: h % 2 === 0 ? "max_discount" : null,
          createdAt: new Date(base + h * HOUR + 17 * 60_000),
          dedupeKey: `k-${(n += 1)}`,
        });
      }
    }
    await recordAuditEvents(shop.id, events);
    for (const sinceDay of ["2026-10-31", "2026-11-01", "2026-11-02"]) {
      const summary = await roiSince(
        { id: shop.id, plan: "core", timezone: zone },
        new Date(`${sinceDay}T00:00:00Z`),
        30,
      );
      const rollups = await prisma.eventRollup.groupBy({
        by: ["eventType"],
        where: { shopId: shop.id, day: { gte: sinceDay } },
        _sum: { count: true },
      });
      const counts = dashboardCounts(rollups.map((row) => ({ eventType: row.eventType, count: row._sum.count ?? 0 })));
      expect([summary.blockedCheckouts, summary.alertsSent], `${zone} ${sinceDay}`).toEqual([
        counts.blockedCheckouts,
        counts.alertsSent,
      ]);
      expect(summary.blockedCheckouts).toBeGreaterThan(0);
    }
  }
});
