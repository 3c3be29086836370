// The Audit Log's index filters (Polaris IndexFilters, docs/product.md#audit-log) as a merchant
// uses them: a filter's pill opens its choices; a chosen filter's pill names its choice.
import type { Page } from "@playwright/test";

export type AuditFilter = "Event type" | "Severity";

/** The filter's pill: "Severity" while unset, "Severity: Critical and above" once chosen. */
export function filterPill(page: Page, filter: AuditFilter) {
  return page.getByRole("button", { name: new RegExp(`^${filter}(:|$)`) });
}

/** Chooses `choice` ("Rule triggered", "Critical and above") in the filter, then closes its choices. */
export async function chooseAuditFilter(page: Page, filter: AuditFilter, choice: string) {
  await filterPill(page, filter).click();
  // the choice's label (Polaris draws its own radio over the input)
  await page.locator(".Polaris-Popover").getByText(choice, { exact: true }).click();
  await page.keyboard.press("Escape");
}

/** Clears the filter from its choices ('Clear' in its popover). */
export async function clearAuditFilter(page: Page, filter: AuditFilter) {
  await filterPill(page, filter).click();
  await page.locator(".Polaris-Popover").getByRole("button", { name: "Clear", exact: true }).click();
  await page.keyboard.press("Escape");
}
