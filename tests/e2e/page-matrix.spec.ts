// The page matrix (docs/testing.md#browser-tests): every public page at 375 and 1280 px, the
// install page outside the demo store, and the matrix's own measures, here; every admin page at
// 375, 800 and 1040 px in each shop state, in page-matrix-<state>.spec.ts. Each page: axe 0
// violations, no horizontal scroll, no console errors at every width, CLS < 0.05 at 4× CPU
// throttle at one width, a screenshot per width into tests/.screens/; its LCP goes to the run's
// report (tests/.tmp/reports/page-vitals.md).
import { startAppServer, type AppServer } from "../helpers/app-server";
import { expect, test } from "./fixtures";
import { checkPage } from "./page-matrix/check-page";
import {
  CLS_LIMIT,
  MEASURED_VISITS,
  collectConsoleErrors,
  horizontalOverflow,
  loadThrottled,
} from "./page-matrix/checks";
import { ADMIN_PAGES, INSTALL_PAGE, PUBLIC_PAGES, PUBLIC_WIDTHS, adminRoutesInApp } from "./page-matrix/pages";

const PUBLIC_VITALS_WIDTH = 375;

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
    await checkPage(
      page,
      INSTALL_PAGE,
      `${INSTALL_PAGE.slug}-public`,
      PUBLIC_WIDTHS,
      PUBLIC_VITALS_WIDTH,
      PUBLIC_WIDTHS,
      server.url,
    );
  });
});
