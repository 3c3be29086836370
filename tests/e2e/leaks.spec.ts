// The leaked-code detector on the merchant's path (docs/product.md#leaked-codes): from the sidebar
// to /codes, a table of codes with the demo's VIP500 first, flagged "Probably leaked" with the
// signals that fired in words; its Edit dialog refuses a bad audience size naming the field and
// saves a good one; Deactivate in Shopify (the demo's stand-in; asked first, offered only for a
// code Shopify has) and Reactivate, each in the Audit Log. Screenshots at 375, 800 and 1040 px
// (tests/.tmp/screens/), the table and the dialog.
import type { Locator, Page } from "@playwright/test";
import { expect, hydrated, sidebar, signedOrder, tableRows, test, toast } from "./fixtures";
import { SCREENSHOTS, axeViolations, screenshot, screenshotsAt } from "./screens-axe";

/**
 * The row of `code`: a table row where the table is wide, a list item of IndexTable's condensed
 * list where it is narrow (its first line names the code).
 */
function codeRow(page: Page, code: string): Locator {
  return page
    .locator("tr.Polaris-IndexTable__TableRow, li.Polaris-IndexTable__TableRow")
    .filter({ has: page.getByText(code, { exact: true }) });
}

test("the codes table lists VIP500 first with its signals, and an order's code below it", async ({ page, request }) => {
  // a breaching order with the code E2ESTACK: one use, not flagged
  const number = 80_000 + Math.floor(Math.random() * 9_000);
  const { body, headers } = signedOrder(number);
  expect((await request.post("/webhooks/orders/create", { data: body, headers })).status()).toBe(200);
  const listed = async () =>
    ((await (await request.get("/api/codes")).json()).codes as { code: string }[]).map((code) => code.code);
  await expect.poll(listed).toContain("E2ESTACK");

  await page.goto("/dashboard");
  await sidebar(page).getByRole("link", { name: "Discount codes", exact: true }).click();
  await expect(page).toHaveURL(/\/codes$/);
  await expect(page.getByRole("heading", { level: 1, name: "Discount codes" })).toBeVisible();
  await expect(page.getByText(/A code is flagged “probably leaked” when a rule you can read fires/)).toBeVisible();

  // a table, flagged first, then by uses
  for (const title of ["Code", "Uses", "Customers", "First-time", "Countries", "Last used"]) {
    await expect(page.getByRole("columnheader", { name: title, exact: true })).toBeVisible();
  }
  await expect(tableRows(page).first()).toContainText("VIP500");
  const vip = codeRow(page, "VIP500");
  await expect(vip.getByText("Probably leaked")).toBeVisible();
  await expect(vip.getByText("Signals that fired")).toBeVisible();
  await expect(vip.getByText(/^velocity spike: 36 uses in the last hour \(limit 10\)$/)).toBeVisible();
  await expect(
    vip.getByText(/^segment breach: \d+ % of orders from outside the segment \(limit 20 %\)$/),
  ).toBeVisible();
  await expect(vip.getByText("country spread: shipped to 9 countries (limit 5)")).toBeVisible();
  await expect(vip.getByText("audience 500", { exact: true })).toBeVisible();
  await expect(vip.getByText("36 in the last hour", { exact: true })).toBeVisible();
  await expect(vip.getByText(/^\d+ % outside the segment$/)).toBeVisible();

  const other = codeRow(page, "E2ESTACK");
  await expect(other.getByText("Normal", { exact: true })).toBeVisible();
  await expect(other.getByText("Signals that fired")).toHaveCount(0);
  const order = await tableRows(page).allInnerTexts();
  expect(order.findIndex((text) => text.includes("VIP500"))).toBeLessThan(
    order.findIndex((text) => text.includes("E2ESTACK")),
  );
  await screenshotsAt(page, "codes");

  // narrow, each code is one stacked cell with the same words and actions
  await page.setViewportSize({ width: 375, height: 900 });
  await expect(page.getByRole("columnheader", { name: "Uses", exact: true })).toBeHidden();
  await expect(vip).toContainText(/\d+ uses by \d+ customers · audience 500/);
  await expect(vip).toContainText(
    /36 in the last hour · first-time customers \d+ % · \d+ % outside the segment · 9 countries/,
  );
  await expect(vip.getByText(/^Last used \w{3} \d+, \d{4}, \d+:\d{2} [AP]M$/)).toBeVisible();
  await expect(vip.getByRole("button", { name: "Edit VIP500" })).toBeVisible();
  await expect(vip.getByRole("button", { name: "Deactivate in Shopify" })).toBeVisible();
});

test("Edit opens the code's settings, refuses a bad audience naming the field and saves a good one", async ({
  page,
}) => {
  await page.goto("/codes");
  await hydrated(page);
  const row = codeRow(page, "VIP500");
  const edit = row.getByRole("button", { name: "Edit VIP500" });
  const dialog = page.getByRole("dialog", { name: "Edit VIP500" });

  // Enter opens it, Escape closes it and focus is back on Edit
  await edit.focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Audience size")).toHaveValue("500");
  await expect(dialog.getByLabel("Segment: customer tags")).toHaveValue("vip");
  await expect(
    dialog.getByText(
      /^\d+ uses by \d+ customers · audience 500 · 36 in the last hour, \d+ in the last 24 hours \(baseline [\d.]+ an hour\) · /,
    ),
  ).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(edit).toBeFocused();

  // a bad audience size is refused under its field, which takes the focus; the dialog stays, no
  // toast covers its buttons, and nothing is saved
  await edit.click();
  await dialog.getByLabel("Audience size").fill("-3");
  await dialog.getByRole("button", { name: "Save settings" }).click();
  await expect(dialog.getByText("a whole number from 1 to 10,000,000, or null")).toBeVisible();
  await expect(dialog.getByLabel("Audience size")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel("Audience size")).toBeFocused();
  await expect(toast(page, "Not done")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(edit).toBeFocused();
  // opened again: the saved value, and the earlier refusal is gone
  await edit.click();
  await expect(dialog.getByLabel("Audience size")).toHaveValue("500");
  await expect(dialog.getByText("a whole number from 1 to 10,000,000, or null")).toHaveCount(0);
  await page.keyboard.press("Escape");
  await page.reload();
  await hydrated(page);
  await expect(row.getByText("audience 500", { exact: true })).toBeVisible();

  // a good one is saved (Enter in the field saves), the dialog closes and the row says it
  await edit.click();
  await dialog.getByLabel("Audience size").fill("600");
  await dialog.getByLabel("Audience size").press("Enter");
  await expect(toast(page, "VIP500 saved")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(row.getByText("audience 600", { exact: true })).toBeVisible();
  await expect(row.getByText("Probably leaked")).toBeVisible();

  // put back as seeded, for the specs that follow
  await edit.click();
  await dialog.getByLabel("Audience size").fill("500");
  await dialog.getByRole("button", { name: "Save settings" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row.getByText("audience 500", { exact: true })).toBeVisible();

  // the dialog with a refusal, at the admin's widths (resizing draws the rows anew: last)
  await edit.click();
  await dialog.getByLabel("Audience size").fill("many");
  await dialog.getByRole("button", { name: "Save settings" }).click();
  await expect(dialog.getByText("a whole number from 1 to 10,000,000, or null")).toBeVisible();
  await screenshotsAt(page, "codes-edit-refused");
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
});

test("a merchant deactivates the leaked code in Shopify from its row and undoes it", async ({ page }) => {
  await page.goto("/codes");
  await hydrated(page);
  const row = codeRow(page, "VIP500");

  // deactivating asks first: Cancel changes nothing
  await row.getByRole("button", { name: "Deactivate in Shopify" }).click();
  const dialog = page.getByRole("dialog", { name: "Deactivate VIP500 in Shopify?" });
  await expect(dialog.getByText(/buyers can no longer use it/)).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row.getByText("Deactivated in Shopify")).toHaveCount(0);
  // the question stays open while the window narrows and widens (the rows are drawn anew for each
  // layout; the table holds which code is being asked); narrow, the dialog is a sheet whose own box
  // has no size: its buttons say it is open
  await row.getByRole("button", { name: "Deactivate in Shopify" }).click();
  const cancel = dialog.getByRole("button", { name: "Cancel" });
  for (const width of [375, 800, 1040]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(cancel).toBeVisible();
    if (SCREENSHOTS) await screenshot(page, { path: `tests/.tmp/screens/codes-deactivate-confirm-${width}.png` });
  }
  await cancel.click();
  await expect(dialog).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 720 });
  // confirmed, the code is deactivated in Shopify, and one click undoes it
  await row.getByRole("button", { name: "Deactivate in Shopify" }).click();
  await dialog.getByRole("button", { name: "Deactivate in Shopify" }).click();
  await expect(toast(page, "VIP500 deactivated")).toBeVisible();
  await expect(row.getByText("Deactivated in Shopify")).toBeVisible();
  await expect(row.getByText("Probably leaked")).toBeVisible();
  await screenshotsAt(page, "codes-deactivated");
  await row.getByRole("button", { name: "Reactivate" }).click();
  await expect(toast(page, "VIP500 reactivated")).toBeVisible();
  await expect(row.getByText("Deactivated in Shopify")).toHaveCount(0);
  await expect(row.getByRole("button", { name: "Deactivate in Shopify" })).toBeVisible();

  // offered only for a code Shopify has: SUMMER20 (the preflight's too), not STAFF40 (no discount left)
  await expect(codeRow(page, "SUMMER20").getByRole("button", { name: "Deactivate in Shopify" })).toBeVisible();
  const gone = codeRow(page, "STAFF40");
  await expect(gone.getByText("Shopify has no discount with this code")).toBeVisible();
  await expect(gone.getByRole("button", { name: "Deactivate in Shopify" })).toHaveCount(0);

  // the flag and both clicks are in the Audit Log
  await page.goto("/audit-log?q=vip500");
  await expect(page.getByText(/Code VIP500 probably leaked: velocity spike: 36 uses/).first()).toBeVisible();
  await expect(page.getByText(/deactivated the code VIP500 in Shopify/).first()).toBeVisible();
  await expect(page.getByText(/reactivated the code VIP500 in Shopify/).first()).toBeVisible();
});
