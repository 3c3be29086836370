// The leaked-code detector on the merchant's path (docs/product.md#leaked-codes): from the sidebar
// to /codes, see the demo's VIP500 flagged "Probably leaked" with the signals that fired in words,
// deactivate it in Shopify (the demo's stand-in) and undo it, each in the Audit Log; a bad audience
// size is refused naming the field; screenshots at 375 and 1040 px.
import { expect, sidebar, test } from "./fixtures";
import { axeViolations, screenshotsAt } from "./screens-axe";

test("a merchant sees the leaked demo code with its signals, deactivates it and undoes it", async ({ page }) => {
  await page.goto("/dashboard");
  await sidebar(page).getByRole("link", { name: "Discount codes", exact: true }).click();
  await expect(page).toHaveURL(/\/codes$/);
  await expect(page.getByRole("heading", { level: 1, name: "Discount codes" })).toBeVisible();
  await expect(page.getByText(/A code is flagged “probably leaked” when a rule you can read fires/)).toBeVisible();

  const card = page.getByRole("region", { name: "Code VIP500" });
  await expect(card.getByText("Probably leaked")).toBeVisible();
  await expect(card.getByRole("heading", { level: 3, name: "Signals that fired" })).toBeVisible();
  await expect(card.getByText(/^velocity spike: 36 uses in the last hour \(limit 10\)$/)).toBeVisible();
  await expect(
    card.getByText(/^segment breach: \d+ % of orders from outside the segment \(limit 20 %\)$/),
  ).toBeVisible();
  await expect(card.getByText("country spread: shipped to 9 countries (limit 5)")).toBeVisible();
  await expect(card.getByLabel("Audience size")).toHaveValue("500");
  await expect(card.getByLabel("Segment: customer tags")).toHaveValue("vip");
  expect(await axeViolations(page)).toEqual([]);
  await screenshotsAt(page, "codes", [375, 1040]);

  // a bad audience size is refused, naming the field, and nothing is saved
  await card.getByLabel("Audience size").fill("-3");
  await card.getByRole("button", { name: "Save settings" }).click();
  await expect(card.getByText("a whole number from 1 to 10,000,000, or null")).toBeVisible();
  await page.reload();
  await expect(card.getByLabel("Audience size")).toHaveValue("500");

  // one click deactivates the code in Shopify, and one undoes it
  await card.getByRole("button", { name: "Deactivate in Shopify" }).click();
  await expect(page.getByText("VIP500 deactivated")).toBeVisible();
  await expect(card.getByText("Deactivated in Shopify")).toBeVisible();
  await screenshotsAt(page, "codes-deactivated", [375, 1040]);
  await card.getByRole("button", { name: "Reactivate" }).click();
  await expect(page.getByText("VIP500 reactivated")).toBeVisible();
  await expect(card.getByText("Deactivated in Shopify")).toHaveCount(0);
  await expect(card.getByRole("button", { name: "Deactivate in Shopify" })).toBeVisible();

  // the flag and both clicks are in the Audit Log
  await page.goto("/audit-log?q=vip500");
  await expect(page.getByText(/Code VIP500 probably leaked: velocity spike: 36 uses/).first()).toBeVisible();
  await expect(page.getByText(/deactivated the code VIP500 in Shopify/).first()).toBeVisible();
  await expect(page.getByText(/reactivated the code VIP500 in Shopify/).first()).toBeVisible();
});
