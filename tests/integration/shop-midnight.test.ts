// Periods start at the shop's midnight, never UTC's (docs/product.md#dates-and-times): the Dashboard's
// 30 days and the Audit Log's orders behind a figure, for a shop in Chicago, where UTC's midnight is
// 7:00 PM the evening before.
import { beforeAll, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { ensureShop } from "../../app/db/shops.server";
import { loadDashboard } from "../../app/services/dashboard/dashboard.server";
import { moneyBehind } from "../../app/services/roi/money-figures.server";

const ZONE = "America/Chicago";
// Nov 27, 2026, 12:00 PM in Chicago: its last 30 days start on Oct 28 at 12:00 AM (CDT, 05:00 UTC)
const NOW = new Date("2026-11-27T18:00:00Z");

let shop: { id: string; timezone: string; currency: string };

describe("a Chicago shop's periods", () => {
  beforeAll(async () => {
    const { id } = await ensureShop("midnight-chicago.myshopify.com");
    await prisma.shop.update({ where: { id }, data: { timezone: ZONE } });
    shop = { id, timezone: ZONE, currency: "USD" };
    const flagged = (subject: string, at: string, cents: number) => ({
      shopId: id,
      subject,
      orderName: subject.replace("gid://shopify/Order/", "#"),
      at: new Date(at),
      discountCents: cents,
      overageCents: cents,
      flaggedCents: cents,
      updatedAt: new Date(at),
    });
    await prisma.orderMoney.createMany({
      data: [
        // Oct 27, 9:00 PM in Chicago: after UTC's midnight, before the shop's
        flagged("gid://shopify/Order/1", "2026-10-28T02:00:00Z", 100),
        // Oct 28, 12:00 AM in Chicago: the first instant of the period
        flagged("gid://shopify/Order/2", "2026-10-28T05:00:00Z", 200),
        // Nov 27, 11:00 AM
        flagged("gid://shopify/Order/3", "2026-11-27T17:00:00Z", 400),
      ],
    });
  });

  it("starts the Dashboard's 30 days at the shop's midnight, and counts from there", async () => {
    const dashboard = await loadDashboard({ id: shop.id, plan: "core", timezone: ZONE }, NOW);
    expect(dashboard.roiSince).toBe("2026-10-28T05:00:00.000Z");
    expect(dashboard.roi.flaggedCents).toBe(600);
    // the orders behind its figure start where it does
    const behind = await moneyBehind(shop, new URLSearchParams({ figure: "flagged", from: dashboard.roiSince }));
    expect(behind).toMatchObject({ totalCents: 600, count: 2 });
    expect(behind!.period).toBe("From Oct 28, 2026, 12:00 AM to now (America/Chicago)");
  });

  it("reads the Audit Log's dates as the shop's midnights", async () => {
    const behind = await moneyBehind(
      shop,
      new URLSearchParams({ figure: "flagged", from: "2026-10-28", to: "2026-11-27" }),
    );
    expect(behind).toMatchObject({ from: "2026-10-28T05:00:00.000Z", to: "2026-11-27T06:00:00.000Z", totalCents: 200 });
    expect(behind!.rows.map((row) => row.label)).toEqual(["#2"]);
    expect(behind!.period).toBe("From Oct 28, 2026, 12:00 AM to Nov 27, 2026, 12:00 AM (America/Chicago)");
    // a date that is none lists nothing
    expect(await moneyBehind(shop, new URLSearchParams({ figure: "flagged", from: "2026-02-30" }))).toBeNull();
  });
});
