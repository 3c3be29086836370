// A merchant's journeys through the screens, each one test of clicks and typing in the demo
// store (docs/product.md): the demo's figures against its database, a fresh shop to its first
// active rule, a breaching order to its Audit Log row, and Slack connected then disconnected.
// Two more journeys live with their screens: a leaked code deactivated (leaks.spec.ts) and a
// downgrade then an upgrade (billing.spec.ts). Key screens are saved at 375, 800 and 1040 px
// with E2E_SCREENSHOTS=1 (tests/.tmp/screens/journey-*).
import type { Locator, Page } from "@playwright/test";
import Database from "better-sqlite3";
import { PLANS, type PlanId } from "../../app/domain/billing/plans";
import { formatCents, formatCount } from "../../app/domain/money";
import { periodContaining } from "../../app/domain/roi/roi-report";
import { ROI_RANGE_PHRASES } from "../../app/domain/roi/periods";
import { roiMeasure, roiText, subscriptionCostCents } from "../../app/domain/roi/roi";
import { ROI_WINDOW_DAYS } from "../../app/domain/roi/windows";
import { shopMidnight } from "../../app/domain/time-zones";
import {
  DEMO_SHOP,
  clickToNavigate,
  clickUntil,
  demoShopId,
  expect,
  openDatabase,
  sidebar,
  signedOrder,
  tableRows,
  test,
  toast,
} from "./fixtures";
import { e2eDatabase } from "./demo-store";
import { restoreSeeded } from "./page-matrix/shop-states";
import { screenshotsAt } from "./screens-axe";

const header = (page: Page) => page.getByRole("region", { name: "Page header" });

/** The figure beside `label` on the same line (the Dashboard's ROI Summary lays them out so). */
function beside(region: Locator, label: string): Locator {
  return region.getByText(label, { exact: true }).locator("xpath=following-sibling::*[1]");
}

/** The money the demo shop's orders count in [start, end) (no end: up to now), each order once. */
function moneySince(db: Database.Database, shopId: string, start: Date, end?: Date) {
  const row = db
    .prepare(
      `SELECT COALESCE(SUM(stoppedCents + recoveredCents), 0) AS saved, COALESCE(SUM(flaggedCents), 0) AS flagged,
       COALESCE(SUM(CASE WHEN flaggedCents > 0 THEN 1 ELSE 0 END), 0) AS flaggedOrders
       FROM OrderMoney WHERE shopId = ? AND at >= ? AND at < ?`,
    )
    .get(shopId, start.getTime(), (end ?? new Date(8.64e15)).getTime()) as {
    saved: number;
    flagged: number;
    flaggedOrders: number;
  };
  return row;
}

/** Events of `where` for the demo shop, since `start` when given. */
function eventCount(db: Database.Database, shopId: string, where: string, start?: Date): number {
  return (
    db
      .prepare(`SELECT COUNT(*) AS n FROM AuditEvent WHERE shopId = ? AND (${where}) AND createdAt >= ?`)
      .get(shopId, start?.getTime() ?? 0) as { n: number }
  ).n;
}

/**
 * The figures the Dashboard and the ROI dashboard should show, from the database alone, read in
 * one transaction (one moment's figures), with the ROI's own money functions
 * (docs/product.md#what-the-figures-count).
 */
function expectedFigures() {
  const db = openDatabase();
  try {
    return db.transaction(() => {
      const shopId = demoShopId(db);
      const shop = db.prepare("SELECT plan, timezone FROM Shop WHERE id = ?").get(shopId) as {
        plan: PlanId;
        timezone: string;
      };
      const now = new Date();
      const active = (table: string) =>
        (
          db
            .prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE shopId = ? AND isActive = 1 AND pausedByPlan IS NULL`)
            .get(shopId) as { n: number }
        ).n;
      // a period's return, as the screens word it
      const period = (start: Date, days: number, phrase: string) => {
        const money = moneySince(db, shopId, start);
        const blocked = eventCount(db, shopId, "eventType = 'checkout_blocked'", start);
        const measure = roiMeasure({
          savedCents: money.saved,
          flaggedCents: money.flagged,
          flaggedOrders: money.flaggedOrders,
          blockedCheckouts: blocked,
          subscriptionCostCents: subscriptionCostCents(PLANS[shop.plan].priceUsd, days),
        });
        return {
          saved: formatCents(money.saved),
          flagged: formatCents(money.flagged),
          blocked: formatCount(blocked),
          alerts: formatCount(eventCount(db, shopId, "eventType = 'alert_sent'", start)),
          cost: formatCents(subscriptionCostCents(PLANS[shop.plan].priceUsd, days)),
          roi: roiText(measure, phrase),
          percent: measure.kind === "percent",
        };
      };
      const month = periodContaining("this_month", now, shop.timezone);
      return {
        plan: shop.plan,
        activeRules: formatCount(active("Rule") + active("CollectionRule")),
        // the Dashboard's cards count all time
        blocked: formatCount(eventCount(db, shopId, "eventType LIKE '%blocked%'")),
        alerts: formatCount(eventCount(db, shopId, "eventType LIKE '%alert_sent%'")),
        breaches: formatCount(eventCount(db, shopId, "eventType IN ('rule_triggered', 'protection_gap')")),
        lastDays: period(
          shopMidnight(now, shop.timezone, ROI_WINDOW_DAYS),
          ROI_WINDOW_DAYS,
          `in the last ${ROI_WINDOW_DAYS} days`,
        ),
        thisMonth: period(month.start, month.days, ROI_RANGE_PHRASES.this_month),
      };
    })();
  } finally {
    db.close();
  }
}

// First in the file: the seeded demo as it is, before the journeys below add orders to it.
test("the demo's Dashboard and ROI dashboard show what its database holds, figure by figure", async ({ page }) => {
  test.setTimeout(60_000);
  let figures = expectedFigures();
  // the demo earns what it shows: something saved, so the return is a percentage, not words
  expect(figures.plan).toBe("core");
  expect(figures.lastDays.saved).not.toBe("$0.00");
  expect(figures.lastDays.percent).toBe(true);
  expect(figures.thisMonth.percent).toBe(true);

  // the worker may send a queued alert meanwhile: the page and the database are read again together
  await expect(async () => {
    figures = expectedFigures();
    await page.goto("/dashboard");
    const stat = (label: string) => page.getByRole("region", { name: label, exact: true });
    await expect(stat("Active Rules").getByText(figures.activeRules, { exact: true })).toBeVisible({ timeout: 1_000 });
    await expect(stat("Blocked Checkouts").getByText(figures.blocked, { exact: true })).toBeVisible({ timeout: 1_000 });
    await expect(stat("Alerts Sent").getByText(figures.alerts, { exact: true })).toBeVisible({ timeout: 1_000 });
    await expect(stat("Alerts Sent")).toContainText(`${figures.breaches} breaches recorded`, { timeout: 1_000 });
    const roi = page.getByRole("region", { name: "ROI Summary" });
    const expected = figures.lastDays;
    await expect(beside(roi, "Saved")).toHaveText(expected.saved, { timeout: 1_000 });
    await expect(beside(roi, "Flagged")).toHaveText(expected.flagged, { timeout: 1_000 });
    await expect(beside(roi, "Blocked checkouts")).toHaveText(expected.blocked, { timeout: 1_000 });
    await expect(beside(roi, "Alerts sent")).toHaveText(expected.alerts, { timeout: 1_000 });
    await expect(beside(roi, "Subscription cost")).toHaveText(expected.cost, { timeout: 1_000 });
    await expect(beside(roi, "Return on subscription")).toHaveText(expected.roi, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await screenshotsAt(page, "journey-figures-dashboard");

  // the ROI dashboard, from the sidebar: this month's figures
  await expect(async () => {
    figures = expectedFigures();
    await page.goto("/dashboard");
    await sidebar(page).getByRole("link", { name: "ROI Dashboard" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "ROI Dashboard" })).toBeVisible({ timeout: 5_000 });
    const card = (label: string) => page.getByRole("region", { name: label, exact: true });
    const expected = figures.thisMonth;
    for (const [label, value] of [
      ["Total saved", expected.saved],
      ["Flagged", expected.flagged],
      ["Blocked checkouts", expected.blocked],
      ["Alerts sent", expected.alerts],
      ["Return on subscription", expected.roi],
    ]) {
      await expect(card(label).getByText(value, { exact: true }), label).toBeVisible({ timeout: 1_000 });
    }
    await expect(card("Cost analysis")).toContainText(`Subscription cost: ${expected.cost}`, { timeout: 1_000 });
    await expect(card("Cost analysis")).toContainText(`Return on subscription: ${expected.roi}`, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await screenshotsAt(page, "journey-figures-roi");
});

/** Where the seeded demo shop waits while the demo store's domain belongs to a fresh shop. */
function moveSeededShopAside() {
  const db = new Database(e2eDatabase(), { fileMustExist: true });
  try {
    db.prepare("UPDATE Shop SET domain = ? WHERE domain = ?").run(
      "margin-guardrail-demo-seeded-aside.myshopify.com",
      DEMO_SHOP,
    );
  } finally {
    db.close();
  }
}

test("a fresh shop: onboarding skipped, the Dashboard's one next step, the first rule active", async ({ page }) => {
  // six screens and a shop made and put back: more than the default 30 s on a busy machine
  test.setTimeout(60_000);
  // the demo store's domain with nothing in it: the app makes the shop on its first visit
  moveSeededShopAside();
  try {
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByRole("heading", { name: "Welcome", exact: true })).toBeVisible();
    await expect(page.getByText("Step 1 of 3")).toBeVisible();
    // a shop that never bought a plan is on Free (docs/product.md#plans)
    await expect(header(page).getByText("Free plan", { exact: true })).toBeVisible();
    // Free has no alerts: the welcome promises only what the plan does
    await expect(page.getByText(/alerts by e-mail or Slack come with Core\)\.$/)).toBeVisible();
    await screenshotsAt(page, "journey-fresh-onboarding");
    await clickToNavigate(page, page.getByRole("button", { name: "Skip Setup" }), /\/dashboard$/);

    // nothing to measure, and one way on
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Nothing to measure yet" })).toBeVisible();
    await expect(page.getByText("No rule is on yet, so no order is checked.")).toBeVisible();
    // the layers are ready, but nothing is guarded without a rule
    await expect(page.getByText("Every layer is ready; no order is checked until a rule is on.")).toBeVisible();
    const image = page.locator('img[src="/empty-dashboard.svg"]');
    await expect(image).toBeVisible();
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    // no figures of nothing: no stat cards or ROI summary of zeros, no -100 %
    await expect(page.getByRole("region", { name: "Active Rules" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "ROI Summary" })).toHaveCount(0);
    expect(await page.locator("main").innerText()).not.toMatch(/[-−]100\s?%/);
    await screenshotsAt(page, "journey-fresh-dashboard");
    const next = page.getByRole("main").getByRole("link", { name: "Add a rule" });
    await expect(next).toHaveCount(1);
    await clickToNavigate(page, next, /\/rules$/);

    // the seed's empty sentence, and its one action
    await expect(page.getByRole("heading", { level: 1, name: "Rules" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Add your first rule" })).toBeVisible();
    await expect(page.getByText('No rules configured yet. Click "Add Rule" to get started.')).toBeVisible();
    await expect(page.locator('img[src="/empty-rules.svg"]')).toHaveCount(1);
    await screenshotsAt(page, "journey-fresh-rules-empty");
    const add = page.getByRole("button", { name: "Add Rule" });
    await expect(add).toHaveCount(1);
    const dialog = page.getByRole("dialog", { name: "Add New Rule" });
    await clickUntil(add, () => expect(dialog).toBeVisible({ timeout: 2_000 }));
    const name = "No more than 25% off";
    await dialog.getByLabel("Name").fill(name);
    await expect(dialog.getByLabel("Rule Type")).toHaveValue("max_discount");
    await dialog.getByLabel("Maximum Discount (%)", { exact: true }).fill("25");
    await dialog.getByRole("button", { name: "Add Rule" }).click();
    // (a loaded machine has taken more than 5 s to save it)
    await expect(toast(page, "Rule created successfully")).toBeVisible({ timeout: 15_000 });
    await expect(dialog).toHaveCount(0);

    // active in the list (the seed's badge) and counted against Free's two
    const row = page.getByRole("region", { name, exact: true });
    await expect(row).toContainText("25%");
    await expect(row.getByText("Alert", { exact: true })).toBeVisible();
    await expect(row.getByRole("checkbox", { name: "Active" })).toBeChecked();
    await expect(page.getByText("1 active of your plan's 2")).toBeVisible();
    await expect(page.getByText('No rules configured yet. Click "Add Rule" to get started.')).toHaveCount(0);
    await screenshotsAt(page, "journey-fresh-rules-first");

    // the Dashboard counts it: one active rule checks every new order
    await sidebar(page).getByRole("link", { name: "Dashboard", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(
      page.getByText("Margin Guardrail checks every new order against your 1 active rule.", { exact: false }),
    ).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Review your rules" })).toHaveCount(1);
    await expect(page.getByRole("main").getByRole("link", { name: "Add a rule" })).toHaveCount(0);
  } finally {
    // the seeded shop back on the demo store's domain, on Core, for the journeys that follow
    await restoreSeeded(page.request);
  }
});

/**
 * The rules the order broke, as its recorded breaches name them (testing rules record none; a
 * protection gap is its own event, not a rule broken).
 */
function rulesBrokenBy(orderName: string): string[] {
  return eventsOf(orderName, "rule_triggered").map((row) => row.ruleName);
}

/** The order's events of one type, one per rule. */
function eventsOf(orderName: string, eventType: string): { ruleName: string }[] {
  const db = openDatabase();
  try {
    return db
      .prepare(
        `SELECT DISTINCT ruleName FROM AuditEvent WHERE shopId = ? AND orderName = ?
         AND eventType = ? ORDER BY ruleName`,
      )
      .all(demoShopId(db), orderName, eventType) as { ruleName: string }[];
  } finally {
    db.close();
  }
}

test("a breaching order: on the Dashboard, its link to its Audit Log row, and the rules it broke", async ({
  page,
  request,
}) => {
  // an order of $140 with $80 off (a code and an automatic discount) arrives as Shopify sends it
  const number = 60_000 + Math.floor(Math.random() * 9_000);
  const order = `#${number}`;
  const { body, headers } = signedOrder(number);
  expect((await request.post("/webhooks/orders/create", { data: body, headers })).status()).toBe(200);
  // its breaches are recorded together, in one transaction
  await expect.poll(() => rulesBrokenBy(order).length).toBeGreaterThanOrEqual(4);
  const broken = rulesBrokenBy(order);

  await page.goto("/dashboard");
  const monitoring = page.getByRole("region", { name: "Real-time Monitoring" });
  const entry = monitoring.locator("li").filter({ hasText: order });
  // one entry for the order, the newest, naming every rule it broke
  await expect(entry).toHaveCount(1);
  await expect(monitoring.locator("li").first()).toContainText(order);
  // the Dashboard and the Audit Log count the same rules broken
  await expect(entry).toContainText(`${broken.length} rules broken: `);
  for (const rule of broken) await expect(entry).toContainText(rule);
  await expect(entry).not.toContainText(/rules broken: .*Code rules/);
  await screenshotsAt(page, "journey-breach-dashboard");

  await entry.getByRole("link", { name: `Order ${order} in the Audit Log` }).click();
  await expect(page).toHaveURL(new RegExp(`/audit-log\\?q=${encodeURIComponent(order)}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Audit Log" })).toBeVisible();
  // one row for the order, however many rules it broke
  const rows = tableRows(page);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(order);
  await expect(rows.first()).toContainText(`${broken.length} rules broken`);
  // the code in it passed the code rules' checkout Function: a protection gap, when code rules are
  // on (another test may have switched them off meanwhile: what the row says follows what happened)
  if (eventsOf(order, "protection_gap").length > 0) await expect(rows.first()).toContainText("Protection gap");
  await expect(rows.first()).toContainText("57.1% off");
  // opened, the row shows each breach with the rule it broke
  await rows
    .first()
    .getByRole("button", { name: /^Show \d+ events/ })
    .click();
  for (const rule of broken) await expect(page.getByText(`Rule: ${rule}`).first()).toBeVisible();
  await expect(page.getByText(`Order ${order} was discounted $80.00, above the $50.00 cap`)).toBeVisible();
  await screenshotsAt(page, "journey-breach-audit-log");
});

test("Slack: connected through Slack's screen, a test sent, disconnected on its page, and the way back", async ({
  page,
}) => {
  await page.goto("/integration");
  const card = page.getByRole("region", { name: "Slack" });
  await expect(card).toContainText("Not connected");
  await clickToNavigate(page, card.getByRole("link", { name: "Connect Slack" }), /\/integration\/slack$/);
  await expect(page.getByRole("heading", { level: 1, name: "Connect Slack" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "1. Add Margin Guardrail to Slack" })).toBeVisible();
  await expect(page.getByText("Slack asks you to sign in and pick the channel for alerts")).toBeVisible();
  // nothing to test before Slack is connected; the pasted-URL path is folded away
  await expect(page.getByRole("button", { name: "Send test Slack message" })).toBeDisabled();
  await expect(page.getByLabel("Slack incoming-webhook URL")).toBeHidden();
  await screenshotsAt(page, "journey-slack-not-connected");

  // the demo's stand-in of Slack's consent screen approves at once, for #margin-alerts, and
  // Slack's redirect brings the merchant back through the callback
  const add = page.getByRole("link", { name: "Add to Slack" });
  await expect(add).toHaveAttribute("href", /\/demo\/slack\/oauth\/v2\/authorize\?client_id=.*scope=incoming-webhook/);
  await clickToNavigate(page, add, /\/integration\/slack$/);
  await expect(toast(page, "Slack connected to #margin-alerts")).toBeVisible();
  // the page shows the connection
  await expect(page.getByRole("heading", { level: 1, name: "Slack", exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Slack is connected" })).toBeVisible();
  await expect(page.getByText(/^Alerts post to #margin-alerts/).first()).toBeVisible();

  const before = (await (await page.request.get("/demo/slack/messages")).json()).messages.length;
  await page.getByRole("button", { name: "Send test Slack message" }).click();
  await expect(toast(page, "Test Slack message sent")).toBeVisible();
  const { messages } = await (await page.request.get("/demo/slack/messages")).json();
  expect(messages).toHaveLength(before + 1);
  expect(messages.at(-1).body.channel).toBe("#margin-alerts");
  expect(messages.at(-1).body.blocks[0].text.text).toContain("[Test]");
  // the URL Slack gave is stored sealed, never in clear
  const db = openDatabase();
  const row = db.prepare(`SELECT * FROM "AlertSettings" WHERE "shopId" = ?`).get(demoShopId(db));
  db.close();
  expect(JSON.stringify(row)).not.toContain(messages.at(-1).hook);
  await screenshotsAt(page, "journey-slack-connected");

  // Disconnect on the page itself: back to connecting, nothing left to test
  await page.getByRole("button", { name: "Disconnect" }).click();
  await expect(toast(page, "Slack disconnected")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Connect Slack" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Add to Slack" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Disconnect" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Send test Slack message" })).toBeDisabled();

  // and the way back, where the card says so too
  await page.getByRole("link", { name: "Back to Integration Center" }).click();
  await expect(page).toHaveURL(/\/integration$/);
  await expect(card).toContainText("Not connected");
});
