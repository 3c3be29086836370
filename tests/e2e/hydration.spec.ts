import { clickUntil, expect, test } from "./fixtures";

// A merchant on a slow device clicks as soon as a button shows, and again if nothing happened.
// When the Add Rule dialog mounted before the streamed rule list had hydrated, React threw the
// list's server HTML away (error #421) and, as the list's data was read again while recovering,
// could give up altogether ("Root did not complete", #345): the page stopped responding. The CPU
// is slowed four times to widen that moment; before the fix, each of three runs of six loads broke.
// Since the page holds input events until it has hydrated (docs/architecture.md#before-hydration),
// an early click does nothing and the next one opens the dialog: each load may take a retry.
test("clicks while the page loads never break it, and Add Rule opens its dialog", async ({ page }) => {
  test.setTimeout(120_000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  for (let load = 0; load < 6; load++) {
    await page.goto("/rules", { waitUntil: "commit" });
    const addRule = page.getByRole("region", { name: "Page header" }).getByRole("button", { name: "Add Rule" });
    const dialog = page.getByRole("dialog", { name: "Add New Rule" });
    await clickUntil(addRule, () => expect(dialog).toBeVisible({ timeout: 2000 }));
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Cap discounts at $50" })).toBeVisible();
  }
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
});
