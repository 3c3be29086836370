import Database from "better-sqlite3";
import type { Page } from "@playwright/test";
import { demoShopId, expect, signedOrder, test } from "./fixtures";
import { e2eDatabase } from "./demo-store";
import { screenshotsAt } from "./screens-axe";

/** Writes to this worker's demo store: puts one layer of the demo shop's protection in a state. */
function write(statements: (db: Database.Database, shopId: string) => void) {
  const db = new Database(e2eDatabase(), { fileMustExist: true });
  try {
    statements(db, demoShopId(db));
  } finally {
    db.close();
  }
}

const card = (page: Page) => page.getByRole("region", { name: "Protection status" });

/** The card at the admin's widths: its texts, nothing wider than the screen. */
async function atEveryWidth(page: Page, name: string, check: () => Promise<void>) {
  for (const width of [375, 800, 1040]) {
    await page.setViewportSize({ width, height: 900 });
    await check();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${width}px`).toBeLessThanOrEqual(0);
  }
  await screenshotsAt(page, `protection-${name}`);
}

test("the Dashboard's Protection status names each layer, its state and since when", async ({ page }) => {
  await page.goto("/dashboard");
  await atEveryWidth(page, "seeded", async () => {
    for (const title of ["Order webhooks", "Admin access", "Code rules", "Checkout blocking", "Alerts"]) {
      await expect(card(page).getByRole("heading", { name: title, exact: true })).toBeVisible();
    }
    await expect(
      card(page)
        .getByText(/^Since /)
        .first(),
    ).toBeVisible();
  });
});

test("a channel that gives up turns the card red, with the fix one click away", async ({ page }) => {
  write((db, shopId) => {
    db.prepare("UPDATE AlertSettings SET emailEnabled = 1 WHERE shopId = ?").run(shopId);
    db.prepare(
      `INSERT INTO AlertOutbox (id, shopId, channel, payload, status, attempts, nextAttemptAt, lastError, createdAt)
       VALUES ('dead-e2e', ?, 'email', '{}', 'dead', 8, ?, 'SMTP 550 mailbox unavailable', ?)`,
    ).run(shopId, Date.now(), Date.now() + 60_000);
  });
  await page.goto("/dashboard");
  await atEveryWidth(page, "failing", async () => {
    await expect(card(page).getByText("Not protecting").first()).toBeVisible();
    await expect(card(page).getByText("Part of your protection is off.", { exact: false })).toBeVisible();
    await expect(card(page).getByText("E-mail alerts are not delivered: SMTP 550 mailbox unavailable")).toBeVisible();
  });
  await card(page).getByRole("link", { name: "Open Alerts" }).click();
  await expect(page).toHaveURL(/\/alerts/);
});

test("no alert channel on is a warning, not a failure", async ({ page }) => {
  write((db, shopId) => {
    db.prepare("UPDATE AlertSettings SET emailEnabled = 0, slackEnabled = 0, webhookEnabled = 0 WHERE shopId = ?").run(
      shopId,
    );
    db.prepare("DELETE FROM AlertOutbox WHERE shopId = ? AND status = 'dead'").run(shopId);
  });
  await page.goto("/dashboard");
  await atEveryWidth(page, "warning", async () => {
    await expect(card(page).getByText("No alert channel is on: breaches are only in the Audit Log.")).toBeVisible();
    await expect(card(page).getByText("Needs attention").first()).toBeVisible();
  });
});

test("Check now finds an order Shopify never sent by webhook, checks it, and says so", async ({ page, request }) => {
  // an order the demo's stand-in of Shopify takes without sending its webhook (not the seeded
  // sweep's result: the server's own sweep may have run since)
  const number = 70_000 + Math.floor(Math.random() * 9_000);
  const held = await request.post("/demo/admin-api/orders", {
    data: signedOrder(number).body,
    headers: { "content-type": "application/json" },
  });
  expect(held.status()).toBe(201);
  await page.goto("/dashboard");
  await card(page).getByRole("button", { name: "Check now" }).click();
  await expect(page.getByText(/^Checked \d+ orders?: 1 missed, 1 checked now$/)).toBeVisible();
  await expect(card(page).getByText("The last check found 1 order Shopify did not send by webhook")).toBeVisible();
});
