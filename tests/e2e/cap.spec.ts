import type { Page } from "@playwright/test";
import { expect, test, toast } from "./fixtures";
import { screenshotsAt } from "./screens-axe";

/**
 * The combined cap on the Code rules tab (docs/product.md#code-rules): the merchant
 * sets a cap and a backup code, previews a cart with a 30 % and a 5 % code, and sees which is kept.
 * The demo store knows the codes' values (SUMMER30 30 %, WELCOME5 5 %, TENOFF $10 off).
 */
const PAGE = "/rules/code-rules";
const main = (page: Page) => page.locator("main");
const saveBar = (page: Page) => page.locator(".Polaris-Frame-ContextualSaveBar");
const put = (page: Page, body: unknown) =>
  page.evaluate(
    (json) =>
      fetch("/api/config/code-rules", {
        method: "PUT",
        headers: { "Content-Type": "application/json" },
        body: json,
      }).then(async (response) => ({ status: response.status, body: await response.json() })),
    JSON.stringify(body),
  );

test("the cap keeps the 30 % code and turns the 5 % one away, naming the backup code", async ({ page }) => {
  await page.goto(PAGE);
  expect((await put(page, {})).status).toBe(200);
  await page.reload();
  const section = main(page);
  try {
    await section.getByLabel("Most off with codes together (%)").fill("30");
    await section.getByLabel("Backup code").fill("BACKUP10");
    // a $100 cart: one item at $100, the second removed
    await section.getByLabel("Item 1 price").fill("100.00");
    await section.getByRole("button", { name: "Remove last item" }).click();
    await section.getByLabel("Codes entered").fill("SUMMER30, WELCOME5");
    await expect(
      section.getByText(
        "WELCOME5 (5 % off): rejected, because together the codes would take 35 % of the $100.00 subtotal off, more than the 30 % cap",
      ),
    ).toBeVisible();
    await expect(section.getByText("SUMMER30 (30 % off): accepted")).toBeVisible();
    await expect(section.getByText("Kept", { exact: true })).toBeVisible();
    await expect(section.getByText("Turned away", { exact: true })).toBeVisible();
    await expect(
      section.getByText(
        `The customer sees: “This discount code can't be used with the items in your cart. Try BACKUP10 instead.”`,
      ),
    ).toBeVisible();
    // a fixed amount converts by the subtotal: $10 off $100 is 10 %, and with 30 % too much
    await section.getByLabel("Codes entered").fill("TENOFF, SUMMER30, MYSTERY");
    await expect(section.getByText("TENOFF ($10.00 off): rejected", { exact: false })).toBeVisible();
    await expect(section.getByText("MYSTERY: accepted")).toBeVisible();

    // a cap out of range names itself and nothing is saved
    await section.getByLabel("Most off with codes together (%)").fill("150");
    await saveBar(page).getByRole("button", { name: "Save" }).click();
    await expect(section.getByText("Must be a number from 1 to 100, or empty for no cap").first()).toBeVisible();

    await section.getByLabel("Most off with codes together (%)").fill("30");
    await saveBar(page).getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "Code rules saved")).toBeVisible();
    await page.reload();
    await expect(main(page).getByLabel("Most off with codes together (%)")).toHaveValue("30");
    await expect(main(page).getByLabel("Backup code")).toHaveValue("BACKUP10");

    await main(page).getByLabel("Item 1 price").fill("100.00");
    await main(page).getByRole("button", { name: "Remove last item" }).click();
    await main(page).getByLabel("Codes entered").fill("SUMMER30, WELCOME5");
    await expect(main(page).getByText("SUMMER30 (30 % off): accepted")).toBeVisible();
    await screenshotsAt(page, "code-rules-cap", [375, 1040]);
  } finally {
    expect((await put(page, {})).status).toBe(200);
  }
});
