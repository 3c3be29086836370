// Issue 32's page matrix (docs/decisions/0053-page-matrix.md): every admin page at 375, 800 and
// 1040 px in four shop states (seeded or fresh, Free or Core), every public page at 375 and
// 1280 px. Each page: axe 0 violations, no horizontal scroll, no console errors at every width;
// CLS < 0.05 and LCP < 1.5 s at 4× CPU throttle at one width; a screenshot per width into
// tests/.screens/. The demo shop is put back as seeded (Core) after each state, for the specs
// that follow on the same server.
import type { Page } from "@playwright/test";
import { startAppServer, type AppServer } from "../helpers/app-server";
import { expect, test } from "./fixtures";
import {
  CLS_LIMIT,
  LCP_LIMIT_MS,
  MEASURED_VISITS,
  checkAtWidth,
  collectConsoleErrors,
  expectVitals,
  horizontalOverflow,
  firstVisits,
  loadThrottled,
  percentile,
  recordFirstVisit,
} from "./page-matrix/checks";
import {
  ADMIN_PAGES,
  ADMIN_WIDTHS,
  INSTALL_PAGE,
  PUBLIC_PAGES,
  PUBLIC_WIDTHS,
  adminRoutesInApp,
  type MatrixPage,
} from "./page-matrix/pages";
import { SHOP_STATES, enterState, restoreSeeded, stateName } from "./page-matrix/shop-states";

/** CLS and LCP are measured at one width per page and state (the decision says why). */
const ADMIN_VITALS_WIDTH = 1040;
const PUBLIC_VITALS_WIDTH = 375;

async function checkPage(
  page: Page,
  target: MatrixPage,
  name: string,
  widths: readonly number[],
  vitalsWidth: number,
  base = "",
) {
  test.setTimeout(90_000);
  const errors = collectConsoleErrors(page);
  let mark = Date.now();
  const lap = (what: string) => {
    if (process.env.MATRIX_TIMING) console.log(`${name} ${what} ${Date.now() - mark} ms`);
    mark = Date.now();
  };
  const { status, vitals, cold } = await loadThrottled(page, base + target.path, vitalsWidth);
  test.info().annotations.push({
    type: "first visit",
    description: `${name} at ${vitalsWidth} px, CPU 4× slower, nothing cached: LCP ${Math.round(cold.lcp ?? 0)} ms (${cold.lcpElement}; first byte ${Math.round(cold.ttfb)} ms), CLS ${cold.cls.toFixed(3)}`,
  });
  if (process.env.MATRIX_TIMING) console.log(test.info().annotations.at(-1)?.description);
  if (cold.lcp !== null) recordFirstVisit({ name, lcp: cold.lcp });
  lap("throttled load");
  if (target.pending && status === 404) {
    test.info().annotations.push({ type: "pending page", description: `${target.path} answers 404: not built yet` });
    test.skip(true, `${target.path} answers 404 (being built)`);
  }
  expect(status, `${name}: HTTP status`).toBe(target.status ?? 200);
  expectVitals(vitals, `${name} at ${vitalsWidth} px, CPU 4× slower`);
  for (const width of widths) {
    await checkAtWidth(page, name, width);
    lap(`at ${width}`);
  }
  // The 404 page answers 404 on purpose, which Chromium logs as a failed load of the document
  // itself: that one line, for that page's own URL, is expected, nothing else.
  const unexpected = errors.filter(
    (line) => !(target.status === 404 && line.includes("status of 404") && line.includes(target.path)),
  );
  expect.soft(unexpected, `${name}: console errors`).toEqual([]);
}

test("the matrix's measures see a layout shift, a slow paint, a sideways scroll and a console error", async ({
  page,
}) => {
  // a page made to fail every measure: the checks below must catch each, or they prove nothing
  await page.route("**/__page-matrix-probe", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><html lang="en"><head><title>Probe</title></head><body><main>
        <p id="text">Some text that a late banner pushes down.</p>
        <script>
          const start = performance.now(); while (performance.now() - start < 400) {}
          setTimeout(() => {
            const banner = document.createElement("div");
            banner.style.height = "400px";
            document.body.prepend(banner);
            const wide = document.createElement("div");
            wide.style.width = "2000px";
            wide.textContent = "wide";
            document.querySelector("main").append(wide);
            console.error("probe error");
          }, 200);
        </script></main></body></html>`,
    }),
  );
  const errors = collectConsoleErrors(page);
  const { vitals } = await loadThrottled(page, "/__page-matrix-probe", 375);
  expect(vitals.cls).toBeGreaterThan(CLS_LIMIT);
  expect(vitals.shifts.length).toBeGreaterThan(0);
  expect(vitals.lcp).toBeGreaterThan(400);
  const overflow = await horizontalOverflow(page);
  expect(overflow.scrollWidth).toBeGreaterThan(overflow.viewport);
  expect(overflow.offenders.join(" ")).toContain("div");
  // loaded once unmeasured, then MEASURED_VISITS times: the error each time, nothing else
  expect(errors).toEqual(Array.from({ length: 1 + MEASURED_VISITS }, () => expect.stringContaining("probe error")));
});

test("every admin route in app/routes is in the page matrix", () => {
  const listed = ADMIN_PAGES.map((target) => target.route ?? target.path.split("?")[0]);
  const missing = adminRoutesInApp().filter((route) => !listed.includes(route));
  expect(missing, "admin routes the matrix does not visit: add them to tests/e2e/page-matrix/pages.ts").toEqual([]);
});

test.describe("public pages", () => {
  for (const target of PUBLIC_PAGES) {
    test(`${target.path} at ${PUBLIC_WIDTHS.join(", ")} px`, async ({ page }) => {
      await checkPage(page, target, `${target.slug}-public`, PUBLIC_WIDTHS, PUBLIC_VITALS_WIDTH);
    });
  }
});

test.describe("the install page, outside the demo store", () => {
  let server: AppServer;
  // Shopify's library answers 410 to a browser naming itself HeadlessChrome (embedded.spec.ts)
  test.use({
    userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  });
  test.beforeAll(async () => {
    server = await startAppServer({
      NODE_ENV: "development",
      SHOPIFY_API_KEY: "e2e-matrix-api-key",
      SHOPIFY_API_SECRET: "e2e-matrix-secret",
    });
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  test(`${INSTALL_PAGE.path} at ${PUBLIC_WIDTHS.join(", ")} px`, async ({ page }) => {
    await checkPage(page, INSTALL_PAGE, `${INSTALL_PAGE.slug}-public`, PUBLIC_WIDTHS, PUBLIC_VITALS_WIDTH, server.url);
  });
});

for (const state of SHOP_STATES) {
  test.describe(`admin, ${state.data} shop on ${state.plan === "free" ? "Free" : "Core"}`, () => {
    test.beforeAll(async ({ playwright }, testInfo) => {
      const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
      await enterState(request, state);
      await request.dispose();
    });
    test.afterAll(async ({ playwright }, testInfo) => {
      const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
      await restoreSeeded(request);
      await request.dispose();
    });
    for (const target of ADMIN_PAGES) {
      test(`${target.path.split("?")[0]} at ${ADMIN_WIDTHS.join(", ")} px`, async ({ page }) => {
        await checkPage(page, target, `${target.slug}-${stateName(state)}`, ADMIN_WIDTHS, ADMIN_VITALS_WIDTH);
      });
    }
  });
}

/** Fewer first visits than this (a run of a few pages, -g): nothing to judge together. */
const FIRST_VISITS_JUDGED = 20;
/** Built for Shopify's own LCP bar: the 75th percentile of page loads under 2.5 s. */
const BFS_LCP_P75_MS = 2_500;

test("first visits, nothing cached: the median LCP is under 1.5 s, the 75th percentile under 2.5 s", () => {
  // every page and state's first visit at 4× CPU throttle, judged together as Shopify judges
  // page loads: the 1.5 s at the median, Built for Shopify's 2.5 s at p75
  // (docs/decisions/0053-page-matrix.md)
  const visits = firstVisits();
  test.skip(visits.length < FIRST_VISITS_JUDGED, `${visits.length} first visits in this run: too few to judge`);
  const lcps = visits.map((visit) => visit.lcp);
  const slowest = [...visits]
    .sort((a, b) => b.lcp - a.lcp)
    .slice(0, 5)
    .map((visit) => `${visit.name} ${Math.round(visit.lcp)} ms`);
  const summary = `${visits.length} first visits: p50 ${Math.round(percentile(lcps, 0.5))} ms, p75 ${Math.round(percentile(lcps, 0.75))} ms, max ${Math.round(Math.max(...lcps))} ms; slowest: ${slowest.join(", ")}`;
  test.info().annotations.push({ type: "first visits", description: summary });
  console.log(summary);
  expect.soft(percentile(lcps, 0.5), summary).toBeLessThan(LCP_LIMIT_MS);
  expect.soft(percentile(lcps, 0.75), summary).toBeLessThan(BFS_LCP_P75_MS);
});
