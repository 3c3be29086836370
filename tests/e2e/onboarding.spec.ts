// Onboarding and backtests (docs/product.md#onboarding, #backtest) in the demo store, whose
// backtests read its own sample orders.
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import {
  DEMO_SHOP,
  clickToNavigate,
  clickUntil,
  expect,
  openDatabase,
  setDemoOnboardingStep,
  test,
  toast,
} from "./fixtures";
import { e2eDatabase } from "./demo-store";

/** A staff member's online session with an e-mail, as Shopify's session storage keeps it. */
const STAFF_SESSION = "onboarding-staff-session";

/** Writes to this worker's demo store (the settings the alert step starts from, a staff session). */
function writeDemoStore(sql: string, ...params: unknown[]) {
  const db = new Database(e2eDatabase(), { fileMustExist: true });
  try {
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}

const stepHeading = (page: Page, name: string) => page.getByRole("heading", { name, exact: true });

interface AlertSettingsJson {
  emailEnabled: boolean;
  emails: string[];
  slackEnabled: boolean;
  webhookEnabled: boolean;
  webhooks: string[];
  frequency: string;
  minSeverity: string;
  quietStart: string | null;
  quietEnd: string | null;
  slackChannel: string;
}

test.describe("onboarding", () => {
  let alerts: AlertSettingsJson;
  let ruleName = "";

  test.beforeEach(async ({ page }) => {
    alerts = (await (await page.request.get("/api/alerts/settings")).json()) as AlertSettingsJson;
    setDemoOnboardingStep(0);
  });

  test.afterEach(async ({ page }) => {
    // the demo store as the other tests know it: its five rules and its alert settings
    setDemoOnboardingStep(3);
    writeDemoStore("DELETE FROM Session WHERE id = ?", STAFF_SESSION);
    if (ruleName) {
      const rules = (await (await page.request.get("/api/rules")).json()) as { id: string; name: string }[];
      for (const rule of rules.filter((candidate) => candidate.name === ruleName)) {
        expect((await page.request.delete(`/api/rules/${rule.id}`)).status()).toBe(204);
      }
      ruleName = "";
    }
    // the settings' own fields; the masked secrets are left as they are
    const {
      emailEnabled,
      emails,
      slackEnabled,
      webhookEnabled,
      webhooks,
      frequency,
      minSeverity,
      quietStart,
      quietEnd,
    } = alerts;
    const restored = await page.request.put("/api/alerts/settings", {
      data: {
        emailEnabled,
        emails,
        slackEnabled,
        webhookEnabled,
        webhooks,
        frequency,
        minSeverity,
        quietStart,
        quietEnd,
      },
    });
    expect(restored.status()).toBe(200);
  });

  test("a new shop lands on it and leaves with a real rule and alert settings in three steps", async ({ page }) => {
    const started = Date.now();
    let appMs = 0;
    const timed = async <T>(work: () => Promise<T>) => {
      const from = Date.now();
      const result = await work();
      appMs += Date.now() - from;
      return result;
    };
    await timed(() => page.goto("/dashboard"));
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(stepHeading(page, "Welcome")).toBeVisible();
    await expect(page.getByText("Step 1 of 3")).toBeVisible();
    await expect(page.getByRole("button", { name: "Skip Setup" })).toBeVisible();

    await timed(() =>
      clickUntil(page.getByRole("button", { name: "Continue" }), () =>
        expect(stepHeading(page, "Set Up Your First Rule")).toBeVisible({ timeout: 2_000 }),
      ),
    );
    await expect(page.getByText("Step 2 of 3")).toBeVisible();
    // the suggestion comes from a backtest of the store's orders of the last 60 days
    const suggestion = page.getByText(/^Suggested: Max \d+% off any order$/);
    await timed(() => expect(suggestion).toBeVisible({ timeout: 15_000 }));
    await expect(page.getByText(/of your \d+ orders of the last 60 days were discounted/)).toBeVisible();
    const suggested = (await suggestion.textContent())!.replace("Suggested: ", "");
    await expect(page.getByLabel("Name")).toHaveValue(suggested);
    await expect(page.getByLabel("Rule Type")).toHaveValue("max_discount");

    // the rule as edited, tested before it is saved
    ruleName = `Onboarding cap ${Date.now()}`;
    await page.getByLabel("Name").fill(ruleName);
    await page.getByLabel("Maximum Discount (%)").fill("35");
    await timed(async () => {
      await page.getByRole("button", { name: "Test this rule" }).click();
      await expect(page.getByText(new RegExp(`^${ruleName}: Would have flagged`))).toBeVisible({ timeout: 15_000 });
    });
    await expect(page.getByRole("heading", { name: `Worst orders: ${ruleName}` })).toBeVisible();

    await timed(async () => {
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(toast(page, "Rule created")).toBeVisible();
    });
    const activeAfterMs = Date.now() - started;
    const appMsToActive = appMs;
    await expect(stepHeading(page, "Configure Alert Settings")).toBeVisible();
    const db = openDatabase();
    const rule = db
      .prepare("SELECT ruleType, thresholdPercent, isActive, action FROM Rule WHERE name = ?")
      .get(ruleName);
    expect(rule).toEqual({ ruleType: "max_discount", thresholdPercent: 35, isActive: 1, action: "alert" });

    // the alert settings, saved through the alerts service
    await page.getByLabel("E-mail recipients").fill("onboarding@margin-guardrail-demo.example");
    await page.getByLabel("Minimum severity").selectOption("high");
    await timed(async () => {
      await page.getByRole("button", { name: "Complete Setup" }).click();
      await expect(toast(page, "Setup complete")).toBeVisible();
    });
    // completion moves on to the home page (the dashboard outside Shopify's admin) after 1 s
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5_000 });
    await expect(page.getByRole("heading", { name: "Dashboard", exact: true })).toBeVisible();
    const saved = db
      .prepare(
        "SELECT emailEnabled, emails, minSeverity FROM AlertSettings JOIN Shop ON Shop.id = AlertSettings.shopId WHERE Shop.domain = ?",
      )
      .get("margin-guardrail-demo.myshopify.com") as { emailEnabled: number; emails: string; minSeverity: string };
    expect(saved).toMatchObject({ emailEnabled: 1, minSeverity: "high" });
    expect(JSON.parse(saved.emails)).toEqual(["onboarding@margin-guardrail-demo.example"]);
    const shop = db
      .prepare("SELECT onboardingStep FROM Shop WHERE domain = ?")
      .get("margin-guardrail-demo.myshopify.com");
    expect(shop).toEqual({ onboardingStep: 3 });
    db.close();
    console.log(
      `Onboarding: first page to an active rule in ${(activeAfterMs / 1000).toFixed(1)} s of test time, of which the app's own time (page loads, backtests, saves) was ${(appMsToActive / 1000).toFixed(1)} s (targets: under 2 minutes of a person's clicks, under 10 s of the app's own time)`,
    );
  });

  test("the alert step completes as shown: recipients prefilled with the shop's e-mail, else in red", async ({
    page,
  }) => {
    // e-mail alerts on (the default) and no recipient, as a new shop has them
    writeDemoStore(
      "UPDATE AlertSettings SET emailEnabled = 1, emails = '[]' WHERE shopId = (SELECT id FROM Shop WHERE domain = ?)",
      DEMO_SHOP,
    );
    setDemoOnboardingStep(2);
    await page.goto("/onboarding");
    await expect(stepHeading(page, "Configure Alert Settings")).toBeVisible();
    // no e-mail known: the field says in red what it needs before anything is sent
    const recipients = page.getByLabel("E-mail recipients");
    await expect(recipients).toHaveValue("");
    await expect(recipients).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Add at least one recipient, or turn e-mail alerts off")).toBeVisible();

    // a staff member who opened the app left their e-mail: the step starts with it and completes as it is
    writeDemoStore(
      "INSERT INTO Session (id, shop, state, isOnline, accessToken, email, accountOwner) VALUES (?, ?, '', 1, 'unused', ?, 1)",
      STAFF_SESSION,
      DEMO_SHOP,
      "owner@margin-guardrail-demo.example",
    );
    await page.reload();
    await expect(recipients).toHaveValue("owner@margin-guardrail-demo.example");
    await expect(recipients).not.toHaveAttribute("aria-invalid", "true");
    await page.getByRole("button", { name: "Complete Setup" }).click();
    await expect(toast(page, "Setup complete")).toBeVisible();
    const db = openDatabase();
    const saved = db
      .prepare("SELECT emails FROM AlertSettings JOIN Shop ON Shop.id = AlertSettings.shopId WHERE Shop.domain = ?")
      .get(DEMO_SHOP) as { emails: string };
    db.close();
    expect(JSON.parse(saved.emails)).toEqual(["owner@margin-guardrail-demo.example"]);
  });

  test("a reload resumes the stored step; Skip Setup leaves for good", async ({ page }) => {
    await page.goto("/onboarding");
    await clickUntil(page.getByRole("button", { name: "Continue" }), () =>
      expect(stepHeading(page, "Set Up Your First Rule")).toBeVisible({ timeout: 2_000 }),
    );
    await page.reload();
    await expect(stepHeading(page, "Set Up Your First Rule")).toBeVisible();
    await expect(page.getByText("Step 2 of 3")).toBeVisible();
    // the dashboard still sends the shop back here
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(stepHeading(page, "Set Up Your First Rule")).toBeVisible();

    await clickToNavigate(page, page.getByRole("button", { name: "Skip Setup" }), /\/dashboard$/);
    await expect(page.getByRole("heading", { name: "Dashboard", exact: true })).toBeVisible();
    const db = openDatabase();
    expect(
      db.prepare("SELECT onboardingStep FROM Shop WHERE domain = ?").get("margin-guardrail-demo.myshopify.com"),
    ).toEqual({
      onboardingStep: 3,
    });
    db.close();
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test("the Rules page backtests the active rules with a progress bar, then results by rule", async ({ page }) => {
  // the first progress report is held back a moment, so that the bar can be seen at work
  let held = false;
  await page.route(/\/api\/backtest\/[^/]+$/, async (route) => {
    if (!held) {
      held = true;
      await new Promise((resolve) => setTimeout(resolve, 800));
    }
    await route.continue();
  });
  await page.goto("/rules");
  await expect(page.getByRole("heading", { name: "What would your rules have caught?" })).toBeVisible();
  const start = page.getByRole("button", { name: "Test on the last 60 days of orders" });
  await clickUntil(start, () =>
    expect(page.getByText(/^Reading your orders of the last 60 days/)).toBeVisible({ timeout: 2_000 }),
  );
  await expect(page.getByRole("progressbar")).toBeVisible();
  await expect(
    page.getByText(/your rules would have flagged \d+ orders: \$[\d,.]+ of discount above the limits/),
  ).toBeVisible({
    timeout: 15_000,
  });
  const table = page.getByRole("table").filter({ hasText: "Orders flagged" });
  for (const rule of [
    "Max 30% off any order",
    "Cap discounts at $50",
    "Keep a 25% margin",
    "One promotion per order",
  ]) {
    await expect(table.getByRole("row").filter({ hasText: rule })).toBeVisible();
  }
  // the demo's testing rule has its own row and no part in the total
  await expect(table.getByRole("row").filter({ hasText: "Trial: max 15% off (testing)" })).toBeVisible();
  await expect(
    page.getByText("Testing rules are not in this total: their rows show what they would have caught."),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Worst orders: Max 30% off any order" })).toBeVisible();
  await expect(page.getByText("A backtest only reads: it records no audit events and sends no alerts.")).toBeVisible();

  // a rule being added is tested before it is saved
  await page.getByRole("button", { name: "Add Rule" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill("Draft 45% cap");
  await dialog.getByLabel("Maximum Discount (%)").fill("45");
  await dialog.getByRole("button", { name: "Test this rule on the last 60 days of orders" }).click();
  await expect(
    dialog.getByText(/this rule would have flagged \d+ orders?: \$[\d,.]+ of discount above the limits/),
  ).toBeVisible({
    timeout: 15_000,
  });
  await expect(dialog.getByRole("heading", { name: "Worst orders: Draft 45% cap" })).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  const db = openDatabase();
  expect(db.prepare("SELECT COUNT(*) AS count FROM Rule WHERE name = ?").get("Draft 45% cap")).toEqual({ count: 0 });
  db.close();
});
