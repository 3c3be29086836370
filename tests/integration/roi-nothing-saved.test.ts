// A shop whose orders were only alerted about (docs/product.md#what-the-figures-count): alerting
// saves nothing, so the Dashboard's and the ROI dashboard's return says so in words, naming the
// orders flagged, rather than "-100%" (docs/product.md#roi-dashboard).
import { beforeAll, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { roiText } from "../../app/domain/roi/roi";
import { loadDashboard } from "../../app/services/dashboard/dashboard.server";
import { roiReport } from "../../app/services/roi/roi-report.server";
import { breachingOrders, coreShopWithLimit } from "../helpers/breaches";
import { testWorkers } from "../helpers/workers";

const SHOP = "roi-nothing-saved.myshopify.com";
const workers = testWorkers();

describe("a return with nothing saved yet", () => {
  let shopId: string;
  beforeAll(async () => {
    shopId = await coreShopWithLimit(SHOP);
    await prisma.alertSettings.update({ where: { shopId }, data: { emailEnabled: false } });
    const post = breachingOrders(SHOP, 9_600, workers.orders);
    // three orders past the 20% limit, alerted only, and one within it
    await post(45);
    await post(30);
    await post(25);
    await post(10);
  });

  it("names the orders flagged, each once, on the ROI dashboard and the Dashboard", async () => {
    const shop = { id: shopId, plan: "core" as const, timezone: "UTC", currency: "USD" };
    const report = await roiReport(shop, "this_month");
    expect(report).toMatchObject({ totalSavedCents: 0, flaggedCents: 2_500 + 1_000 + 500 });
    expect(report.measure).toEqual({ kind: "nothing-saved", flaggedOrders: 3, blockedCheckouts: 0 });
    expect(roiText(report.measure, "this month")).toBe("Nothing saved yet: 3 orders flagged");
    // the API keeps its documented figure: (saved − cost) ÷ cost
    expect(report.roiPercentage).toBe(-100);

    const dashboard = await loadDashboard(shop);
    expect(roiText(dashboard.roi.measure, "in the last 30 days")).toBe("Nothing saved yet: 3 orders flagged");
    // the period before had nothing counted
    expect(report.previous.measure).toEqual({ kind: "nothing-counted" });
  });
});
