// What the page matrix measures on each page (docs/testing.md#browser-tests): CLS at 4× CPU
// throttle, horizontal scroll, axe, console errors and a screenshot, checked; LCP, measured and
// written to the run's report (tests/.tmp/reports/page-vitals.md), never a pass or fail: how fast
// a page paints on this machine is the machine's answer as much as the page's.
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { expect } from "../fixtures";
import { axeViolations, SCREENSHOTS } from "../screens-axe";

export const CLS_LIMIT = 0.05;
/** What the report holds each page's LCP against: the issue's 1.5 s, and Built for Shopify's 2.5 s at p75. */
export const LCP_TARGET_MS = 1_500;
export const LCP_P75_TARGET_MS = 2_500;
export const CPU_THROTTLE = 4;
/** The whole matrix (npm run test:full): every shop state, and three cached visits a page, not one. */
export const FULL_MATRIX = process.env.MATRIX === "full";
/** How many cached visits are measured after the first; the median one is reported. */
export const MEASURED_VISITS = FULL_MATRIX ? 3 : 1;
/**
 * Each page's visits are written here as JSON lines, one file per run (playwright.config.ts names
 * the run), so the global teardown can report them together, whichever worker measured them.
 */
export const VISITS_FILE = `tests/.tmp/page-matrix-visits-${process.env.E2E_RUN_ID ?? "local"}.jsonl`;

export interface MeasuredVisit {
  name: string;
  /** LCP of the first visit, nothing cached, and of the cached visit reported */
  firstLcp: number | null;
  lcp: number | null;
  cls: number;
}

export function recordVisit(visit: MeasuredVisit) {
  fs.mkdirSync("tests/.tmp", { recursive: true });
  fs.appendFileSync(VISITS_FILE, `${JSON.stringify(visit)}\n`);
}

export function measuredVisits(file = VISITS_FILE): MeasuredVisit[] {
  if (!fs.existsSync(file)) return [];
  const lines = fs.readFileSync(file, "utf8").split("\n").filter(Boolean);
  return lines.map((line) => JSON.parse(line) as MeasuredVisit);
}

/** Where every page's screenshots go (git-ignored): <page>-<state>-<width>.png */
export const SCREENS_DIR = "tests/.screens";

/** Viewport height of every width (the admin's frame on a laptop). */
const HEIGHT = 900;

declare global {
  interface Window {
    __matrixVitals?: {
      cls: number;
      lcp: number | null;
      lcpElement: string;
      shifts: { value: number; nodes: string[] }[];
    };
  }
}

/**
 * Runs before the page's own scripts: PerformanceObservers (buffered, so nothing before them is
 * lost) for layout shifts without recent input, summed in session windows as web-vitals does
 * (1 s gap, 5 s at most; the largest window), and the last largest-contentful-paint.
 */
function observeVitals() {
  const describe = (node: Node | null | undefined): string => {
    if (!node || !(node instanceof Element)) return node ? node.nodeName.toLowerCase() : "?";
    const id = node.id ? `#${node.id}` : "";
    const classes = [...node.classList]
      .slice(0, 2)
      .map((name) => `.${name}`)
      .join("");
    return `${node.tagName.toLowerCase()}${id}${classes}`;
  };
  const vitals = {
    cls: 0,
    lcp: null as number | null,
    lcpElement: "",
    shifts: [] as { value: number; nodes: string[] }[],
  };
  window.__matrixVitals = vitals;
  let windowValue = 0;
  let windowStart = 0;
  let lastShift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: { node?: Node | null }[];
    })[]) {
      if (entry.hadRecentInput) continue;
      if (windowValue && entry.startTime - lastShift < 1_000 && entry.startTime - windowStart < 5_000) {
        windowValue += entry.value;
      } else {
        windowValue = entry.value;
        windowStart = entry.startTime;
      }
      lastShift = entry.startTime;
      vitals.cls = Math.max(vitals.cls, windowValue);
      vitals.shifts.push({ value: entry.value, nodes: (entry.sources ?? []).map((source) => describe(source.node)) });
    }
  }).observe({ type: "layout-shift", buffered: true });
  new PerformanceObserver((list) => {
    const entries = list.getEntries() as (PerformanceEntry & { element?: Element | null })[];
    const last = entries[entries.length - 1];
    if (!last) return;
    vitals.lcp = last.startTime;
    vitals.lcpElement = describe(last.element);
  }).observe({ type: "largest-contentful-paint", buffered: true });
}

/** Console errors and uncaught page errors, as lines naming where they came from. */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const at = message.location().url;
    errors.push(`console: ${message.text()}${at ? ` (${at})` : ""}`);
  });
  page.on("pageerror", (error) => errors.push(`page error: ${String(error)}`));
  return errors;
}

export interface Vitals {
  cls: number;
  lcp: number | null;
  lcpElement: string;
  /** the server's answer and the first paint, for the report: what LCP is made of */
  ttfb: number;
  fcp: number;
  shifts: string[];
}

/** One load of `path` (the CPU already slowed): the load, hydration, the network's rest, a settle. */
async function measureLoad(page: Page, path: string) {
  const response = await page.goto(path); // the fixture's goto waits for hydration
  await page.waitForLoadState("networkidle").catch(() => undefined);
  await page.waitForTimeout(500);
  const measured = await page.evaluate(() => {
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
    const paint = performance.getEntriesByName("first-contentful-paint")[0];
    return { ...window.__matrixVitals!, ttfb: navigation?.responseStart ?? 0, fcp: paint?.startTime ?? 0 };
  });
  const vitals: Vitals = {
    cls: measured.cls,
    lcp: measured.lcp,
    lcpElement: measured.lcpElement,
    ttfb: measured.ttfb,
    fcp: measured.fcp,
    shifts: measured.shifts
      .filter((shift) => shift.value >= 0.001)
      .map((shift) => `${shift.value.toFixed(3)} ${shift.nodes.join(" ")}`),
  };
  return { status: response?.status() ?? 0, vitals };
}

/**
 * Loads `path` at `width` with the CPU slowed 4× (Chromium's DevTools protocol): first in a
 * browser that has not seen the app (`cold`: Polaris's 441 kB stylesheet fetched and parsed),
 * then again as a merchant moving around the app meets it (`vitals`; its CLS is checked).
 */
export async function loadThrottled(page: Page, path: string, width: number) {
  await page.addInitScript(observeVitals);
  await page.setViewportSize({ width, height: HEIGHT });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_THROTTLE });
  const cold = await measureLoad(page, path);
  // the median of the measured visits (by LCP), as performance tools report
  const visits = [];
  for (let visit = 0; visit < MEASURED_VISITS; visit++) visits.push(await measureLoad(page, path));
  visits.sort((a, b) => (a.vitals.lcp ?? Infinity) - (b.vitals.lcp ?? Infinity));
  const warm = visits[Math.floor(visits.length / 2)];
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  await cdp.detach();
  return { status: warm.status, vitals: warm.vitals, cold: cold.vitals };
}

/** What a page's layout must hold: no shift past CLS_LIMIT, and something painted. How soon is reported, not checked. */
export function expectVitals(vitals: Vitals, where: string) {
  expect
    .soft(vitals.cls, `${where}: CLS ${vitals.cls.toFixed(3)} (shifts: ${vitals.shifts.join("; ") || "none"})`)
    .toBeLessThan(CLS_LIMIT);
  expect.soft(vitals.lcp, `${where}: no largest-contentful-paint`).not.toBeNull();
}

/** The page's width past the viewport, and the outermost elements reaching beyond it. */
export async function horizontalOverflow(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const viewport = root.clientWidth;
    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : "";
      const classes = [...element.classList]
        .slice(0, 2)
        .map((name) => `.${name}`)
        .join("");
      return `${element.tagName.toLowerCase()}${id}${classes}`;
    };
    const beyond = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && (box.right > viewport + 1 || box.left < -1);
    };
    const offenders: string[] = [];
    if (root.scrollWidth > viewport) {
      for (const element of document.body.querySelectorAll("*")) {
        if (!beyond(element) || (element.parentElement && beyond(element.parentElement))) continue;
        const box = element.getBoundingClientRect();
        offenders.push(`${describe(element)} [${Math.round(box.left)}..${Math.round(box.right)}]`);
        if (offenders.length >= 4) break;
      }
    }
    return { scrollWidth: root.scrollWidth, viewport, offenders };
  });
}

/**
 * At `width`: no horizontal page scroll; with `axe`, axe's 0 violations; when screenshots are
 * wanted, the screenshot <SCREENS_DIR>/<name>-<width>.png.
 */
export async function checkAtWidth(page: Page, name: string, width: number, axe: boolean) {
  await page.setViewportSize({ width, height: HEIGHT });
  // the layout's own resize handlers (Polaris's breakpoints) run before anything is measured
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const where = `${name} at ${width} px`;
  const overflow = await horizontalOverflow(page);
  expect
    .soft(
      overflow.scrollWidth,
      `${where}: page ${overflow.scrollWidth} px wide in a ${overflow.viewport} px viewport (${overflow.offenders.join(", ")})`,
    )
    .toBeLessThanOrEqual(overflow.viewport);
  if (axe) expect.soft(await axeViolations(page), `${where}: axe violations`).toEqual([]);
  if (!SCREENSHOTS) return;
  fs.mkdirSync(SCREENS_DIR, { recursive: true });
  await page.screenshot({ path: `${SCREENS_DIR}/${name}-${width}.png`, fullPage: true });
}
