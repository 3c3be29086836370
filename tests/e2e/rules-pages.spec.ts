// The Rules area in pages (docs/product.md#rules): the
// rule list rendered on the server, tabs between the pages, the stacking and blocking settings as
// one form with one unsaved-changes bar, and no layout shift on any of them with the CPU slowed
// four times. A shop without rules, from its empty state to its first rule: journeys.spec.ts.
import type { Page } from "@playwright/test";
import { screenshotsAt } from "./screens-axe";
import { expect, sidebar, test, toast } from "./fixtures";

/** A rule of the demo store (app/demo/seed.server.ts). */
const SEEDED_RULE = "Cap discounts at $50";
const PAIR = "Buy X get Y code + Free shipping code";

/** The unsaved-changes bar outside Shopify's admin: Polaris's contextual save bar. */
function saveBar(page: Page) {
  return page.locator(".Polaris-Frame-ContextualSaveBar");
}

test("/rules is rendered on the server: the list is in the page's HTML, no 'Loading rules...'", async ({ page }) => {
  const html = await (await page.request.get("/rules")).text();
  expect(html).toContain(SEEDED_RULE);
  expect(html).not.toContain("Loading rules");
  // a stacking rule says what it checks, not "$0.00"
  await page.goto("/rules");
  await expect(page.getByText("Loading rules")).toHaveCount(0);
  const stacking = page.getByRole("region", { name: "One promotion per order", exact: true });
  await expect(stacking).toContainText("Stacking Prevention · 2 or more discounts on one order");
  await expect(page.getByText(/Stacking Prevention · \$0\.00/)).toHaveCount(0);
  // merchant words for the kinds, never GraphQL type names
  await expect(page.getByText("Amount off code", { exact: true })).toBeVisible();
  await expect(page.getByText(/Discount(Code|Automatic)[A-Z]/)).toHaveCount(0);
  // code rules and the settings have pages of their own
  await expect(page.getByRole("button", { name: "Save code rules" })).toHaveCount(0);
  await expect(page.getByLabel("Customer message")).toHaveCount(0);
});

test("every rule row is laid out alike, whatever its type, at 375, 800 and 1040 px", async ({ page }) => {
  await page.goto("/rules");
  const rows = page.locator(".mg-rule-row");
  // the demo's rules: percent, amount, margin floor, stacking, testing, scheduled and collection rules
  expect(await rows.count()).toBeGreaterThanOrEqual(5);
  // each row's type badge and value read as one line
  await expect(page.getByRole("region", { name: "Cap discounts at $50", exact: true })).toContainText(
    "Maximum Discount ($) · $50.00",
  );
  for (const width of [375, 800, 1040]) {
    await page.setViewportSize({ width, height: 900 });
    // where each part of a row starts and ends, from the row's left edge
    const places = await rows.evaluateAll((sections) =>
      sections.map((row) => {
        const left = row.getBoundingClientRect().left;
        const at = (selector: string) => {
          const box = row.querySelector(selector)!.getBoundingClientRect();
          return `${Math.round(box.left - left)}..${Math.round(box.right - left)}`;
        };
        const start = (selector: string) =>
          Math.round(row.querySelector(selector)!.getBoundingClientRect().left - left);
        return {
          name: start(".mg-rule-name h4"),
          typeBadge: start(".mg-rule-body .Polaris-Badge"),
          // the status badge's column: its right edge (the badge sits at its end on a phone)
          status: Math.round(row.querySelector(".mg-rule-status")!.getBoundingClientRect().right - left),
          active: start('.mg-rule-controls input[type="checkbox"]'),
          edit: at('.mg-rule-controls button[aria-label^="Edit "]'),
          remove: at('.mg-rule-controls button[aria-label^="Delete "]'),
        };
      }),
    );
    for (const part of ["name", "typeBadge", "status", "active", "edit", "remove"] as const) {
      expect(new Set(places.map((place) => place[part])), `${part} at ${width} px`).toHaveProperty("size", 1);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  await screenshotsAt(page, "rules-rows");
});

test("the tabs lead to each Rules page, and the sidebar keeps Rules selected", async ({ page }) => {
  await page.goto("/rules?shop=margin-guardrail-demo.myshopify.com&host=YWRtaW4");
  const rulesLink = sidebar(page).getByRole("link", { name: "Rules", exact: true });
  await expect(rulesLink).toHaveClass(/Polaris-Navigation__Item--selected/);
  await expect(page.getByRole("tab", { name: "Rules", exact: true })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("tab", { name: "Stacking & blocking" }).click();
  // the tabs keep the embedded query, as every internal link does
  await expect(page).toHaveURL(/\/rules\/settings\?shop=margin-guardrail-demo\.myshopify\.com&host=YWRtaW4$/);
  await expect(page.getByRole("tab", { name: "Stacking & blocking" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("heading", { name: "Stacking", exact: true })).toBeVisible();
  await expect(rulesLink).toHaveClass(/Polaris-Navigation__Item--selected/);
  await expect(page.getByRole("tab", { name: "Code rules" })).toHaveAttribute(
    "href",
    "/rules/code-rules?shop=margin-guardrail-demo.myshopify.com&host=YWRtaW4",
  );
  await page.getByRole("tab", { name: "Rules", exact: true }).click();
  await expect(page).toHaveURL(/\/rules\?shop=/);
  await expect(page.getByRole("region", { name: SEEDED_RULE, exact: true })).toBeVisible();
});

test("stacking and blocking: one form, one save bar; Save keeps the change, Discard restores", async ({ page }) => {
  await page.goto("/rules/settings");
  const pair = page.getByLabel(PAIR);
  await expect(pair).not.toBeChecked();
  // no Save button on the page: the save bar is the only save, and only once something changed
  await expect(page.getByRole("button", { name: /^Save/ })).toHaveCount(0);
  await expect(saveBar(page)).toHaveCount(0);
  await pair.check();
  await expect(saveBar(page)).toContainText("Unsaved changes");
  await saveBar(page).getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Stacking and blocking settings saved")).toBeVisible();
  await expect(saveBar(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel(PAIR)).toBeChecked();

  // Discard puts back what was saved, and the bar goes
  const message = page.getByLabel("Customer message");
  const saved = await message.inputValue();
  await message.fill("Changed my mind");
  await page.getByLabel(PAIR).uncheck();
  await expect(saveBar(page)).toBeVisible();
  await saveBar(page).getByRole("button", { name: "Discard" }).click();
  await expect(message).toHaveValue(saved);
  await expect(page.getByLabel(PAIR)).toBeChecked();
  await expect(saveBar(page)).toHaveCount(0);

  // a refused field saves nothing, says why on the field (the form checks it with the action's
  // schema before posting), and the bar stays
  await message.fill("");
  await page.getByLabel(PAIR).uncheck();
  await saveBar(page).getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Customer message is required")).toBeVisible();
  await expect(saveBar(page)).toBeVisible();
  await saveBar(page).getByRole("button", { name: "Discard" }).click();
  await expect(page.getByText("Customer message is required")).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel(PAIR)).toBeChecked();
  await expect(page.getByLabel("Customer message")).toHaveValue(saved);

  // the shared demo store goes back to no blocked pair
  await page.getByLabel(PAIR).uncheck();
  await saveBar(page).getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Stacking and blocking settings saved")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(PAIR)).not.toBeChecked();
});

test("the Advanced Rules cards say what works today and name the plan of what does not", async ({ page }) => {
  await page.goto("/rules");
  await expect(page.getByText("Coming Soon to Plus Plan")).toHaveCount(0);
  for (const title of ["Stacking Prevention", "Collection-Specific Rules"]) {
    const card = page.getByRole("region", { name: title, exact: true });
    await expect(card.getByText("On every plan")).toBeVisible();
    await expect(card.getByText(/coming soon/i)).toHaveCount(0);
  }
  // checkout blocking is Plus's, and Plus is not on sale in the demo store
  const blocking = page.getByRole("region", { name: "Real-Time Checkout Blocking" });
  await expect(blocking.getByText("Plus plan · coming soon")).toBeVisible();
  await page
    .getByRole("region", { name: "Stacking Prevention", exact: true })
    .getByRole("link", { name: "Choose blocked combinations" })
    .click();
  await expect(page).toHaveURL(/\/rules\/settings$/);
  await expect(page.getByText("Checkout blocking runs on the Plus plan.", { exact: false })).toBeVisible();
});

/** The page's cumulative layout shift, from a PerformanceObserver, with the CPU slowed four times. */
async function layoutShiftOf(page: Page, path: string, width: number): Promise<number> {
  await page.setViewportSize({ width, height: 900 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  try {
    await page.goto(path);
    // what moves after hydration (effects, measured tabs, late images) has a moment to move
    await page.waitForTimeout(1_500);
    return await page.evaluate(() => (window as unknown as { __layoutShift: number }).__layoutShift);
  } finally {
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    await cdp.detach();
  }
}

// At 1040 px the page matrix checks these pages' layout shift in each of its shop states
// (tests/e2e/page-matrix/admin.ts); here the narrow widths, where the layout differs.
test("no page of the Rules area shifts its layout at 375 and 800 px", async ({ page }) => {
  test.setTimeout(180_000);
  await page.addInitScript(() => {
    const shifts = window as unknown as { __layoutShift: number };
    shifts.__layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) shifts.__layoutShift += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  const measured: string[] = [];
  for (const path of ["/rules", "/rules/code-rules", "/rules/settings"]) {
    for (const width of [375, 800]) {
      const shift = await layoutShiftOf(page, path, width);
      measured.push(`${path} at ${width}px: ${shift.toFixed(3)}`);
      // BFS asks for less than 0.1, we hold it under 0.05 (the old 'Loading rules...' made 0.21)
      expect(shift, `${path} at ${width}px`).toBeLessThan(0.05);
    }
  }
  console.log(measured.join("\n"));
});
