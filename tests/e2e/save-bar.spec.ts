// The contextual save bar and leaving a page with unsaved changes (finding 3;
// docs/product.md#save-bar): in the demo store a merchant who follows a link
// with changes unsaved is asked "Leave page with unsaved changes?" (Stay keeps them, Leave page
// drops them), a reload or closing the tab is asked by the browser, the open bar leaves the
// sidebar's links visible and clickable, and /integration saves its three cards with one bar.
import fs from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { demoShopId, expect, openDatabase, sidebar, test, toast } from "./fixtures";
import { screenshot } from "./screens-axe";

const SHOTS = process.env.SAVE_BAR_SHOTS ?? path.join("tests", ".tmp", "save-bar-shots");

function saveBar(page: Page) {
  return page.locator(".Polaris-Frame-ContextualSaveBar");
}

/** The bar once Polaris's fade-in has ended (a screenshot before then shows it half drawn). */
async function barShown(page: Page) {
  await expect(saveBar(page)).toBeVisible();
  await expect(page.locator(".Polaris-Frame__ContextualSaveBar")).toHaveCSS("opacity", "1");
}

function leaveDialog(page: Page) {
  return page.getByRole("dialog", { name: "Leave page with unsaved changes?" });
}

function dashboardLink(page: Page) {
  return sidebar(page).getByRole("link", { name: "Dashboard", exact: true });
}

function stored<T>(sql: string): T {
  const db = openDatabase();
  try {
    return db.prepare(sql).get(demoShopId(db)) as T;
  } finally {
    db.close();
  }
}

const slackChannel = () =>
  stored<{ slackChannel: string }>(`SELECT "slackChannel" FROM "AlertSettings" WHERE "shopId" = ?`).slackChannel;

/** The rectangles of two elements overlap (the bar over a link). */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [one, two] = [await a.boundingBox(), await b.boundingBox()];
  if (!one || !two) throw new Error("an element has no box");
  return (
    one.x < two.x + two.width && two.x < one.x + one.width && one.y < two.y + two.height && two.y < one.y + one.height
  );
}

test.describe.configure({ mode: "serial" });

test("/alerts: leaving with unsaved changes asks; Stay keeps them, Leave page drops them, Save closes the bar", async ({
  page,
}) => {
  await page.goto("/alerts");
  const channel = page.getByLabel("Slack channel");
  const before = await channel.inputValue();
  expect(before).toBe(slackChannel());
  await channel.fill("#leave-test");
  await expect(saveBar(page)).toContainText("Unsaved changes");

  // Stay: the page, the change and the bar are all still there
  await dashboardLink(page).click();
  await expect(leaveDialog(page)).toBeVisible();
  await expect(leaveDialog(page)).toContainText("Leaving this page will discard all unsaved changes.");
  await leaveDialog(page).getByRole("button", { name: "Stay" }).click();
  await expect(leaveDialog(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/alerts$/);
  await expect(channel).toHaveValue("#leave-test");
  await expect(saveBar(page)).toBeVisible();
  // focus is back on the link that was followed
  await expect(dashboardLink(page)).toBeFocused();

  // Escape is Stay too
  await dashboardLink(page).click();
  await expect(leaveDialog(page)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(leaveDialog(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/alerts$/);

  // a reload or closing the tab: the browser asks (beforeunload), and staying keeps the page
  const asked = page.waitForEvent("dialog");
  void page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe("beforeunload");
  await dialog.dismiss();
  await expect(channel).toHaveValue("#leave-test");

  // Leave page: the Dashboard, and nothing was saved
  await dashboardLink(page).click();
  await leaveDialog(page).getByRole("button", { name: "Leave page" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(slackChannel()).toBe(before);
  await page.goto("/alerts");
  await expect(channel).toHaveValue(before);
  await expect(saveBar(page)).toHaveCount(0);

  // saved: the bar closes and the link goes straight on
  await channel.fill("#saved-then-left");
  await saveBar(page).getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Alert settings saved")).toBeVisible();
  await expect(saveBar(page)).toHaveCount(0);
  expect(slackChannel()).toBe("#saved-then-left");
  await dashboardLink(page).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(leaveDialog(page)).toHaveCount(0);

  // the demo store as it was
  await page.goto("/alerts");
  await channel.fill(before);
  await saveBar(page).getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Alert settings saved")).toBeVisible();
  expect(slackChannel()).toBe(before);
});

test("/integration: one save bar for its settings; leaving with them unsaved asks first", async ({ page }) => {
  await page.goto("/integration");
  // no Save of its own on any card: the page's bar saves
  for (const name of ["Save SMTP settings", "Save integration settings", "Save"]) {
    await expect(page.getByRole("button", { name, exact: true })).toHaveCount(0);
  }
  const threshold = page.getByRole("region", { name: "Checkout blocking" }).getByLabel("Largest discount allowed");
  await expect(threshold).toHaveValue("40");
  await threshold.fill("37");
  await expect(saveBar(page)).toContainText("Unsaved changes");

  await dashboardLink(page).click();
  await expect(leaveDialog(page)).toBeVisible();
  await leaveDialog(page).getByRole("button", { name: "Stay" }).click();
  await expect(threshold).toHaveValue("37");
  await dashboardLink(page).click();
  await leaveDialog(page).getByRole("button", { name: "Leave page" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const thresholdStored = () =>
    stored<{ t: number }>(`SELECT "thresholdPercent" AS t FROM "FunctionConfig" WHERE "shopId" = ?`).t;
  expect(thresholdStored()).toBe(40);

  // Discard puts the stored values back and closes the bar
  await page.goto("/integration");
  await threshold.fill("12");
  await saveBar(page).getByRole("button", { name: "Discard" }).click();
  await expect(threshold).toHaveValue("40");
  await expect(saveBar(page)).toHaveCount(0);
  await dashboardLink(page).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("the open bar leaves the sidebar's links visible and clickable", async ({ page }) => {
  for (const width of [1040, 800]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/alerts");
    await page.getByLabel("Slack channel").fill("#covering");
    await expect(saveBar(page)).toBeVisible();
    const first = sidebar(page).getByRole("link").first();
    await expect(first).toHaveText("Dashboard");
    expect(await overlap(saveBar(page), first), `the bar covers the first link at ${width} px`).toBe(false);
    // the click reaches the link (not the bar above it): the merchant is asked
    await first.click({ trial: true });
    await first.click();
    await expect(leaveDialog(page)).toBeVisible();
    await leaveDialog(page).getByRole("button", { name: "Leave page" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  }
});

test("with the bar open, /alerts and /integration fit at 1040, 800 and 375 px", async ({ page }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1040, 800, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/alerts");
    await page.getByLabel("Slack channel").fill("#screenshot");
    await barShown(page);
    await screenshot(page, { path: path.join(SHOTS, `alerts-${width}.png`) });
    // no sideways scroll with the bar open
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await saveBar(page).getByRole("button", { name: "Discard" }).click();

    await page.goto("/integration");
    await page.getByLabel("Largest discount allowed").fill("41");
    await barShown(page);
    await screenshot(page, { path: path.join(SHOTS, `integration-${width}.png`) });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await saveBar(page).getByRole("button", { name: "Discard" }).click();
  }
});
