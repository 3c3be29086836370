import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** axe's violations on the page as "rule: targets" lines, so a failing test names them. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.impact ?? "?"} ${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
}

/** Screenshots of the screen at the admin's widths, into tests/.tmp/screens/ (issue 32's review). */
export async function screenshotsAt(page: Page, name: string, widths = [375, 800, 1040]) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `tests/.tmp/screens/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}
