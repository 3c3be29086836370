import type { Page } from "@playwright/test";
import { approveCoreAndResume, downgradeToFree, expect, test, toast } from "./fixtures";
import { screenshotsAt } from "./screens-axe";

/** The unsaved-changes bar outside Shopify's admin: Polaris's contextual save bar. */
function saveBar(page: Page) {
  return page.locator(".Polaris-Frame-ContextualSaveBar");
}

async function openAddDialog(page: Page) {
  await page.getByRole("region", { name: "Page header" }).getByRole("button", { name: "Add Rule" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Rule" });
  await expect(dialog).toBeVisible();
  return dialog;
}

const TYPES = [
  {
    type: "max_discount",
    label: "Maximum Discount (%)",
    threshold: "35",
    shown: "35%",
    edited: "40",
    editedShown: "40%",
    thresholdLabel: "Maximum Discount (%)",
  },
  {
    type: "max_discount_amount",
    label: "Maximum Discount ($)",
    threshold: "75.50",
    shown: "$75.50",
    edited: "80",
    editedShown: "$80.00",
    thresholdLabel: "Maximum Amount ($)",
  },
  {
    type: "margin_floor",
    label: "Margin Floor",
    threshold: "18",
    shown: "18%",
    edited: "22",
    editedShown: "22%",
    thresholdLabel: "Minimum Margin (%)",
  },
  {
    type: "stacking_prevention",
    label: "Stacking Prevention",
    unit: "AMOUNT",
    threshold: "10",
    // a stacking rule says what it checks (docs/product.md#rules)
    shown: "2 or more discounts on one order, over $10.00 together",
    edited: "0",
    editedShown: "2 or more discounts on one order",
    thresholdLabel: "Combined Discount Over ($)",
  },
];

test("the threshold label and the unit selector follow the rule type", async ({ page }) => {
  await page.goto("/rules");
  const dialog = await openAddDialog(page);
  const type = dialog.getByLabel("Rule Type");
  // Maximum Discount (%) is one field: the type names its unit, no Unit is asked
  await expect(type).toHaveValue("max_discount");
  await expect(dialog.getByLabel("Maximum Discount (%)", { exact: true })).toHaveAttribute("max", "100");
  await expect(dialog.getByLabel("Unit")).toHaveCount(0);
  await type.selectOption("max_discount_amount");
  await expect(dialog.getByLabel("Maximum Amount ($)")).toHaveAttribute("step", "0.01");
  await expect(dialog.getByLabel("Unit")).toHaveCount(0);
  await type.selectOption("margin_floor");
  await expect(dialog.getByLabel("Minimum Margin (%)")).toHaveAttribute("max", "100");
  await expect(dialog.getByLabel("Unit")).toHaveCount(0);
  // only stacking prevention has a unit to choose, and its field says which
  await type.selectOption("stacking_prevention");
  await expect(dialog.getByLabel("Unit")).toBeVisible();
  await expect(dialog.getByLabel("Combined Discount Over ($)")).toHaveAttribute("step", "0.01");
  await dialog.getByLabel("Unit").selectOption("PERCENT");
  await expect(dialog.getByLabel("Combined Discount Over (%)")).toHaveAttribute("step", "1");
  await expect(
    dialog.getByLabel("Action").locator("option", { hasText: "Block Checkout (Coming Soon)" }),
  ).toBeDisabled();
  await dialog.getByRole("button", { name: "Add Rule" }).click();
  await expect(dialog.getByText("Name is required")).toBeVisible();
  await expect(dialog.getByText("Threshold is required")).toBeVisible();
  await dialog.getByLabel("Combined Discount Over (%)").fill("-3");
  await dialog.getByLabel("Name").fill("x");
  await expect(dialog.getByText("Must be a valid positive number")).toBeVisible();
});

test("a Maximum Discount (%) rule posted with Amount ($) is refused, and nothing is saved", async ({ page }) => {
  const name = `E2E percent in money ${Date.now()}`;
  await page.goto("/rules");
  const refused = await page.request.post("/rules", {
    form: {
      intent: "create",
      name,
      ruleType: "max_discount",
      thresholdUnit: "AMOUNT",
      threshold: "30",
      action: "alert",
    },
  });
  expect(refused.status()).toBe(400);
  await page.reload();
  await expect(page.getByRole("region", { name, exact: true })).toHaveCount(0);
});

for (const rule of TYPES) {
  test(`adds, edits, toggles and deletes a ${rule.type} rule`, async ({ page }) => {
    const name = `E2E ${rule.label} ${Date.now()}`;
    await page.goto("/rules");
    const dialog = await openAddDialog(page);
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel("Rule Type").selectOption(rule.type);
    if (rule.unit) await dialog.getByLabel("Unit").selectOption(rule.unit);
    await dialog.getByLabel(rule.thresholdLabel).fill(rule.threshold);
    await dialog.getByRole("button", { name: "Add Rule" }).click();
    await expect(toast(page, "Rule created successfully")).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = page.getByRole("region", { name, exact: true });
    await expect(row).toContainText(`${rule.label} · ${rule.shown}`);
    await expect(row).toContainText("No description");
    await expect(row).toContainText("Alert");

    await row.getByRole("button", { name: `Edit ${name}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Rule" });
    await expect(edit.getByLabel("Name")).toHaveValue(name);
    // Edit offers the four types of Add (docs/product.md#rules)
    await expect(edit.getByLabel("Rule Type")).toHaveValue(rule.type);
    await expect(edit.getByLabel("Rule Type").locator("option")).toHaveText(TYPES.map((type) => type.label));
    await expect(edit.getByLabel(rule.thresholdLabel)).toHaveValue(
      rule.type === "max_discount_amount" ? "75.5" : rule.threshold,
    );
    await edit.getByLabel(rule.thresholdLabel).fill(rule.edited);
    await edit.getByLabel("Description").fill("Edited in the browser");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page, "Rule updated successfully")).toBeVisible();
    await expect(row).toContainText(`${rule.label} · ${rule.editedShown}`);
    await expect(row).toContainText("Edited in the browser");

    await row.getByLabel("Active").uncheck();
    await expect(row.getByText("Inactive")).toBeVisible();
    await row.getByLabel("Active").check();
    await expect(row.getByText("Alert", { exact: true })).toBeVisible();

    await row.getByRole("button", { name: `Delete ${name}` }).click();
    const confirm = page.getByRole("dialog", { name: `Delete “${name}”?` });
    await expect(confirm).toContainText("Are you sure you want to delete this rule?");
    await confirm.getByRole("button", { name: "Delete rule" }).click();
    await expect(toast(page, "Rule deleted successfully")).toBeVisible();
    await expect(row).toHaveCount(0);
  });
}

test("collection rules added by id in the demo store take the collection's title, and are edited", async ({ page }) => {
  await page.goto("/rules");
  await page.getByLabel("Collection ID").fill("summer");
  await page.getByLabel("Minimum Margin (%)").fill("15");
  await page.getByRole("button", { name: "Add collection rule" }).click();
  await expect(
    page.getByText("Enter a collection id such as 123456789 or gid://shopify/Collection/123456789"),
  ).toBeVisible();
  // an id the shop has no collection for is refused, and nothing is added (docs/product.md#rules)
  await page.getByLabel("Collection ID").fill("123456789");
  await page.getByRole("button", { name: "Add collection rule" }).click();
  await expect(page.getByText("No collection with this id in your shop")).toBeVisible();
  await expect(page.getByRole("region", { name: /^gid:\/\/shopify\/Collection\/123456789/ })).toHaveCount(0);
  // the demo store's Accessories collection, typed by its number: named by its title, read from Shopify
  await page.getByLabel("Collection ID").fill("424243");
  await page.getByRole("button", { name: "Add collection rule" }).click();
  await expect(toast(page, "Collection rule created")).toBeVisible();
  const name = "Accessories - Margin Floor";
  const row = page.getByRole("region", { name, exact: true });
  await expect(row).toContainText("Minimum 15% margin required for Accessories collection");
  await expect(row).toContainText("Collection Rule · 15%");
  // turned off and on again from the list
  await row.getByRole("checkbox", { name: "Active" }).uncheck();
  await expect(toast(page, "Rule status updated")).toBeVisible();
  await expect(row).toContainText("Inactive");
  await row.getByRole("checkbox", { name: "Active" }).check();
  await expect(row.getByRole("checkbox", { name: "Active" })).toBeChecked();
  // edited in its dialog
  await row.getByRole("button", { name: `Edit ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Collection Rule" });
  await dialog.getByLabel("Minimum Margin (%)").fill("25");
  // Save and Cancel sit in the dialog's footer, below the form
  const save = dialog.getByRole("button", { name: "Save collection rule" });
  const cancel = dialog.getByRole("button", { name: "Cancel" });
  await expect(dialog.locator("form").getByRole("button", { name: "Save collection rule" })).toHaveCount(0);
  expect((await save.boundingBox())!.y).toBeGreaterThan(
    (await dialog.getByLabel("Minimum Margin (%)").boundingBox())!.y,
  );
  await expect(cancel).toBeVisible();
  await save.click();
  await expect(toast(page, "Rule updated successfully")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText("Collection Rule · 25%");
  // made a Maximum Discount (%): a percentage, as the type says (docs/product.md#rules)
  await row.getByRole("button", { name: `Edit ${name}` }).click();
  await dialog.getByLabel("Rule type").selectOption("Maximum Discount (%)");
  const percent = dialog.getByLabel("Maximum Discount (%)");
  await expect(percent).toBeVisible();
  await expect(dialog.getByText("%", { exact: true })).toBeVisible();
  await expect(dialog.getByText("$", { exact: true })).toHaveCount(0);
  await expect(dialog.getByText(/choose Percentage/)).toHaveCount(0);
  await percent.fill("120");
  await save.click();
  await expect(dialog.getByText("Must be 100 or less for a percentage")).toBeVisible();
  await percent.fill("12");
  await save.click();
  await expect(dialog).toHaveCount(0);
  const capName = "Accessories - Max Discount";
  const cap = page.getByRole("region", { name: capName, exact: true });
  await expect(cap).toContainText("Collection Rule · 12%");
  await expect(cap).toContainText("Maximum 12% discount allowed for Accessories collection");
  // Maximum Discount ($) is the cap in money
  await cap.getByRole("button", { name: `Edit ${capName}` }).click();
  await dialog.getByLabel("Rule type").selectOption("Maximum Discount ($)");
  await expect(dialog.getByText("$", { exact: true })).toBeVisible();
  await dialog.getByLabel("Maximum Amount ($)").fill("40");
  await save.click();
  await expect(dialog).toHaveCount(0);
  const amountName = "Accessories - Max Discount ($)";
  const amount = page.getByRole("region", { name: amountName, exact: true });
  await expect(amount).toContainText("Collection Rule · $40.00");
  await amount.getByRole("button", { name: `Delete ${amountName}` }).click();
  await page
    .getByRole("dialog", { name: `Delete “${amountName}”?` })
    .getByRole("button", { name: "Delete rule" })
    .click();
  await expect(toast(page, "Rule deleted successfully")).toBeVisible();
  await expect(amount).toHaveCount(0);
});

test("stacking and blocking settings are saved together on their own page", async ({ page }) => {
  await page.goto("/rules/settings");
  const pair = page.getByLabel("Buy X get Y code + Free shipping code");
  await pair.check();
  await page.getByLabel("Customer message").fill("One promotion per order, please.");
  await page.getByLabel("Staff override").uncheck();
  await saveBar(page).getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Stacking and blocking settings saved")).toBeVisible();
  await page.reload();
  await expect(pair).toBeChecked();
  await expect(page.getByLabel("Customer message")).toHaveValue("One promotion per order, please.");
  await expect(page.getByLabel("Staff override")).not.toBeChecked();
  // back as the demo store had them
  await pair.uncheck();
  await page.getByLabel("Staff override").check();
  await page
    .getByLabel("Customer message")
    .fill("This discount combination isn't allowed. Please contact support for assistance.");
  await saveBar(page).getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Stacking and blocking settings saved")).toBeVisible();
});

test("the Advanced Rules cards and the discount methods, in merchant words", async ({ page }) => {
  await page.goto("/rules");
  await expect(
    page.getByRole("region", { name: "Stacking Prevention", exact: true }).getByText("On every plan"),
  ).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Collection-Specific Rules" }).getByText("On every plan"),
  ).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Real-Time Checkout Blocking" }).getByText("Plus plan · coming soon"),
  ).toBeVisible();
  for (const [label, description] of [
    ["Amount off code", " · An amount or a percentage off products or the order, with a code"],
    ["Buy X get Y code", " · Buy X get Y, with a code"],
    ["Free shipping code", " · Free shipping, with a code"],
    ["Automatic amount off", " · An amount or a percentage off, applied without a code"],
  ]) {
    await expect(page.getByText(label, { exact: true })).toBeVisible();
    await expect(page.getByText(description, { exact: true })).toBeVisible();
  }
});

test("on Free at the 2-rule limit, Add Rule and the switches that are off are disabled, saying why", async ({
  page,
}) => {
  await page.goto("/pricing");
  await downgradeToFree(page);
  await expect(toast(page, "Plan Updated: Successfully downgraded to Free plan.")).toBeVisible();
  try {
    await page.goto("/rules");
    // The demo store has more than 2 active rules: the notice shows, and nothing may add a third.
    await expect(page.getByText("You've reached your 2-rule limit. Upgrade to Core for 10 rules.")).toBeVisible();
    await expect(page.getByText("2 active of your plan's 2")).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Page header" }).getByRole("button", { name: "Add Rule" }),
    ).toBeDisabled();
    await expect(page.getByRole("button", { name: "Add collection rule" })).toBeDisabled();
    // a switch that is off (paused ones show off) cannot go on, and says why; one that is on can go off
    const holiday = page.getByRole("region", { name: "Holiday 40% cap" });
    await expect(holiday.getByRole("checkbox", { name: "Active" })).toBeDisabled();
    await expect(holiday).toContainText("At your plan's limit of active rules");
    const switches = await page.getByRole("checkbox", { name: "Active" }).all();
    expect(switches.length).toBeGreaterThan(2);
    for (const box of switches) {
      if (await box.isChecked()) await expect(box).toBeEnabled();
      else await expect(box).toBeDisabled();
    }
    await screenshotsAt(page, "rules-free-limit");
    // the server still refuses a third active rule, whatever the page allows
    const refused = await page.request.post("/rules", {
      form: { intent: "toggle", id: "demo-rule-holiday", isActive: "true" },
    });
    expect(refused.status()).toBe(409);
    await page.reload();
    await expect(holiday.getByRole("checkbox", { name: "Active" })).not.toBeChecked();
  } finally {
    await page.goto("/pricing");
    await approveCoreAndResume(
      page,
      page.getByRole("region", { name: "Core", exact: true }).getByRole("button", { name: "Upgrade to Core" }),
    );
  }
});

test("the header's Add Rule has its icon, shown alone on a phone and named for screen readers", async ({ page }) => {
  await page.goto("/rules");
  const add = page.getByRole("region", { name: "Page header" }).getByRole("button", { name: "Add Rule" });
  await expect(add.locator("svg")).toBeVisible();
  await expect(add).toContainText("Add Rule");
  await page.setViewportSize({ width: 375, height: 900 });
  await expect(add).toHaveAccessibleName("Add Rule");
  await expect(add.locator("svg")).toBeVisible();
  await expect(add).not.toContainText("Add Rule");
  await add.click();
  // (at 375 px Playwright counts Polaris's dialog box itself as hidden: its heading shows it open)
  await expect(page.getByRole("heading", { name: "Add New Rule" })).toBeVisible();
});
