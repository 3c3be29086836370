import fs from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { approveCoreAndResume, expect, test, toast } from "./fixtures";
import { screenshot } from "./screens-axe";

/**
 * The admin's dialogs as a keyboard merchant meets them (finding 5;
 * docs/product.md#dialogs): Enter on a button opens its dialog,
 * Escape closes it and focus is back on that button; the confirmations change nothing when
 * cancelled and act when confirmed.
 */

const SHOTS = "tests/.tmp/dialogs";
const WIDTHS = [375, 800, 1040];

/** Screenshots of the open dialog at the admin's content widths, for a person to look at. */
async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await screenshot(page, { path: `${SHOTS}/${name}-${width}.png` });
  }
  if (size) await page.setViewportSize(size);
}

/**
 * Opens `dialog` again and screenshots it at each width, then closes it (resizing may draw the
 * page's buttons anew: focus checks come before this).
 */
async function shootDialog(page: Page, opener: Locator, dialog: Locator, name: string) {
  await opener.click();
  await expect(dialog).toBeVisible();
  await shoot(page, name);
  // Escape reaches the dialog once focus is in it
  await expect.poll(() => dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
}

/** Enter on `opener` opens `dialog`; Escape closes it and gives focus back to `opener`. */
async function openAndEscape(page: Page, opener: Locator, dialog: Locator) {
  await opener.focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  // focus went into the dialog
  await expect.poll(() => dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
}

function header(page: Page) {
  return page.getByRole("region", { name: "Page header" });
}

test("Add Rule and Edit open with Enter, close with Escape, and give focus back", async ({ page }) => {
  await page.goto("/rules");
  const add = header(page).getByRole("button", { name: "Add Rule" });
  const addDialog = page.getByRole("dialog", { name: "Add New Rule" });
  await openAndEscape(page, add, addDialog);

  // one field for Maximum Discount (%): no Unit to choose after the type said it
  await add.click();
  await expect(addDialog.getByLabel("Rule Type")).toHaveValue("max_discount");
  await expect(addDialog.getByLabel("Maximum Discount (%)", { exact: true })).toBeVisible();
  await expect(addDialog.getByLabel("Unit")).toHaveCount(0);
  // Cancel gives focus back too
  await addDialog.getByRole("button", { name: "Cancel" }).click();
  await expect(addDialog).toHaveCount(0);
  await expect(add).toBeFocused();

  const row = page.getByRole("region", { name: "Max 30% off any order", exact: true });
  await openAndEscape(
    page,
    row.getByRole("button", { name: "Edit Max 30% off any order" }),
    page.getByRole("dialog", { name: "Edit Rule" }),
  );
  await shootDialog(page, add, addDialog, "add-rule");
});

test("a saved rule gives focus back to Add Rule", async ({ page }) => {
  const name = `E2E focus ${Date.now()}`;
  await page.goto("/rules");
  const add = header(page).getByRole("button", { name: "Add Rule" });
  await add.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Add New Rule" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Maximum Discount (%)", { exact: true }).fill("45");
  await dialog.getByRole("button", { name: "Add Rule" }).click();
  await expect(toast(page, "Rule created successfully")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(add).toBeFocused();
  await expect(page.getByRole("region", { name, exact: true })).toContainText("Maximum Discount (%) · 45%");
});

test("Delete names the rule; Escape and Cancel keep it; Delete rule deletes it and focus moves to its neighbour", async ({
  page,
}) => {
  const name = `E2E delete ${Date.now()}`;
  await page.goto("/rules");
  // a rule of the test's own, added at the end of the list
  await header(page).getByRole("button", { name: "Add Rule" }).click();
  const add = page.getByRole("dialog", { name: "Add New Rule" });
  await add.getByLabel("Name").fill(name);
  await add.getByLabel("Maximum Discount (%)", { exact: true }).fill("33");
  await add.getByRole("button", { name: "Add Rule" }).click();
  await expect(toast(page, "Rule created successfully")).toBeVisible();

  const row = page.getByRole("region", { name, exact: true });
  const remove = row.getByRole("button", { name: `Delete ${name}` });
  const confirm = page.getByRole("dialog", { name: `Delete “${name}”?` });
  await openAndEscape(page, remove, confirm);
  await expect(row).toHaveCount(1);

  await remove.click();
  await expect(confirm).toContainText("Are you sure you want to delete this rule?");
  await expect(confirm).toContainText("It is no longer checked against new orders.");
  await expect(confirm).toContainText("What it caught stays in the Audit Log. This can't be undone.");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(remove).toBeFocused();
  await expect(row).toHaveCount(1);
  await shootDialog(page, remove, confirm, "delete-rule");

  // once it is deleted, the Delete of the row after it (or before it) takes focus
  const rows = page.locator('section[aria-label] button[aria-label^="Delete "]');
  const labels = await rows.evaluateAll((buttons) => buttons.map((button) => button.getAttribute("aria-label")));
  const index = labels.indexOf(`Delete ${name}`);
  const neighbour = labels[index + 1] ?? labels[index - 1];
  await remove.click();
  await confirm.getByRole("button", { name: "Delete rule" }).click();
  await expect(toast(page, "Rule deleted successfully")).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByRole("button", { name: neighbour!, exact: true })).toBeFocused();
});

test("Edit Collection Rule has Save and Cancel in its footer; Escape and Cancel give focus back", async ({ page }) => {
  await page.goto("/rules");
  const name = "Summer Sale - Margin Floor";
  const edit = page.getByRole("region", { name, exact: true }).getByRole("button", { name: `Edit ${name}` });
  const dialog = page.getByRole("dialog", { name: "Edit Collection Rule" });
  await openAndEscape(page, edit, dialog);

  await edit.click();
  const save = dialog.getByRole("button", { name: "Save collection rule" });
  // the footer's, not a button inside the form
  await expect(dialog.locator("form").getByRole("button")).toHaveCount(0);
  const field = await dialog.getByLabel("Minimum Margin (%)").boundingBox();
  expect((await save.boundingBox())!.y).toBeGreaterThan(field!.y);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(edit).toBeFocused();

  // the footer's Save saves the form, and focus is back on Edit
  await edit.click();
  await dialog.getByLabel("Minimum Margin (%)").fill("21");
  await save.click();
  await expect(toast(page, "Rule updated successfully")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("region", { name, exact: true })).toContainText("Collection Rule · 21%");
  await expect(edit).toBeFocused();
  // opened again after a save, it stays open (the earlier answer is not this opening's)
  await shootDialog(page, edit, dialog, "edit-collection-rule");
});

test("Contact Sales gives focus back on the Pricing page and on the landing page", async ({ page }) => {
  await page.goto("/pricing");
  const dialog = page.getByRole("dialog", { name: "Contact Sales" });
  const pricingButton = page.getByRole("button", { name: "Contact Sales" });
  await openAndEscape(page, pricingButton, dialog);
  await pricingButton.click();
  // the footer's Close (the header's × is named Close too)
  await dialog.getByRole("button", { name: "Close" }).last().click();
  await expect(dialog).toHaveCount(0);
  await expect(pricingButton).toBeFocused();

  await page.goto("/");
  await openAndEscape(page, page.getByRole("button", { name: "Contact Sales" }), dialog);
});

test("Downgrade to Free names what ends; Escape and Cancel keep Core", async ({ page }) => {
  await page.goto("/pricing");
  const downgrade = page
    .getByRole("region", { name: "Free", exact: true })
    .getByRole("button", { name: "Downgrade to Free" });
  const dialog = page.getByRole("dialog", { name: "Downgrade to Free?" });
  let downgradeCalls = 0;
  page.on("request", (request) => {
    if (request.url().includes("/api/billing/downgrade")) downgradeCalls += 1;
  });

  await openAndEscape(page, downgrade, dialog);
  await downgrade.click();
  await expect(
    dialog.getByText(
      "Your Core subscription is cancelled now, and Shopify credits you for the rest of this billing period.",
    ),
  ).toBeVisible();
  // the shop's own rules: the 2 Free keeps, by name, and how many of the others are paused (the
  // demo's 7 active rules, and any an earlier test of this worker added)
  const rules = dialog.getByText(/^Free checks 2 active rules: “.+” and “.+” stay on\. The other \d+ are paused/);
  await expect(rules).toBeVisible();
  const [, first, second, others] = /“(.+)” and “(.+)” stay on\. The other (\d+)/.exec((await rules.textContent())!)!;
  // what stops is what the Core card lists above Free, in the same words
  const coreCard = (
    await page.getByRole("region", { name: "Core", exact: true }).getByRole("listitem").allTextContents()
  ).slice(2);
  expect(coreCard).toContain("Order actions: tag and hold breaching orders");
  expect(await dialog.getByRole("listitem").allTextContents()).toEqual(coreCard);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(downgrade).toBeFocused();
  expect(downgradeCalls).toBe(0);
  await shootDialog(page, downgrade, dialog, "downgrade");
  await page.reload();
  await expect(header(page).getByText("Core plan")).toBeVisible();

  await downgrade.click();
  await dialog.getByRole("button", { name: "Downgrade to Free" }).click();
  try {
    await expect(toast(page, "Plan Updated: Successfully downgraded to Free plan.")).toBeVisible();
    await expect(header(page).getByText("Free plan")).toBeVisible();
    expect(downgradeCalls).toBe(1);
    // the rules the dialog named are the ones still on
    await page.goto("/rules");
    for (const name of [first, second]) {
      const row = page.getByRole("region", { name, exact: true });
      await expect(row.getByRole("checkbox", { name: "Active" })).toBeChecked();
      await expect(row.getByText("Paused by plan")).toHaveCount(0);
    }
    await expect(page.getByText("Paused by plan")).toHaveCount(Number(others));
  } finally {
    await page.goto("/pricing");
    await approveCoreAndResume(
      page,
      page.getByRole("region", { name: "Core", exact: true }).getByRole("button", { name: "Upgrade to Core" }),
    );
  }
});
