import type { Page } from "@playwright/test";
import { expect, test, toast } from "./fixtures";

/** The Rules page, where the Code rules section's labels and texts are its own. */
const codeRules = (page: Page) => page.locator("main");

test("code rules: the preview follows the settings as they are typed, and Save keeps them", async ({ page }) => {
  await page.goto("/rules");
  const section = codeRules(page);
  await expect(section.getByText("Turn discount codes away as customers enter them at checkout")).toBeVisible();
  // nothing is on yet: the sample cart's codes go through
  await expect(section.getByText("This cart, these codes: all 2 accepted.")).toBeVisible();
  await expect(section.getByText("SAVE20: accepted")).toBeVisible();

  try {
    await section.getByLabel("No codes on items already on sale").check();
    await expect(
      section.getByText(
        `This cart, these codes: 2 of 2 rejected, with the message "This discount code can't be used with the items in your cart."`,
      ),
    ).toBeVisible();
    await expect(
      section.getByText("SAVE20: rejected, because Wool scarf is already on sale ($30.00, was $45.00)"),
    ).toBeVisible();

    // the scarf at full price: only the limit of one code is left to turn VIP25 away
    await section.getByLabel("Item 2 compare-at price").fill("");
    await section.getByLabel("Most codes together").fill("1");
    await expect(section.getByText("VIP25: rejected, because only 1 code can be used together")).toBeVisible();
    await expect(section.getByText("SAVE20: accepted")).toBeVisible();

    // a pair written wrong names itself, and nothing is saved
    await section.getByLabel("Codes that can't be combined").fill("ONLYONE");
    await section.getByRole("button", { name: "Save code rules" }).click();
    await expect(section.getByText("Write a pair as two codes: WELCOME10 + VIP25").first()).toBeVisible();
    const stored = await page.evaluate(() => fetch("/api/config/code-rules").then((response) => response.json()));
    expect(stored.rules.maxCodes).toBeNull();

    await section.getByLabel("Codes that can't be combined").fill("SAVE20 + VIP25");
    await section.getByLabel("Message for rejected codes").fill("One code per order, and none on sale items.");
    await section.getByRole("button", { name: "Save code rules" }).click();
    await expect(toast(page, "Code rules saved")).toBeVisible();
    // saving put them at checkout: the app discount was created in the demo's stand-in of Shopify
    await expect(
      section.getByText(
        `Live at checkout: the app discount "Margin Guardrail: code rules" runs these rules (in the demo store's stand-in of Shopify).`,
      ),
    ).toBeVisible();

    await page.reload();
    const again = codeRules(page);
    await expect(again.getByLabel("No codes on items already on sale")).toBeChecked();
    await expect(again.getByLabel("Most codes together")).toHaveValue("1");
    await expect(again.getByLabel("Codes that can't be combined")).toHaveValue("SAVE20 + VIP25");
    await expect(again.getByLabel("Message for rejected codes")).toHaveValue(
      "One code per order, and none on sale items.",
    );
    await expect(
      again.getByText(
        `This cart, these codes: 2 of 2 rejected, with the message "One code per order, and none on sale items."`,
      ),
    ).toBeVisible();
  } finally {
    // the shared demo store goes back to no code rules
    const status = await page.evaluate(() =>
      fetch("/api/config/code-rules", {
        method: "PUT",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({}),
      }).then((response) => response.status),
    );
    expect(status).toBe(200);
  }
});
