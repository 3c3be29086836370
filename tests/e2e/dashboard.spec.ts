import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type { Page } from "@playwright/test";
import { formatCents } from "../../app/domain/money";
import { formatShopDate } from "../../app/domain/dates";
import { shopMidnight } from "../../app/domain/time-zones";
import { DEMO_TIMEZONE } from "../../app/demo/demo-store";
import { createMigratedDatabase, TMP_DIR } from "../../scripts/migrations";
import { startAppServer, type AppServer } from "../helpers/app-server";
import { demoShopId, expect, openDatabase, test } from "./fixtures";
import { screenshotsAt } from "./screens-axe";
import { e2eDatabase } from "./demo-store";

function countEvents(where: string): number {
  const db = openDatabase();
  const shopId = demoShopId(db);
  const row = db.prepare(`SELECT COUNT(*) AS n FROM AuditEvent WHERE shopId = ? AND (${where})`).get(shopId) as {
    n: number;
  };
  db.close();
  return row.n;
}

test("the demo dashboard shows the product's texts, and its feed one entry per order", async ({ page }) => {
  const db = openDatabase();
  const shopId = demoShopId(db);
  // the feed is one entry per order: the latest events' orders (or lone events), each once
  const events = db
    .prepare(
      "SELECT id, orderId, orderName, message FROM AuditEvent WHERE shopId = ? ORDER BY createdAt DESC, id DESC LIMIT 100",
    )
    .all(shopId) as { id: string; orderId: string | null; orderName: string | null; message: string }[];
  db.close();
  const orders = new Map<string, (typeof events)[number]>();
  for (const event of events) {
    const key = event.orderId ?? event.orderName ?? event.id;
    if (!orders.has(key)) orders.set(key, event);
  }
  const latest = [...orders.values()].slice(0, 5);
  // docs/product.md#decisions, 14: alerts delivered, not breaches; breaches are their own figure
  // (the figures themselves are checked against the database in journeys.spec.ts)
  expect(countEvents("eventType LIKE '%alert_sent%'")).toBeGreaterThan(100);
  expect(countEvents("eventType LIKE '%alert_sent%'")).toBeLessThan(
    countEvents("eventType IN ('rule_triggered', 'protection_gap')"),
  );

  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByText("Monitor and protect your store margins")).toBeVisible();
  await expect(page.getByText("This is a demo store, not connected to Shopify.")).toBeVisible();
  await expect(page.getByText("Protect your margins from double discounts")).toBeVisible();
  await expect(page.getByText("You are on the Core plan.")).toBeVisible();

  const monitoring = page.getByRole("region", { name: "Real-time Monitoring" });
  await expect(monitoring.locator("li")).toHaveCount(5);
  for (const [index, event] of latest.entries()) {
    await expect(monitoring.locator("li").nth(index)).toContainText(event.orderName ?? event.message);
  }
  // no order twice
  const names = latest.flatMap((event) => (event.orderName ? [event.orderName] : []));
  expect(new Set(names).size).toBe(names.length);
  // the banner offers only what the merchant can do: on Core, while Plus is coming soon, no plan button
  const banner = page.locator(".Polaris-Banner").filter({ hasText: "Protect your margins from double discounts" });
  await expect(banner.getByRole("button", { name: "Coming Soon" })).toHaveCount(0);
  await expect(banner.getByRole("button", { name: /Upgrade|Downgrade/ })).toHaveCount(0);

  // on Core, checkout blocking guards nothing: it is Off, never Working, and says where plans are
  const status = page.getByRole("region", { name: "Protection status" });
  const blocking = status.getByRole("heading", { name: "Checkout blocking" }).locator("xpath=../..");
  await expect(blocking.getByText("Off", { exact: true })).toBeVisible();
  await expect(blocking.getByText("Working", { exact: true })).toHaveCount(0);
  await expect(status.getByRole("link", { name: "See plans" })).toHaveCount(1);
  await expect(status).not.toContainText("Every layer of protection is working.");

  const roi = page.getByRole("region", { name: "ROI Summary" });
  await expect(roi).toContainText("Configure blocking in Integration → Shopify Plus Features");
  await expect(roi).toContainText("Sample data");
});

test("every Dashboard figure names its period, and ROI is one measure", async ({ page }) => {
  await page.goto("/dashboard");
  const stat = (label: string) => page.getByRole("region", { name: label, exact: true });
  await expect(stat("Active Rules").getByText("Now", { exact: true })).toBeVisible();
  await expect(stat("Blocked Checkouts").getByText("All time", { exact: true })).toBeVisible();
  await expect(stat("Alerts Sent").getByText("All time", { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Real-time Monitoring" })).toContainText("The 5 latest events");
  const roi = page.getByRole("region", { name: "ROI Summary" });
  await expect(roi.getByText(/^Last 30 days, since [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
  // the return in percent (or words when nothing was saved or counted), never a multiple beside it
  const value = roi.getByText("Return on subscription").locator("xpath=following-sibling::*[1]");
  await expect(value).toHaveText(
    /^(-?[\d,]+%|Nothing saved yet: [\d,]+ orders? flagged|No orders counted in the last 30 days)$/,
  );
  await expect(page.getByText(/×/)).toHaveCount(0);
});

/** The demo shop's dismissals, as the e2e server's database holds them. */
function dismissals(): string[] {
  const db = openDatabase();
  try {
    return (
      db.prepare("SELECT promotion FROM DismissedPromotion WHERE shopId = ?").all(demoShopId(db)) as {
        promotion: string;
      }[]
    ).map((row) => row.promotion);
  } finally {
    db.close();
  }
}

test("the plan banner is dismissed for the shop, and stays dismissed after a reload", async ({ page }) => {
  try {
    await page.goto("/dashboard");
    const banner = page.getByText("Protect your margins from double discounts");
    await expect(banner).toBeVisible();
    await page.getByRole("button", { name: "Dismiss notification" }).click();
    await expect(banner).toHaveCount(0);
    // focus is not lost with the button: it waits at the start of the page's content
    await expect(page.locator("#AppFrameMain")).toBeFocused();
    await expect.poll(dismissals).toEqual(["dashboard-upgrade-plus"]);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page.getByText("Protect your margins from double discounts")).toHaveCount(0);
    // in another tab, as another staff member would open it: still dismissed
    const other = await page.context().newPage();
    await other.goto("/dashboard");
    await expect(other.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(other.getByText("Protect your margins from double discounts")).toHaveCount(0);
    await other.close();
  } finally {
    // the demo store as the other tests expect it: the banner back
    const db = new Database(e2eDatabase(), { fileMustExist: true });
    db.prepare("DELETE FROM DismissedPromotion").run();
    db.close();
  }
});

/**
 * A shop that has just installed: its own server and database (no seed), the demo store's
 * shop made on the first visit, on Core with onboarding done, nothing counted.
 */
test.describe("a fresh shop", () => {
  let server: AppServer;
  const database = path.join(TMP_DIR, `e2e-fresh-numbers-${process.pid}.sqlite`);

  test.beforeAll(async () => {
    createMigratedDatabase(database);
    server = await startAppServer({}, { database });
    await fetch(`${server.url}/dashboard`, { redirect: "manual" });
    const db = new Database(database);
    db.prepare("UPDATE Shop SET plan = 'core', planCheckedAt = ?, onboardingStep = 3").run(Date.now());
    db.close();
  });

  test.afterAll(async () => {
    await server?.stop();
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(database + suffix, { force: true });
  });

  const noNegativeReturn = async (page: Page) => {
    const text = await page.locator("main, body").first().innerText();
    expect(text).not.toMatch(/[-−]100\s?%/);
  };

  test("the ROI dashboard shows an empty state, not four -100% cards and 30 rows of $0.00", async ({ page }) => {
    await page.goto(`${server.url}/roi-dashboard`);
    await expect(page.getByRole("heading", { level: 1, name: "ROI Dashboard" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "No return to measure yet" })).toBeVisible();
    await expect(page.locator('img[src="/empty-dashboard.svg"]')).toBeVisible();
    await expect(page.getByRole("link", { name: "Review your rules" })).toHaveCount(1);
    await expect(page.getByRole("table")).toHaveCount(0);
    await expect(page.getByRole("group", { name: /Saved and flagged/ })).toHaveCount(0);
    await expect(page.getByText("$0.00")).toHaveCount(0);
    await noNegativeReturn(page);
    await screenshotsAt(page, "numbers-roi-fresh");
  });
});

test("'/' with a shop parameter is the embedded dashboard; without, the public site", async ({ page }) => {
  await page.goto("/?shop=margin-guardrail-demo.myshopify.com");
  await expect(page).toHaveURL(/\/dashboard\?shop=margin-guardrail-demo\.myshopify\.com/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await page.goto("/");
  await expect(
    page.getByRole("heading", { level: 1, name: "Stop double discounts before they eat your margin" }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Add to Shopify" })).toBeVisible();
});

test("the header shows the plan; the shop's menu is the demo's top bar (docs/product.md#admin-header)", async ({
  page,
}) => {
  await page.goto("/dashboard");
  const header = page.getByRole("region", { name: "Page header" });
  await expect(header.getByText("Core plan")).toBeVisible();
  // no shop menu and no bare 'Coming Soon' in the header; its bell is the app's alerts (docs/product.md#admin-header)
  await expect(header.getByTestId("plus-coming-soon")).toHaveCount(0);

  await page
    .getByRole("banner")
    .getByRole("button", { name: /Margin Guardrail Demo/ })
    .click();
  await expect(page.getByText("margin-guardrail-demo.myshopify.com · Core plan")).toBeVisible();
});

/** The demo shop's alert and money history, read in one read transaction: one moment's figures. */
function historyNow() {
  const db = openDatabase();
  try {
    return db.transaction(() => {
      const shopId = demoShopId(db);
      const alerts = (
        db
          .prepare(`SELECT COUNT(*) AS n FROM AuditEvent WHERE shopId = ? AND eventType = 'alert_sent'`)
          .get(shopId) as { n: number }
      ).n;
      // every alert sent is a delivery the engine queued and the worker (or the seed, as it) sent;
      // an order action (a tag, a hold) an earlier test turned on is sent from the outbox too, and is no alert
      const sentBreaches = (
        db
          .prepare(
            `SELECT COUNT(DISTINCT auditEventId) AS n FROM AlertOutbox WHERE shopId = ? AND status = 'sent'
             AND auditEventId IS NOT NULL AND channel IN ('email', 'slack', 'webhook')`,
          )
          .get(shopId) as { n: number }
      ).n;
      // the ROI summary's 30 days start at the shop's midnight (docs/product.md#dashboard)
      const since = shopMidnight(new Date(), DEMO_TIMEZONE, 30);
      const money = db
        .prepare(
          `SELECT COALESCE(SUM(stoppedCents + recoveredCents), 0) AS saved, COALESCE(SUM(flaggedCents), 0) AS flagged
           FROM OrderMoney WHERE shopId = ? AND at >= ?`,
        )
        .get(shopId, since.getTime()) as { saved: number; flagged: number };
      const latestSent = db
        .prepare(
          `SELECT json_extract(payload, '$.orderName') AS orderName FROM AlertOutbox
           WHERE shopId = ? AND status = 'sent' AND auditEventId IS NOT NULL AND channel IN ('email', 'slack', 'webhook')
           ORDER BY createdAt DESC LIMIT 1`,
        )
        .get(shopId) as { orderName: string };
      return { alerts, sentBreaches, money, latestSent, since };
    })();
  } finally {
    db.close();
  }
}

test("the demo's Dashboard, Alerts page, Audit Log and ROI dashboard agree on one history", async ({ page }) => {
  const { alerts, sentBreaches, money, latestSent, since } = historyNow();
  expect(sentBreaches).toBe(alerts);

  // (each figure against the database: journeys.spec.ts)
  await page.goto("/dashboard");
  const stat = (label: string) => page.getByRole("region", { name: label, exact: true });
  for (const label of ["Active Rules", "Blocked Checkouts", "Alerts Sent"]) {
    await expect(stat(label).getByText("Sample data")).toBeVisible();
  }
  const roi = page.getByRole("region", { name: "ROI Summary" });
  // its 30 days start at the shop's midnight, as its orders list does
  const sinceDay = formatShopDate(since, { timeZone: DEMO_TIMEZONE });
  await expect(roi.getByText(`Last 30 days, since ${sinceDay}`)).toBeVisible();

  // the Alerts page lists the same deliveries, sent
  await page.goto("/alerts");
  const deliveries = page.getByRole("table").filter({ hasText: "Queued" });
  await expect(page.getByText("No alerts yet")).toHaveCount(0);
  // (an order action an earlier test turned on may be listed above it, as its own delivery)
  await expect(
    deliveries.getByRole("row").filter({ hasText: latestSent.orderName }).filter({ hasText: "Sent" }).first(),
  ).toBeVisible();

  // the Audit Log has that order's alert_sent, and the flagged figure's orders add up to it
  await page.goto(`/audit-log?type=alert_sent&q=${encodeURIComponent(latestSent.orderName)}`);
  await expect(page.getByRole("cell", { name: "Alert sent" }).first()).toBeVisible();
  await page.goto("/dashboard");
  await page.getByRole("region", { name: "ROI Summary" }).getByRole("link", { name: "See the orders" }).nth(1).click();
  await expect(
    page.getByRole("heading", { name: `Orders behind Flagged: ${formatCents(money.flagged)}` }),
  ).toBeVisible();
  await expect(page.getByText(`From ${sinceDay}, 12:00 AM to now (${DEMO_TIMEZONE})`)).toBeVisible();
});
