import { formatCents } from "../../app/domain/money";
import { approveCoreAndResume, demoShopId, downgradeToFree, expect, openDatabase, test, toast } from "./fixtures";

function countEvents(where: string): number {
  const db = openDatabase();
  const shopId = demoShopId(db);
  const row = db.prepare(`SELECT COUNT(*) AS n FROM AuditEvent WHERE shopId = ? AND (${where})`).get(shopId) as {
    n: number;
  };
  db.close();
  return row.n;
}

test("the demo dashboard shows the product's texts and the database's figures", async ({ page }) => {
  const db = openDatabase();
  const shopId = demoShopId(db);
  const activeRules =
    (db.prepare("SELECT COUNT(*) AS n FROM Rule WHERE shopId = ? AND isActive = 1").get(shopId) as { n: number }).n +
    (
      db.prepare("SELECT COUNT(*) AS n FROM CollectionRule WHERE shopId = ? AND isActive = 1").get(shopId) as {
        n: number;
      }
    ).n;
  const latest = db
    .prepare("SELECT orderName, message FROM AuditEvent WHERE shopId = ? ORDER BY createdAt DESC, id DESC LIMIT 5")
    .all(shopId) as { orderName: string | null; message: string }[];
  db.close();
  const blocked = countEvents("eventType LIKE '%blocked%'");
  // decision 14: alerts delivered, not breaches; breaches are their own figure
  const alerts = countEvents("eventType LIKE '%alert_sent%'");
  const breaches = countEvents("eventType = 'rule_triggered'");
  expect(alerts).toBeGreaterThan(100);
  expect(alerts).toBeLessThan(breaches);

  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByText("Monitor and protect your store margins")).toBeVisible();
  await expect(page.getByText("This is a demo store, not connected to Shopify.")).toBeVisible();
  await expect(page.getByText("Protect your margins from double discounts")).toBeVisible();
  await expect(page.getByText("You are on the Core plan.")).toBeVisible();

  const stat = (label: string) => page.getByRole("region", { name: label, exact: true });
  await expect(stat("Active Rules")).toContainText(String(activeRules));
  await expect(stat("Blocked Checkouts")).toContainText(String(blocked));
  await expect(stat("Alerts Sent")).toContainText(alerts.toLocaleString("en-US"));
  await expect(stat("Alerts Sent")).toContainText(`${breaches.toLocaleString("en-US")} breaches recorded`);

  const monitoring = page.getByRole("region", { name: "Real-time Monitoring" });
  await expect(monitoring.locator("li")).toHaveCount(5);
  for (const [index, event] of latest.entries()) {
    await expect(monitoring.locator("li").nth(index)).toContainText(event.message);
  }

  const roi = page.getByRole("region", { name: "ROI Summary" });
  await expect(roi).toContainText("Configure blocking in Integration → Shopify Plus Features");
  await expect(roi).toContainText("Sample data");
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

test("the header shows the plan, the Plus 'Coming Soon' toast, the bell and the user menu", async ({ page }) => {
  await page.goto("/dashboard");
  const header = page.getByRole("region", { name: "Page header" });
  await expect(header.getByText("Core plan")).toBeVisible();
  const comingSoon = header.getByTestId("plus-coming-soon").first();
  await expect(comingSoon.getByRole("button", { name: "Coming Soon" })).toBeDisabled();
  await comingSoon.click({ force: true });
  await expect(
    page.getByText("Plus Plan Coming Soon: Plus plan features will be available soon with Shopify Plus integration"),
  ).toBeVisible();

  const weekAgo = Date.now() - 7 * 86_400_000;
  const since = new Date(weekAgo).toISOString().slice(0, 10);
  const db = openDatabase();
  const bell = (
    db
      .prepare(
        "SELECT COALESCE(SUM(count), 0) AS n FROM EventRollup WHERE shopId = ? AND day >= ? AND eventType IN ('alert_sent')",
      )
      .get(demoShopId(db), since) as { n: number }
  ).n;
  db.close();
  await expect(page.getByRole("link", { name: `Notifications: ${bell} alerts in the last 7 days` })).toBeVisible();

  await page.getByRole("button", { name: "Margin Guardrail Demo" }).click();
  await expect(page.getByText("margin-guardrail-demo.myshopify.com")).toBeVisible();
  await expect(page.getByText("Plan: Core")).toBeVisible();
});

test("downgrading and upgrading on the demo store go through the plan buttons", async ({ page }) => {
  await page.goto("/pricing");
  await downgradeToFree(page);
  await expect(toast(page, "Plan Updated: Successfully downgraded to Free plan.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Page header" }).getByText("Free plan")).toBeVisible();
  const core = page.getByRole("region", { name: "Core", exact: true });
  await expect(core.getByRole("button", { name: "Upgrade to Core" })).toBeEnabled();

  await page.goto("/alerts");
  await expect(page.getByRole("heading", { name: "Unlock Alerts with Core" })).toBeVisible();
  await approveCoreAndResume(page, page.getByRole("button", { name: "Upgrade to Core" }).last());
  await expect(toast(page, "Plan Updated")).toBeVisible();
  await page.goto("/alerts");
  await expect(page.getByRole("heading", { name: "Notification channels" })).toBeVisible();
});

test("the demo's Dashboard, Alerts page, Audit Log and ROI dashboard agree on one history", async ({ page }) => {
  const db = openDatabase();
  const shopId = demoShopId(db);
  const alerts = countEvents("eventType = 'alert_sent'");
  // every alert sent is a delivery the engine queued and the worker (or the seed, as it) sent
  const sentBreaches = (
    db
      .prepare(
        `SELECT COUNT(DISTINCT auditEventId) AS n FROM AlertOutbox WHERE shopId = ? AND status = 'sent' AND auditEventId IS NOT NULL`,
      )
      .get(shopId) as { n: number }
  ).n;
  const since = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const money = db
    .prepare(
      `SELECT COALESCE(SUM(stoppedCents + recoveredCents), 0) AS saved, COALESCE(SUM(flaggedCents), 0) AS flagged
       FROM OrderMoney WHERE shopId = ? AND at >= ?`,
    )
    .get(shopId, Date.parse(`${since}T00:00:00Z`)) as { saved: number; flagged: number };
  const latestSent = db
    .prepare(
      `SELECT json_extract(payload, '$.orderName') AS orderName FROM AlertOutbox
       WHERE shopId = ? AND status = 'sent' AND auditEventId IS NOT NULL ORDER BY createdAt DESC LIMIT 1`,
    )
    .get(shopId) as { orderName: string };
  db.close();
  expect(sentBreaches).toBe(alerts);

  await page.goto("/dashboard");
  const stat = (label: string) => page.getByRole("region", { name: label, exact: true });
  await expect(stat("Alerts Sent")).toContainText(alerts.toLocaleString("en-US"));
  await expect(stat("Blocked Checkouts")).toContainText("0");
  for (const label of ["Active Rules", "Blocked Checkouts", "Alerts Sent"]) {
    await expect(stat(label).getByText("Sample data")).toBeVisible();
  }
  const roi = page.getByRole("region", { name: "ROI Summary" });
  await expect(roi).toContainText(`Saved${formatCents(money.saved)}`);
  await expect(roi).toContainText(`Flagged${formatCents(money.flagged)}`);

  // the Alerts page lists the same deliveries, sent
  await page.goto("/alerts");
  const deliveries = page.getByRole("table").filter({ hasText: "Queued" });
  await expect(page.getByText("No alerts yet")).toHaveCount(0);
  await expect(deliveries.getByRole("row").filter({ hasText: "Sent" }).first()).toContainText(latestSent.orderName);

  // the Audit Log has that order's alert_sent, and the flagged figure's orders add up to it
  await page.goto(`/audit-log?type=alert_sent&q=${encodeURIComponent(latestSent.orderName)}`);
  await expect(page.getByRole("cell", { name: "Alert sent" }).first()).toBeVisible();
  await page.goto("/dashboard");
  await page.getByRole("region", { name: "ROI Summary" }).getByRole("link", { name: "See the orders" }).nth(1).click();
  await expect(
    page.getByRole("heading", { name: `Orders behind Flagged: ${formatCents(money.flagged)}` }),
  ).toBeVisible();
});
