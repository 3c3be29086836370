import fs from "node:fs";
import path from "node:path";
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

/** Screenshots are for a person to look at: the whole matrix (npm run test:full) takes them, or E2E_SCREENSHOTS=1. */
export const SCREENSHOTS = process.env.MATRIX === "full" || Boolean(process.env.E2E_SCREENSHOTS);

/**
 * Screenshots of the screen at the admin's widths, into tests/.tmp/screens/, for a person to look
 * at: taken by npm run test:full or with E2E_SCREENSHOTS=1, not by npm test, where nobody does.
 */
export async function screenshotsAt(page: Page, name: string, widths = [375, 800, 1040]) {
  for (const width of SCREENSHOTS ? widths : []) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `tests/.tmp/screens/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** A screenshot for a person to look at, taken only when screenshots are wanted (SCREENSHOTS). */
export async function screenshot(page: Page, options: Parameters<Page["screenshot"]>[0] & { path: string }) {
  if (!SCREENSHOTS) return;
  fs.mkdirSync(path.dirname(options.path), { recursive: true });
  await page.screenshot(options);
}
