import type { Page } from "@playwright/test";
import { approveCoreAndResume, downgradeToFree, expect, test, toast } from "./fixtures";
import { axeViolations, screenshot, screenshotsAt } from "./screens-axe";

/**
 * The Code rules page (docs/product.md#code-rules):
 * its own page in the Rules area, one save bar, products and collections chosen with a picker.
 */
const PAGE = "/rules/code-rules";
const main = (page: Page) => page.locator("main");
const saveBar = (page: Page) => page.locator(".Polaris-Frame-ContextualSaveBar");
const pickerField = (page: Page, label: string) => main(page).getByRole("group", { name: label, exact: true });
const dialog = (page: Page) => page.getByRole("dialog");

const PRODUCT = (id: number) => `gid://shopify/Product/${id}`;
const SUMMER_SALE = "gid://shopify/Collection/424242";

/** The stored settings, as the API gives them. */
const stored = (page: Page) =>
  page.evaluate(() =>
    fetch("/api/config/code-rules").then(
      (response) => response.json() as Promise<{ settings: Record<string, unknown> }>,
    ),
  );
/** Writes the settings through the API: its status and answer. */
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

/** The shared demo store goes back to no code rules. */
async function reset(page: Page) {
  expect((await put(page, {})).status).toBe(200);
}

/** Ticks `titles` in the open stand-in picker, searching for each first, then Select. */
async function pick(page: Page, titles: string[]) {
  const picker = dialog(page);
  for (const title of titles) {
    await picker.getByRole("textbox").fill(title.slice(0, 4));
    await picker.getByRole("checkbox", { name: title }).check();
  }
  await picker.getByRole("button", { name: "Select", exact: true }).click();
  await expect(picker).toHaveCount(0);
}

test("the Rules tabs lead to the code rules' own page, server-rendered", async ({ page }) => {
  await page.goto("/rules");
  await page.getByRole("tab", { name: "Code rules" }).click();
  await expect(page).toHaveURL(/\/rules\/code-rules$/);
  await expect(page.getByRole("heading", { level: 1, name: "Code rules" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Code rules" })).toHaveAttribute("aria-selected", "true");
  await expect(
    main(page).getByText("Turn discount codes away as customers enter them at checkout, with your message"),
  ).toBeVisible();
  // no Save of its own: the page's save bar saves, and it is closed while nothing changed
  await expect(main(page).getByRole("button", { name: "Save code rules" })).toHaveCount(0);
  await expect(saveBar(page)).toHaveCount(0);

  // the form is in the server's HTML: nothing appears after hydration to push the page down
  const html = await (await page.request.get(PAGE)).text();
  expect(html).toContain("Protected products");
  expect(html).toContain("Choose products");
  expect(html).toContain("Protected collections");
});

test("protected products and collections: picked by title, saved with the bar, shown again after reload, discarded", async ({
  page,
}) => {
  await page.goto(PAGE);
  try {
    await expect(pickerField(page, "Protected products")).toContainText("None chosen");

    // the stand-in picker lists the demo store's products, searchable
    await pickerField(page, "Protected products").getByRole("button", { name: "Choose products" }).click();
    await expect(dialog(page).getByRole("heading", { name: "Select products" })).toBeVisible();
    await dialog(page).getByRole("textbox").fill("zzz");
    await expect(dialog(page).getByText('No products match "zzz".')).toBeVisible();
    await pick(page, ["Linen shirt", "Denim jacket"]);
    await expect(pickerField(page, "Protected products").getByText("Linen shirt")).toBeVisible();
    await expect(pickerField(page, "Protected products").getByText("Denim jacket")).toBeVisible();

    await pickerField(page, "Protected collections").getByRole("button", { name: "Choose collections" }).click();
    await pick(page, ["Summer Sale"]);
    await expect(pickerField(page, "Protected collections").getByText("Summer Sale")).toBeVisible();

    // one save bar for the form
    await expect(saveBar(page)).toContainText("Unsaved changes");
    await saveBar(page).getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "Code rules saved")).toBeVisible();
    await expect(saveBar(page)).toHaveCount(0);
    const saved = await stored(page);
    expect(saved.settings.protectedProductIds).toEqual([PRODUCT(8001), PRODUCT(8002)]);
    expect(saved.settings.protectedCollectionIds).toEqual([SUMMER_SALE]);

    // after a reload the ids are titles again, asked of the demo store's stand-in of Shopify
    await page.reload();
    const products = pickerField(page, "Protected products");
    await expect(products.getByRole("button", { name: "Remove Linen shirt" })).toBeVisible();
    await expect(products.getByRole("button", { name: "Remove Denim jacket" })).toBeVisible();
    await expect(
      pickerField(page, "Protected collections").getByRole("button", { name: "Remove Summer Sale" }),
    ).toBeVisible();

    // the preview decides with them: a cart holding the linen shirt takes no code
    await main(page).getByRole("button", { name: "Choose item 1 product" }).click();
    // a merchant clicks the product's name (Polaris draws the radio button over its input)
    await dialog(page).getByText("Linen shirt", { exact: true }).click();
    await expect(dialog(page).getByRole("radio", { name: "Linen shirt" })).toBeChecked();
    await dialog(page).getByRole("button", { name: "Select", exact: true }).click();
    await expect(main(page).getByText("SAVE20: rejected, because Linen shirt is a protected product")).toBeVisible();

    // removing a tag is a change; Discard brings it back and saves nothing
    await products.getByRole("button", { name: "Remove Denim jacket" }).click();
    await expect(products.getByText("Denim jacket")).toHaveCount(0);
    await expect(saveBar(page)).toContainText("Unsaved changes");
    await saveBar(page).getByRole("button", { name: "Discard" }).click();
    await expect(products.getByRole("button", { name: "Remove Denim jacket" })).toBeVisible();
    await expect(saveBar(page)).toHaveCount(0);
    expect((await stored(page)).settings.protectedProductIds).toEqual([PRODUCT(8001), PRODUCT(8002)]);
  } finally {
    await reset(page);
  }
});

test("a deleted product shows as such, and an id that is no product's is refused, changing nothing", async ({
  page,
}) => {
  await page.goto(PAGE);
  try {
    expect((await put(page, { protectedProductIds: [PRODUCT(8003), PRODUCT(999_999)] })).status).toBe(200);
    // a collection's id as a product: refused with the reason, the stored settings as they were
    const refused = await put(page, { protectedProductIds: [SUMMER_SALE] });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(
      `\\"gid://shopify/Collection/424242\\" is not a product id (a number, or gid://shopify/Product/…)`,
    );
    expect((await stored(page)).settings.protectedProductIds).toEqual([PRODUCT(8003), PRODUCT(999_999)]);

    await page.reload();
    const products = pickerField(page, "Protected products");
    await expect(products.getByRole("button", { name: "Remove Canvas sneakers" })).toBeVisible();
    // not dropped silently: the merchant sees it and may remove it
    await expect(products.getByRole("button", { name: "Remove Deleted product" })).toBeVisible();
  } finally {
    await reset(page);
  }
});

test("code rules: the preview follows the settings as they are typed, and the save bar keeps them", async ({
  page,
}) => {
  await page.goto(PAGE);
  const section = main(page);
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
    await saveBar(page).getByRole("button", { name: "Save" }).click();
    await expect(section.getByText("Write a pair as two codes: WELCOME10 + VIP25").first()).toBeVisible();
    expect((await stored(page)).settings.maxCodes).toBeNull();

    await section.getByLabel("Codes that can't be combined").fill("SAVE20 + VIP25");
    await section.getByLabel("Message for rejected codes").fill("One code per order, and none on sale items.");
    await saveBar(page).getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "Code rules saved")).toBeVisible();
    // saving put them at checkout: the app discount was created in the demo's stand-in of Shopify
    await expect(
      section.getByText(
        `Live at checkout: the app discount "Margin Guardrail: code rules" runs these rules (in the demo store's stand-in of Shopify).`,
      ),
    ).toBeVisible();

    await page.reload();
    const again = main(page);
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
    await reset(page);
  }
});

test("new accounts and big codes: set in the form, the preview says when a code is turned away, saved with the bar", async ({
  page,
}) => {
  await page.goto(PAGE);
  const section = main(page);
  const before = (await stored(page)).settings;
  try {
    await section.getByLabel("Codes worth more than (%)").fill("20");
    await section.getByLabel("Only for accounts at least (days old)").fill("30");
    // the demo store lets guests through; held to the rule, as by default
    await section.getByLabel("Guest checkouts (no account)").selectOption("new");
    await section.getByLabel("Codes entered").fill("SUMMER30, WELCOME5");
    // no tags and no account age: a guest
    await expect(
      section.getByText(
        "SUMMER30 (30 % off): rejected, because codes worth more than 20 % are only for accounts at least 30 days old, and a guest checkout has no account",
      ),
    ).toBeVisible();
    await expect(section.getByText("WELCOME5 (5 % off): accepted")).toBeVisible();
    // a day short of the rule's days, then exactly them
    await section.getByLabel("Customer's account age (days)").fill("29");
    await expect(
      section.getByText(
        "SUMMER30 (30 % off): rejected, because codes worth more than 20 % are only for accounts at least 30 days old; this account is 29 days old",
      ),
    ).toBeVisible();
    await screenshotsAt(page, "code-rules-new-accounts");
    await section.getByLabel("Customer's account age (days)").fill("30");
    await expect(section.getByText("SUMMER30 (30 % off): accepted")).toBeVisible();
    // guests let through, as the merchant may choose
    await section.getByLabel("Customer's account age (days)").fill("");
    await section.getByLabel("Guest checkouts (no account)").selectOption("allow");
    await expect(section.getByText("SUMMER30 (30 % off): accepted")).toBeVisible();

    // the days without the share: refused on the share's field, nothing saved
    await section.getByLabel("Codes worth more than (%)").fill("");
    await saveBar(page).getByRole("button", { name: "Save" }).click();
    await expect(
      section.getByText("Set the share too, or clear the days: the new-account rule needs both"),
    ).toBeVisible();
    expect((await stored(page)).settings).toEqual(before);

    await section.getByLabel("Codes worth more than (%)").fill("20");
    await saveBar(page).getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "Code rules saved")).toBeVisible();
    expect((await stored(page)).settings).toMatchObject({
      newAccountDays: 30,
      newAccountMaxPercent: 20,
      newAccountGuests: "allow",
    });
    await page.reload();
    await expect(main(page).getByLabel("Codes worth more than (%)")).toHaveValue("20");
    await expect(main(page).getByLabel("Only for accounts at least (days old)")).toHaveValue("30");
    await expect(main(page).getByLabel("Guest checkouts (no account)")).toHaveValue("allow");
  } finally {
    await reset(page);
  }
});

test("each list says its limit, and rules past what Shopify passes a Function are refused on the field", async ({
  page,
}) => {
  await page.goto(PAGE);
  const section = main(page);
  await expect(section.getByText("Up to 50 products.")).toBeVisible();
  await expect(section.getByText("Up to 50 collections.")).toBeVisible();
  await expect(section.getByText("up to 50 pairs", { exact: false })).toBeVisible();
  await section.getByLabel("Who may use codes").selectOption("only");
  await expect(section.getByText("up to 20 tags", { exact: false })).toBeVisible();
  await section.getByLabel("Who may use codes").selectOption("anyone");

  // 50 pairs of two 120-character codes: within the count, over Shopify's 10,000 bytes
  const long = (letter: string, i: number) => `${letter}${i}`.padEnd(120, "X");
  const pairs = Array.from({ length: 50 }, (_, i) => `${long("A", i)} + ${long("B", i)}`).join("\n");
  try {
    await section.getByLabel("Codes that can't be combined").fill(pairs);
    await saveBar(page).getByRole("button", { name: "Save" }).click();
    await expect(
      section.getByText(/These code rules would take [\d,]+ bytes; Shopify gives a Function at most 10,000 bytes/),
    ).toBeVisible();
    expect((await stored(page)).settings.forbiddenPairs).toEqual([]);
  } finally {
    await reset(page);
  }
});

test("the Code rules page and its picker at the admin's widths: no sideways scroll, axe clean", async ({ page }) => {
  await page.goto(PAGE);
  try {
    expect((await put(page, { protectedProductIds: [PRODUCT(8001), PRODUCT(8006)] })).status).toBe(200);
    await page.reload();
    for (const width of [375, 800, 1040]) {
      await page.setViewportSize({ width, height: 900 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
    }
    expect(await axeViolations(page)).toEqual([]);
    await screenshotsAt(page, "code-rules");

    await pickerField(page, "Protected products").getByRole("button", { name: "Choose products" }).click();
    await expect(dialog(page).getByRole("checkbox", { name: "Linen shirt" })).toBeChecked();
    expect(await axeViolations(page)).toEqual([]);
    for (const width of [375, 800, 1040]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(page, { path: `tests/.tmp/screens/code-rules-picker-${width}.png` });
    }
    await dialog(page).getByRole("button", { name: "Cancel" }).click();
    await expect(dialog(page)).toHaveCount(0);
    // Cancel changed nothing
    await expect(saveBar(page)).toHaveCount(0);
  } finally {
    await reset(page);
  }
});

test("on Free, the page offers Core instead of the settings", async ({ page }) => {
  await page.goto("/pricing");
  await downgradeToFree(page);
  await expect(toast(page, "Plan Updated: Successfully downgraded to Free plan.")).toBeVisible();
  try {
    await page.goto(PAGE);
    await expect(
      main(page).getByText("Code rules come with the Core plan. Upgrade to turn codes away at checkout."),
    ).toBeVisible();
    await expect(main(page).getByRole("button", { name: "Choose products" })).toHaveCount(0);
    await expect(saveBar(page)).toHaveCount(0);
  } finally {
    await page.goto("/pricing");
    await approveCoreAndResume(
      page,
      page.getByRole("region", { name: "Core", exact: true }).getByRole("button", { name: "Upgrade to Core" }),
    );
  }
});
