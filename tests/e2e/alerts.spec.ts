import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { Webhook } from "standardwebhooks";
import { endpointKey } from "../../app/domain/alerts/webhook-endpoints";
import { verifySignature } from "../../app/domain/alerts/webhook-signature";
import { startReceiver } from "../helpers/receiver";
import {
  approveCoreAndResume,
  demoShopId,
  downgradeToFree,
  expect,
  openDatabase,
  signedOrder,
  tableRows,
  test,
  toast,
} from "./fixtures";
import { e2eDatabase, e2eOutbox } from "./demo-store";
import { screenshot, screenshotsAt } from "./screens-axe";

/** The demo shop's alert settings row, as stored. */
function storedSettings() {
  const db = openDatabase();
  const row = db.prepare(`SELECT * FROM "AlertSettings" WHERE "shopId" = ?`).get(demoShopId(db)) as Record<
    string,
    unknown
  >;
  db.close();
  return row;
}

function saveBar(page: Page) {
  return page.locator(".Polaris-Frame-ContextualSaveBar");
}

async function save(page: Page) {
  await saveBar(page).getByRole("button", { name: "Save" }).click();
}

function outboxFiles(): string[] {
  return fs.existsSync(e2eOutbox()) ? fs.readdirSync(e2eOutbox()) : [];
}

test.describe.configure({ mode: "serial" });

test("the unsaved-changes bar: Discard restores the loaded values, Save stores and reloads", async ({ page }) => {
  await page.goto("/alerts");
  const recipients = page.getByLabel("E-mail recipients");
  const loaded = await recipients.inputValue();
  expect(loaded).toBe("ops@margin-guardrail-demo.example");
  await expect(saveBar(page)).toHaveCount(0);

  await recipients.fill("ops@margin-guardrail-demo.example, finance@margin-guardrail-demo.example");
  await page.getByLabel("Frequency").selectOption("hourly");
  await expect(saveBar(page)).toContainText("Unsaved changes");
  await saveBar(page).getByRole("button", { name: "Discard" }).click();
  await expect(recipients).toHaveValue(loaded);
  await expect(page.getByLabel("Frequency")).toHaveValue("immediate");
  await expect(saveBar(page)).toHaveCount(0);
  expect(storedSettings().frequency).toBe("immediate");

  await recipients.fill("ops@margin-guardrail-demo.example, finance@margin-guardrail-demo.example");
  await page.getByLabel("Minimum severity").selectOption("high");
  // no quiet hours, so that the breach below is alerted at once whatever the time
  await page.getByLabel("Quiet hours start").fill("");
  await page.getByLabel("Quiet hours end").fill("");
  await save(page);
  await expect(toast(page, "Alert settings saved")).toBeVisible();
  await expect(saveBar(page)).toHaveCount(0);
  await page.reload();
  await expect(recipients).toHaveValue("ops@margin-guardrail-demo.example, finance@margin-guardrail-demo.example");
  await expect(page.getByLabel("Minimum severity")).toHaveValue("high");
  await expect(page.getByLabel("Quiet hours start")).toHaveValue("");
  // empty looks empty: no greyed example time inside the fields, the example is said below them
  for (const label of ["Quiet hours start", "Quiet hours end"]) {
    expect(await page.getByLabel(label).getAttribute("placeholder")).toBeNull();
  }
  await expect(page.getByText("24-hour time, for example 22:00")).toBeVisible();
  await expect(page.getByText("24-hour time, for example 08:00")).toBeVisible();
  const stored = storedSettings();
  expect(JSON.parse(String(stored.emails))).toEqual([
    "ops@margin-guardrail-demo.example",
    "finance@margin-guardrail-demo.example",
  ]);
  expect([stored.minSeverity, stored.quietStart, stored.quietEnd]).toEqual(["high", null, null]);
  // the page shows the time zone and the severity bands
  await expect(page.getByText("Times are in your store's time zone (America/Chicago)")).toBeVisible();
  await expect(page.getByText("50% or more past the threshold")).toBeVisible();
  // stacking is graded by how many discounts were combined, and says so beside the bands
  await expect(page.getByText("Stacking prevention: medium, up to 2 discounts combined;")).toBeVisible();
});

test("every invalid e-mail, URL and time names itself, and nothing is saved", async ({ page }) => {
  await page.goto("/alerts");
  const before = storedSettings();
  await page.getByLabel("E-mail recipients").fill("ops@margin-guardrail-demo.example, not-an-email");
  await page.getByLabel("Webhook URLs").fill("example.com/hook");
  await page.getByLabel("Quiet hours start").fill("10pm");
  await page.getByLabel("Quiet hours end").fill("08:00");
  await save(page);
  await expect(page.getByText('"not-an-email" is not an e-mail address')).toBeVisible();
  await expect(page.getByText('"example.com/hook" is not a URL')).toBeVisible();
  await expect(page.getByText("Enter a time such as 22:00 or 08:00")).toBeVisible();

  // the server's own checks: Slack on with no URL stored
  await page.getByLabel("E-mail recipients").fill("ops@margin-guardrail-demo.example");
  await page.getByLabel("Webhook URLs").fill("");
  await page.getByLabel("Quiet hours start").fill("");
  await page.getByLabel("Quiet hours end").fill("");
  await page.getByLabel("Slack alerts").check();
  await save(page);
  await expect(toast(page, "Failed to save alert settings")).toBeVisible();
  await expect(page.getByText("Paste the Slack incoming-webhook URL, or turn Slack alerts off")).toBeVisible();
  expect(storedSettings()).toEqual(before);
  await saveBar(page).getByRole("button", { name: "Discard" }).click();
  await expect(page.getByText("Paste the Slack incoming-webhook URL, or turn Slack alerts off")).toHaveCount(0);
});

test("each test button says whether its channel worked", async ({ page }) => {
  const receiver = await startReceiver();
  try {
    await page.goto("/alerts");
    // e-mail: the demo store's mail goes to the local outbox folder
    const mails = outboxFiles().length;
    await page.getByRole("button", { name: "Send test e-mail" }).click();
    await expect(toast(page, "Test e-mail sent")).toBeVisible();
    expect(outboxFiles().length).toBe(mails + 1);
    // Slack: no incoming-webhook URL yet
    await page.getByRole("button", { name: "Send test Slack message" }).click();
    await expect(toast(page, "Failed to send test Slack message: No Slack webhook URL is set")).toBeVisible();

    // webhooks to a local receiver: saving the first URL makes the signing secret, shown once,
    // before any test (the receiver can be set up first)
    await expect(page.getByText("Signing secret: made when you save a webhook URL")).toBeVisible();
    await page.getByLabel("Webhooks").check();
    await page.getByLabel("Webhook URLs").fill(`${receiver.url}/margin-alerts`);
    await save(page);
    await expect(toast(page, "Alert settings saved")).toBeVisible();
    await expect(page.getByTestId("signing-secret")).toHaveCount(1);
    const secret = await page.getByTestId("signing-secret").textContent();
    expect(secret).toMatch(/^whsec_/);
    await expect(page.getByText(`Signing secret: ••••${secret!.slice(-4)}`)).toBeVisible();
    expect(receiver.received).toHaveLength(0);
    // the test webhook is signed with it, and makes no other
    await page.getByRole("button", { name: "Send test webhook" }).click();
    await expect(toast(page, "Test webhook sent")).toBeVisible();
    await expect(page.getByTestId("signing-secret")).toHaveCount(1);
    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    expect(JSON.parse(delivery.body)).toMatchObject({ type: "alert.test" });
    // Standard Webhooks: the library's own check accepts it
    expect(new Webhook(secret!).verify(delivery.body, delivery.headers as Record<string, string>)).toMatchObject({
      type: "alert.test",
    });
    const check = verifySignature(
      String(delivery.headers["margin-guardrail-signature"]),
      delivery.body,
      secret!,
      Math.floor(Date.now() / 1000),
    );
    expect(check).toEqual({ ok: true });
    await page.reload();
    await expect(page.getByText(`Signing secret: ••••${secret!.slice(-4)}`)).toBeVisible();
    await expect(page.getByTestId("signing-secret")).toHaveCount(0);

    receiver.failNext(500);
    await page.getByRole("button", { name: "Send test webhook" }).click();
    await expect(toast(page, "Failed to send test webhook")).toBeVisible();

    // e-mail with nowhere to send to
    await page.getByLabel("E-mail alerts").uncheck();
    await page.getByLabel("E-mail recipients").fill("");
    await save(page);
    await expect(toast(page, "Alert settings saved")).toBeVisible();
    await page.getByRole("button", { name: "Send test e-mail" }).click();
    await expect(toast(page, "Failed to send test email: No e-mail recipients are set")).toBeVisible();
  } finally {
    await receiver.close();
  }
});

test("a webhook URL that answers 410 Gone is disabled with a banner and an e-mail, until enabled again", async ({
  page,
}) => {
  const receiver = await startReceiver();
  try {
    await page.goto("/alerts");
    await page.getByLabel("E-mail alerts").check();
    await page.getByLabel("E-mail recipients").fill("ops@margin-guardrail-demo.example");
    await page.getByLabel("Webhooks").check();
    await page.getByLabel("Webhook URLs").fill(`${receiver.url}/gone`);
    await save(page);
    await expect(toast(page, "Alert settings saved")).toBeVisible();
    const mails = new Set(outboxFiles());
    receiver.failNext(410);
    await page.getByRole("button", { name: "Send test webhook" }).click();
    await expect(toast(page, "Failed to send test webhook")).toBeVisible();
    const host = new URL(receiver.url).host;
    await page.reload();
    const banner = page.locator(".Polaris-Banner").filter({ hasText: `Webhook to ${host} disabled` });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText("It answered 410 Gone");
    // the merchant is e-mailed too (the delivery worker sends the queued notice)
    await expect
      .poll(() =>
        outboxFiles()
          .filter((file) => !mails.has(file))
          .some((file) =>
            fs.readFileSync(path.join(e2eOutbox(), file), "utf8").includes(`webhook to ${host} disabled`),
          ),
      )
      .toBe(true);
    await banner.getByRole("button", { name: "Enable again" }).click();
    await expect(toast(page, "Webhook enabled again")).toBeVisible();
    await page.reload();
    await expect(page.locator(".Polaris-Banner").filter({ hasText: `Webhook to ${host} disabled` })).toHaveCount(0);

    // an alert given up after its three days leaves the URL "delivery failing" (as the worker
    // records it; three days cannot pass here, so the state is written as the worker writes it)
    const db = new Database(e2eDatabase(), { fileMustExist: true });
    try {
      const state = {
        [endpointKey(`${receiver.url}/gone`)]: {
          status: "failing",
          host,
          since: new Date(Date.now() - 3 * 24 * 3_600_000).toISOString(),
          detail: `${host} answered 500`,
        },
      };
      db.prepare(`UPDATE "AlertSettings" SET "webhookEndpointState" = ? WHERE "shopId" = ?`).run(
        JSON.stringify(state),
        demoShopId(db),
      );
    } finally {
      db.close();
    }
    await page.reload();
    const failing = page.locator(".Polaris-Banner").filter({ hasText: `Webhook delivery failing: ${host}` });
    await expect(failing).toBeVisible();
    await expect(failing).toContainText("given up after three days");
    await failing.getByRole("button", { name: "Enable again" }).click();
    await expect(toast(page, "Webhook enabled again")).toBeVisible();
    await expect(failing).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});

test("a breaching order in the demo store reaches the inbox and shows as sent", async ({ page, request }) => {
  await page.goto("/alerts");
  await page.getByLabel("E-mail alerts").check();
  // a recipient of its own: the demo's settings are otherwise what this test needs
  await page.getByLabel("E-mail recipients").fill("breaches@margin-guardrail-demo.example");
  await page.getByLabel("Webhooks").uncheck();
  await save(page);
  await expect(toast(page, "Alert settings saved")).toBeVisible();

  const number = 80_000 + Math.floor(Math.random() * 9_000);
  const mails = new Set(outboxFiles());
  const { body, headers } = signedOrder(number);
  expect((await request.post("/webhooks/orders/create", { data: body, headers })).status()).toBe(200);
  // its critical breaches (at or above "high") are e-mailed to the outbox folder
  await expect
    .poll(
      () =>
        outboxFiles()
          .filter((file) => !mails.has(file))
          .map((file) => fs.readFileSync(path.join(e2eOutbox(), file), "utf8"))
          .filter((text) => text.includes(`#${number}`)).length,
    )
    .toBeGreaterThan(0);
  // one e-mail for the order however many rules it broke, naming each (docs/product.md#alerts)
  const ofOrder = outboxFiles()
    .filter((file) => !mails.has(file))
    .map((file) => JSON.parse(fs.readFileSync(path.join(e2eOutbox(), file), "utf8")))
    .filter((message) => message.subject.includes(`#${number}`));
  expect(ofOrder).toHaveLength(1);
  const [mail] = ofOrder;
  expect(mail.subject).toMatch(new RegExp(`: \\d+ breaches on order #${number}, worst critical$`));
  expect(mail.text).toContain(`Order #${number}: `);
  expect(mail.text).toContain("Max 30% off any order");
  expect(mail.to).toEqual(["breaches@margin-guardrail-demo.example"]);
  expect(mail.text).toContain("https://admin.shopify.com/store/margin-guardrail-demo/orders/");

  await expect
    .poll(async () => {
      await page.reload();
      return page
        .getByRole("row", { name: new RegExp(`#${number}`) })
        .filter({ hasText: "E-mail" })
        .filter({ hasText: "Sent" })
        .count();
    })
    // one e-mail row: the order's other rows are its order actions (a fulfilment hold)
    .toBe(1);
  // sent on its first try: 1 attempt; no delivery says "Sent" with 0 attempts (one that went
  // out inside a digest says so and counts none of its own: docs/product.md#alerts)
  const table = page.locator(".mg-deliveries-table");
  // (the demo's rule also holds the order: its "Fulfilment hold" action is a row of its own)
  const row = table
    .getByRole("row", { name: new RegExp(`#${number}`) })
    .filter({ hasText: "E-mail" })
    .filter({ hasText: "Sent" });
  await expect(row.locator("th, td").nth(4)).toHaveText("1");
  const sentAttempts = await table
    .getByRole("row")
    .evaluateAll((rows) =>
      rows
        .filter((tr) => tr.children[3]?.textContent?.includes("Sent"))
        .map((tr) => tr.children[4]?.textContent?.trim() ?? ""),
    );
  expect(sentAttempts.length).toBeGreaterThan(0);
  expect(sentAttempts).not.toContain("0");
  await screenshotsAt(page, "alerts-deliveries");
  // the delivery's order opens the Audit Log searched for it, as the Dashboard's events do
  await row.getByRole("link", { name: `Order #${number} in the Audit Log` }).click();
  await expect(page).toHaveURL(new RegExp(`/audit-log\\?q=%23${number}$`));
  await expect(tableRows(page).first()).toContainText(`#${number}`);
});

test("on Free the page is locked and a form posted anyway is refused", async ({ page, request }) => {
  await page.goto("/pricing");
  await downgradeToFree(page);
  await expect(toast(page, "Plan Updated: Successfully downgraded to Free plan.")).toBeVisible();
  try {
    await page.goto("/alerts");
    await expect(page.getByRole("heading", { name: "Unlock Alerts with Core" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Upgrade to Core" }).last()).toBeVisible();
    await expect(page.getByLabel("E-mail recipients")).toHaveCount(0);
    const before = storedSettings();
    const refused = await request.post("/alerts", {
      form: { intent: "save", emailEnabled: "true", emails: "attacker@example.com" },
    });
    expect(refused.status()).toBe(403);
    expect(storedSettings()).toEqual(before);
    const api = await request.put("/api/alerts/settings", { data: { emails: ["attacker@example.com"] } });
    expect(api.status()).toBe(403);
    expect(storedSettings()).toEqual(before);
  } finally {
    await page.goto("/alerts");
    await approveCoreAndResume(page, page.getByRole("button", { name: "Upgrade to Core" }).last());
    await page.goto("/alerts");
    await expect(page.getByRole("heading", { name: "Notification channels" })).toBeVisible();
  }
});

test("'Rotate signing secret' asks first: Escape and Cancel change nothing, Rotate secret makes a new one", async ({
  page,
}) => {
  await page.goto("/alerts");
  // the first secret is made at once: there is nothing to break yet
  const create = page.getByRole("button", { name: "Create signing secret" });
  if (await create.isVisible()) {
    await create.click();
    await expect(page.getByTestId("signing-secret")).toBeVisible();
    await page.reload();
  }
  const secretOf = () => storedSettings().webhookSecretEncrypted;
  const before = secretOf();
  expect(before).toBeTruthy();
  const rotate = page.getByRole("button", { name: "Rotate signing secret" });
  const dialog = page.getByRole("dialog", { name: "Rotate signing secret?" });

  // by keyboard: Enter opens it, Escape closes it, focus is back on the button, nothing changed
  await rotate.focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("A new secret replaces the current one.");
  await expect(dialog).toContainText(
    "For 24 hours each webhook carries two signatures, the new secret's and the current one's. After that, a receiver still checking the current secret refuses your webhooks.",
  );
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(rotate).toBeFocused();
  expect(secretOf()).toBe(before);

  // Cancel changes nothing either
  await rotate.click();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId("signing-secret")).toHaveCount(0);
  expect(secretOf()).toBe(before);

  // how it looks at the admin's widths (tests/.tmp/dialogs/)
  await rotate.click();
  fs.mkdirSync("tests/.tmp/dialogs", { recursive: true });
  for (const width of [375, 800, 1040]) {
    await page.setViewportSize({ width, height: 800 });
    await screenshot(page, { path: `tests/.tmp/dialogs/rotate-secret-${width}.png` });
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  // Rotate secret rotates: the new secret is shown once, and stored
  await rotate.click();
  await dialog.getByRole("button", { name: "Rotate secret" }).click();
  await expect(page.getByTestId("signing-secret")).toHaveText(/^whsec_/);
  await expect(page.getByText(/webhooks carry two signatures: the new secret's and the previous one's/)).toBeVisible();
  expect(secretOf()).not.toBe(before);
});
