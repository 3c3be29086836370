import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { TMP_DIR, createMigratedDatabase } from "../../scripts/migrations";
import { checkoutPayload } from "../../app/demo/checkout-payload-builder";
import { signedWebhook, startAppServer } from "../helpers/app-server";
import { startReceiver } from "../helpers/receiver";
import { startSmtpServer } from "../helpers/smtp";
import { DEMO_SHOP, clickToNavigate, demoShopId, expect, openDatabase, sidebar, test, toast } from "./fixtures";
import { axeViolations, screenshot, screenshotsAt } from "./screens-axe";
import { E2E_SECRET, e2eDatabase } from "./demo-store";

test("the Integration Center's app status counts orders waiting and failed", async ({ page }) => {
  const db = new Database(e2eDatabase(), { fileMustExist: true });
  const shopId = demoShopId(db);
  const insert = db.prepare(`INSERT INTO "OrderEvaluation" ("id", "shopId", "webhookId", "topic", "orderId", "facts",
    "status", "attempts", "createdAt", "nextAttemptAt", "lastError") VALUES (?, ?, ?, 'orders/create', ?, '{}', 'failed', 3, ?, ?, 'database is locked')`);
  const ids = ["e2e-failed-1", "e2e-failed-2"];
  // failed orders whose next try is an hour away: the worker leaves them be during the test
  for (const id of ids) insert.run(id, shopId, id, `gid://shopify/Order/${id}`, Date.now(), Date.now() + 3_600_000);
  try {
    await page.goto("/integration");
    const status = page.getByRole("region", { name: "App status" });
    await expect(status.getByRole("group", { name: "Orders waiting to be checked" })).toContainText("None");
    await expect(
      status.getByRole("group", { name: "Orders whose check failed (retried automatically)" }),
    ).toContainText("2");
  } finally {
    db.prepare(`DELETE FROM "OrderEvaluation" WHERE "id" IN (?, ?)`).run(...ids);
    db.close();
  }
  const check = openDatabase();
  expect(
    (check.prepare(`SELECT COUNT(*) AS n FROM "OrderEvaluation" WHERE "status" = 'failed'`).get() as { n: number }).n,
  ).toBe(0);
  check.close();
});

/** The Slack page at the admin's widths, for a person to look at (tests/.tmp/slack/). */
/** The page's one contextual save bar: it saves the SMTP, threshold and Plus features fields together. */
async function saveSettings(page: Page) {
  await page.locator(".Polaris-Frame-ContextualSaveBar").getByRole("button", { name: "Save" }).click();
}

async function slackScreenshots(page: Page, name: string) {
  for (const width of [375, 800, 1040]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, { path: `tests/.tmp/slack/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test("Add to Slack: a sign-in cancelled or not verified says so and changes nothing", async ({ page }) => {
  await page.goto("/integration/slack?slack=denied");
  await expect(page.getByText("The request was cancelled on Slack's screen. Nothing was changed.")).toBeVisible();
  // told once: the address loses the outcome, so a reload does not tell it again
  await expect(page).toHaveURL(/\/integration\/slack$/);
  await slackScreenshots(page, "denied");
  // a callback whose state the app did not sign
  await page.goto("/api/integrations/slack/callback?code=x&state=forged.state");
  await expect(page).toHaveURL(/\/integration\/slack$/);
  await expect(page.getByText("This Slack sign-in could not be verified")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send test Slack message" })).toBeDisabled();
});

test("the Slack page's pasted webhook URL still connects, sends a test and disconnects", async ({ page }) => {
  const slack = await startReceiver();
  try {
    await page.goto("/integration/slack");
    await page.getByRole("button", { name: "Paste a webhook URL instead" }).click();
    await expect(page.getByText("Under Incoming Webhooks, turn Activate Incoming Webhooks on.")).toBeVisible();
    await slackScreenshots(page, "paste");
    await page.getByLabel("Slack incoming-webhook URL").fill("hooks.slack.com/services/T0/B0/x");
    await page.getByRole("button", { name: "Connect Slack" }).click();
    await expect(page.getByText('"hooks.slack.com/services/T0/B0/x" is not a URL')).toBeVisible();

    await page.getByLabel("Slack incoming-webhook URL").fill(`${slack.url}/services/T0/B0/secret`);
    await page.getByLabel("Slack channel").fill("#margins");
    await page.getByRole("button", { name: "Connect Slack" }).click();
    await expect(toast(page, "Slack connected")).toBeVisible();
    await page.getByRole("button", { name: "Send test Slack message" }).click();
    await expect(toast(page, "Test Slack message sent")).toBeVisible();
    expect(slack.received).toHaveLength(1);
    const message = JSON.parse(slack.received[0].body);
    expect(message.channel).toBe("#margins");
    expect(message.blocks[0].text.text).toContain("[Test]");

    await page.getByRole("link", { name: "Back to Integration" }).click();
    const card = page.getByRole("region", { name: "Slack" });
    await expect(card).toContainText("Connected");
    await expect(card).toContainText("Alerts post to #margins.");
    // the card names the channel: no webhook address, not even masked
    await expect(card).not.toContainText("secret");
    await expect(card).not.toContainText("webhook");
    await card.getByRole("button", { name: "Disconnect" }).click();
    await expect(toast(page, "Slack disconnected")).toBeVisible();
    await expect(card).toContainText("Not connected");
  } finally {
    await slack.close();
  }
});

test("the SMTP card stores the merchant's server and sends the test through it", async ({ page }) => {
  const smtp = await startSmtpServer({ username: "alerts@shop.example", password: "correct horse" });
  const port = new URL(smtp.url).port;
  try {
    await page.goto("/integration");
    const card = page.getByRole("region", { name: "Your mail server" });
    await expect(card).toContainText("Not set up");
    await expect(card.getByLabel("Port")).toHaveValue("587");
    await card.getByLabel("SMTP host").fill("127.0.0.1");
    await card.getByLabel("Port").fill("70000");
    await saveSettings(page);
    await expect(card.getByText("The SMTP port is between 1 and 65535")).toBeVisible();
    // a number field takes "1e3", which is no port: refused in place, nothing saved
    await card.getByLabel("Port").fill("1e3");
    await saveSettings(page);
    await expect(card.getByText("The SMTP port is a whole number from 1 to 65535")).toBeVisible();

    await card.getByLabel("Port").fill(port);
    await card.getByLabel("Username").fill("alerts@shop.example");
    await card.getByLabel("Password").fill("correct horse");
    // tests use the saved server: they wait while the fields are changed
    await expect(card.getByRole("button", { name: "Send test e-mail" })).toBeDisabled();
    await expect(card).toContainText("Save or discard your changes first: this uses the saved settings.");
    await saveSettings(page);
    await expect(toast(page, "Integration settings saved")).toBeVisible();
    await expect(card).toContainText("Using 127.0.0.1");
    await expect(card.getByLabel("Password")).toHaveValue("");
    // the password is stored sealed, never in clear
    const db = openDatabase();
    const row = db.prepare(`SELECT * FROM "AlertSettings" WHERE "shopId" = ?`).get(demoShopId(db)) as Record<
      string,
      string
    >;
    db.close();
    expect(row.smtpHost).toBe("127.0.0.1");
    expect(JSON.stringify(row)).not.toContain("correct horse");

    await card.getByRole("button", { name: "Send test e-mail" }).click();
    await expect(toast(page, "Test e-mail sent")).toBeVisible();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].user).toBe("alerts@shop.example");
    // to the shop's alert recipients (another test of this worker's demo store may have changed them)
    expect(smtp.received[0].to).toEqual([expect.stringMatching(/@margin-guardrail-demo\.example$/)]);
    expect(smtp.received[0].raw).toContain("[Test] Margin Guardrail");

    await card.getByRole("button", { name: "Remove" }).click();
    await expect(toast(page, "SMTP server removed")).toBeVisible();
    await expect(card).toContainText("Not set up");
  } finally {
    await smtp.close();
  }
});

test("the Integration Center's app status badges, in the merchant's words", async ({ page }) => {
  await page.goto("/integration");
  const status = page.getByRole("region", { name: "App status" });
  await expect(status.getByRole("group", { name: "Shopify connection" })).toContainText("Demo store");
  await expect(status.getByRole("group", { name: "Open inside Shopify admin" })).toContainText(
    "Demo store (outside Shopify)",
  );
  await expect(status.getByRole("group", { name: "Permissions" })).toContainText("Demo store (not asked)");
  await expect(status.getByRole("group", { name: "Order monitoring" })).toContainText("On");
  // each optional permission says what it is for; Shopify's name for it is the small print
  const hold = status.getByRole("group", { name: "Hold and release a breaching order's fulfilment" });
  await expect(hold).toContainText("write_merchant_managed_fulfillment_orders");
  await expect(status.getByText(/\(write_orders\)/)).toHaveCount(0);
  // no developer words, and money as the app writes it everywhere
  const main = page.getByRole("main");
  for (const word of ["Function threshold", "Access scopes", "webhooks", "Embedded", "in step", "Shadow mode"]) {
    await expect(main, word).not.toContainText(word);
  }
  const blocking = page.getByRole("region", { name: "Checkout blocking" });
  await expect(blocking).toContainText(
    "Taken off a $100.00 cart by Test. Left empty, Test tries $45.00: 5 points above your limit.",
  );
  // no bare number beside the field's "$" ("$ 45"): the amount is in the help, written as money
  await expect(blocking.getByLabel("Discount to test")).not.toHaveAttribute("placeholder", /\d/);
  await screenshotsAt(page, "integration");
});

/**
 * Shopify Flow's lifecycle callback for one of the app's triggers, signed as Flow signs it (HMAC-SHA256
 * of the body with the app's secret, which playwright.config.ts gives the e2e server).
 */
async function flowLifecycle(page: Page, trigger: string, enabled: boolean, secret = E2E_SECRET) {
  // the newest callback wins: each is a few milliseconds later than the one before
  await new Promise((resolve) => setTimeout(resolve, 5));
  const body = JSON.stringify({
    flow_trigger_definition_id: trigger,
    has_enabled_flow: enabled,
    shop_id: 690933842,
    shopify_domain: DEMO_SHOP,
    timestamp: new Date().toISOString(),
  });
  const hmac = crypto.createHmac("sha256", secret).update(body, "utf8").digest("base64");
  return page.request.post("/flow/lifecycle", {
    data: body,
    headers: { "Content-Type": "application/json", "X-Shopify-Hmac-Sha256": hmac },
  });
}

test("App status shows both Flow triggers, each turned on and off by Flow's lifecycle callback", async ({ page }) => {
  const BREACH = 'Shopify Flow trigger "Margin rule breached"';
  const LEAK = 'Shopify Flow trigger "Discount code probably leaked"';
  const breachOff =
    "The app sends it once a workflow that starts with it is on. Turn one on in Shopify Flow, and tick “Start Shopify Flow workflows” in a rule.";
  const breachOn = "Sent for each breaching order of a rule whose order actions start Shopify Flow workflows.";
  const leakOff = "The app sends it once a workflow that starts with it is on. Turn one on in Shopify Flow.";
  const leakOn = "Sent once each time a discount code is flagged “probably leaked”, with the code and the signals.";
  const stored = () => {
    const db = openDatabase();
    try {
      return db
        .prepare(
          `SELECT "flowTriggerEnabled" AS breach, "flowLeakTriggerEnabled" AS leak FROM "Shop" WHERE "domain" = ?`,
        )
        .get(DEMO_SHOP) as { breach: number; leak: number };
    } finally {
      db.close();
    }
  };
  // as seeded: no workflow uses either trigger
  expect(stored()).toEqual({ breach: 0, leak: 0 });
  try {
    // the merchant opens Integration from the sidebar
    await page.goto("/dashboard");
    await sidebar(page).getByRole("link", { name: "Integration", exact: true }).click();
    await expect(page).toHaveURL(/\/integration$/);
    const status = page.getByRole("region", { name: "App status" });
    const breach = status.getByRole("group", { name: BREACH });
    const leak = status.getByRole("group", { name: LEAK });
    await expect(breach).toContainText("No enabled workflow uses it");
    await expect(breach).toContainText(breachOff);
    await expect(leak).toContainText("No enabled workflow uses it");
    await expect(leak).toContainText(leakOff);

    // a callback Flow did not sign changes nothing
    expect((await flowLifecycle(page, "discount-code-leaked", true, "not-the-secret")).status()).toBe(401);
    expect(stored()).toEqual({ breach: 0, leak: 0 });

    // a workflow starting with the leak trigger is turned on (Flow names the trigger by its handle or name)
    const on = await flowLifecycle(page, "discount-code-leaked", true);
    expect(await on.json()).toEqual({ result: "updated" });
    await page.reload();
    await expect(leak).toContainText("Used by an enabled workflow");
    await expect(leak).toContainText(leakOn);
    await expect(breach).toContainText("No enabled workflow uses it");
    await expect(breach).toContainText(breachOff);
    await screenshotsAt(page, "integration-flow-leak-on");

    // then one starting with "Margin rule breached": both are on, each with its own words
    expect(await (await flowLifecycle(page, "Margin rule breached", true)).json()).toEqual({ result: "updated" });
    await page.reload();
    await expect(breach).toContainText("Used by an enabled workflow");
    await expect(breach).toContainText(breachOn);
    await expect(leak).toContainText("Used by an enabled workflow");
    await expect(leak).toContainText(leakOn);
    expect(await axeViolations(page)).toEqual([]);
    await screenshotsAt(page, "integration-flow-both-on");
    // the card alone, at the admin's widths, for a person to read its words (cut from the whole
    // page, so the fixed top bar does not cover it)
    for (const width of [375, 800, 1040]) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(() => window.scrollTo(0, 0));
      const clip = await status.boundingBox();
      expect(clip).not.toBeNull();
      await screenshot(page, {
        path: `tests/.tmp/screens/integration-flow-card-${width}.png`,
        fullPage: true,
        clip: clip!,
      });
    }
    await page.setViewportSize({ width: 1280, height: 720 });

    // the leak workflow is turned off: only that row changes back
    expect(await (await flowLifecycle(page, "Discount code probably leaked", false)).json()).toEqual({
      result: "updated",
    });
    await page.reload();
    await expect(leak).toContainText("No enabled workflow uses it");
    await expect(leak).toContainText(leakOff);
    await expect(breach).toContainText("Used by an enabled workflow");
    expect(stored()).toEqual({ breach: 1, leak: 0 });
  } finally {
    // put back as seeded, for the specs that follow
    await flowLifecycle(page, "Margin rule breached", false);
    await flowLifecycle(page, "discount-code-leaked", false);
  }
  expect(stored()).toEqual({ breach: 0, leak: 0 });
});

test("checkout blocking: the threshold is saved with its field error, tested both ways, and deploy waits for Plus", async ({
  page,
}) => {
  await page.goto("/integration");
  const card = page.getByRole("region", { name: "Checkout blocking" });
  const threshold = card.getByLabel("Largest discount allowed");
  await expect(threshold).toHaveValue("40");
  await expect(card.getByRole("group", { name: "Deployment status" })).toContainText("Not deployed");
  // the demo's sample shadow checkouts of the last 30 days
  await expect(card.getByTestId("shadow-count")).toHaveText(
    "9 checkouts in the last 30 days would have been blocked with these settings.",
  );

  await threshold.fill("150");
  await saveSettings(page);
  await expect(card.getByText("Threshold must be a number from 0 to 100")).toBeVisible();
  const db = openDatabase();
  const shopId = demoShopId(db);
  const stored = () =>
    (db.prepare(`SELECT "thresholdPercent" AS t FROM "FunctionConfig" WHERE "shopId" = ?`).get(shopId) as { t: number })
      .t;
  expect(stored()).toBe(40);

  // the server's refusal of the same value: the product's toast
  await card.getByRole("button", { name: "Test" }).click();
  await expect(toast(page, "Test failed")).toBeVisible();

  await threshold.fill("35");
  await saveSettings(page);
  await expect(toast(page, "Integration settings saved")).toBeVisible();
  expect(stored()).toBe(35);
  db.close();

  // the page's test: a $100 cart with 5 points more than the threshold off
  await expect(card.getByText("Left empty, Test tries $40.00: 5 points above your limit.")).toBeVisible();
  await card.getByRole("button", { name: "Test" }).click();
  await expect(toast(page, "Checkout would be blocked")).toBeVisible();
  await expect(card.getByText("$40.00 off a $100.00 cart: blocked")).toBeVisible();
  await expect(
    card.getByText(
      "Your customer sees: “This discount combination isn't allowed. Please contact support for assistance.”",
    ),
  ).toBeVisible();
  await card.getByLabel("Discount to test").fill("30");
  await card.getByRole("button", { name: "Test" }).click();
  await expect(toast(page, "Checkout allowed")).toBeVisible();
  await expect(card.getByText("$30.00 off a $100.00 cart: allowed")).toBeVisible();
  await expect(card.getByText("Checkout allowed: 30% off is within the 35% limit.")).toBeVisible();

  // PLUS_PLAN_ENABLED is off here: Plus is Coming Soon and nothing can be deployed
  await expect(card.getByRole("button", { name: "Deploy" })).toBeDisabled();
  await expect(page.getByRole("region", { name: "Shopify Plus Features" }).getByText("Coming Soon")).toBeVisible();

  await page.reload();
  await expect(threshold).toHaveValue("35");
  await threshold.fill("40");
  await saveSettings(page);
  await expect(toast(page, "Integration settings saved")).toBeVisible();
});

test("the Plus features card saves the blocking switches shared with the Rules page", async ({ page }) => {
  await page.goto("/integration");
  const card = page.getByRole("region", { name: "Shopify Plus Features" });
  await card.getByLabel("Instant blocking").check();
  await card.getByLabel("Customer message").fill("");
  await saveSettings(page);
  await expect(card.getByText("Customer message is required")).toBeVisible();
  await card.getByLabel("Customer message").fill("One code per order, please.");
  await saveSettings(page);
  await expect(toast(page, "Integration settings saved")).toBeVisible();

  // the Rules area's Stacking & blocking page (docs/product.md#rules), saved by its save bar
  await page.goto("/rules/settings");
  await expect(page.getByLabel("Instant blocking")).toBeChecked();
  await expect(page.getByLabel("Customer message")).toHaveValue("One code per order, please.");
  await page.getByLabel("Instant blocking").uncheck();
  await page
    .getByLabel("Customer message")
    .fill("This discount combination isn't allowed. Please contact support for assistance.");
  await page.locator(".Polaris-Frame-ContextualSaveBar").getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Stacking and blocking settings saved")).toBeVisible();
});

test("the markers on Shopify's charts are switched off with the page's save bar", async ({ page }) => {
  const stored = () => {
    const db = openDatabase();
    try {
      return (
        db.prepare(`SELECT "chartMarkers" AS "on" FROM "Shop" WHERE "domain" = ?`).get(DEMO_SHOP) as { on: number }
      ).on;
    } finally {
      db.close();
    }
  };
  // on by default on Core, the demo store's plan
  expect(stored()).toBe(1);
  try {
    await page.goto("/integration");
    const card = page.getByRole("region", { name: "Markers on Shopify's charts" });
    const box = card.getByLabel("Show findings on Shopify's analytics charts");
    await expect(box).toBeChecked();
    await expect(card).toContainText("Turning this off takes every marker off your charts within 5 minutes.");
    await expect(card).toContainText(/No markers on your charts now\.|\d+ markers? on your charts now\./);
    await card.scrollIntoViewIfNeeded();
    await screenshotsAt(page, "integration-markers-on");

    await box.uncheck();
    await saveSettings(page);
    await expect(toast(page, "Integration settings saved")).toBeVisible();
    expect(stored()).toBe(0);
    await page.reload();
    await expect(box).not.toBeChecked();
    await expect(card.getByText("Off", { exact: true })).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await screenshotsAt(page, "integration-markers-off");
  } finally {
    // the switch as seeded, for the tests after this one
    const db = new Database(e2eDatabase(), { fileMustExist: true });
    db.prepare(`UPDATE "Shop" SET "chartMarkers" = 1 WHERE "domain" = ?`).run(DEMO_SHOP);
    db.close();
  }
});

test("with PLUS_PLAN_ENABLED=true, the demo store deploys to its stand-in and a sample checkout shows as blocked everywhere", async ({
  page,
}) => {
  // a server of its own to boot beside the worker's: room for a busy machine
  test.setTimeout(120_000);
  const database = path.join(TMP_DIR, `plus-${crypto.randomUUID()}.sqlite`);
  createMigratedDatabase(database);
  const server = await startAppServer({ PLUS_PLAN_ENABLED: "true" }, { database });
  try {
    // Pricing → Upgrade to Plus → the stand-in's approval page → Approve
    await page.goto(`${server.url}/pricing`);
    await clickToNavigate(
      page,
      page.getByRole("region", { name: "Plus" }).getByRole("button", { name: "Upgrade to Plus" }),
      /\/billing\/confirm\?plan=plus$/,
    );
    await clickToNavigate(page, page.getByRole("button", { name: "Approve" }), /\/billing\/success/);

    await page.goto(`${server.url}/integration`);
    const card = page.getByRole("region", { name: "Checkout blocking" });
    await card.getByRole("button", { name: "Deploy" }).click();
    await expect(toast(page, "Checkout blocking deployed")).toBeVisible();
    await expect(toast(page, "in the demo store's stand-in of Shopify")).toBeVisible();
    await expect(card.getByRole("group", { name: "Deployment status" })).not.toContainText("Not deployed");

    // a sample checkout with 50% off, as npm run demo:checkout posts it (the limit is 40%)
    const checkout = checkoutPayload({
      token: "e2e-plus-checkout",
      lines: [{ title: "Walnut desk tidy", price: "120.00" }],
      codes: [{ code: "VIP50", amount: "60.00" }],
    });
    const response = await fetch(
      `${server.url}/webhooks/checkouts/create`,
      signedWebhook("checkouts/create", checkout),
    );
    expect(response.headers.get("X-Checkout-Outcome")).toBe("blocked");

    // the same block on the Dashboard, the Audit Log and the ROI dashboard: $60 off, $12 over the limit
    // (this new shop first meets onboarding, and skips it)
    await page.goto(`${server.url}/onboarding`);
    await clickToNavigate(page, page.getByRole("button", { name: "Skip Setup" }), /\/dashboard$/);
    await expect(page.getByRole("region", { name: "Blocked Checkouts" })).toContainText("1");
    await expect(page.getByRole("region", { name: "ROI Summary" })).toContainText("$12.00");
    await page.goto(`${server.url}/audit-log?type=checkout_blocked`);
    await expect(page.getByText("Checkout blocked: #e2e-pl had 50% off, above the 40% limit")).toBeVisible();
    await page.goto(`${server.url}/roi-dashboard`);
    await expect(page.getByRole("region", { name: "Blocked checkouts" }).getByText("1", { exact: true })).toBeVisible();
    const saved = page.getByRole("region", { name: "Total saved" });
    await expect(saved.getByText("$12.00", { exact: true })).toBeVisible();
    await saved.getByRole("link", { name: "See the orders" }).click();
    await expect(page.getByRole("heading", { name: "Orders behind Saved: $12.00" })).toBeVisible();
    await expect(page.getByRole("cell", { name: "Checkout blocked", exact: true }).first()).toBeVisible();
  } finally {
    await server.stop();
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(database + suffix, { force: true });
  }
});
