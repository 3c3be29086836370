// One page of the page matrix (docs/testing.md#browser-tests): its status, its layout's
// stability at 4× CPU throttle, at every width no sideways scroll (and a screenshot when wanted),
// axe's 0 violations at the widths asked; its paint times go to the run's report.
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { checkAtWidth, collectConsoleErrors, expectVitals, loadThrottled, recordVisit } from "./checks";
import type { MatrixPage } from "./pages";

export async function checkPage(
  page: Page,
  target: MatrixPage,
  name: string,
  widths: readonly number[],
  vitalsWidth: number,
  axeWidths: readonly number[] = widths,
  base = "",
) {
  test.setTimeout(90_000);
  const errors = collectConsoleErrors(page);
  const { status, vitals, cold } = await loadThrottled(page, base + target.path, vitalsWidth);
  if (target.pending && status === 404) {
    test.info().annotations.push({ type: "pending page", description: `${target.path} answers 404: not built yet` });
    test.skip(true, `${target.path} answers 404 (being built)`);
  }
  expect(status, `${name}: HTTP status`).toBe(target.status ?? 200);
  recordVisit({ name, firstLcp: cold.lcp, lcp: vitals.lcp, cls: vitals.cls });
  expectVitals(vitals, `${name} at ${vitalsWidth} px, CPU 4× slower`);
  for (const width of widths) await checkAtWidth(page, name, width, axeWidths.includes(width));
  // The 404 page answers 404 on purpose, which Chromium logs as a failed load of the document
  // itself: that one line, for that page's own URL, is expected, nothing else.
  const unexpected = errors.filter(
    (line) => !(target.status === 404 && line.includes("status of 404") && line.includes(target.path)),
  );
  expect.soft(unexpected, `${name}: console errors`).toEqual([]);
}
