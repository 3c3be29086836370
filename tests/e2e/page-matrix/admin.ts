// Every admin page in one shop state (docs/testing.md#browser-tests). Each state is a spec
// file of its own (page-matrix-<state>.spec.ts), so Playwright's workers take states side by side,
// each on its own copy of the demo store. npm test visits the seeded shop on Core and the fresh shop
// on Free; npm run test:full (MATRIX=full) adds the seeded shop on Free and the fresh shop on Core.
import { test } from "../fixtures";
import { checkPage } from "./check-page";
import { FULL_MATRIX } from "./checks";
import { ADMIN_PAGES, ADMIN_WIDTHS } from "./pages";
import { enterState, restoreSeeded, stateName, type ShopState } from "./shop-states";

/** CLS is checked, and LCP measured, at one width per page and state. */
const ADMIN_VITALS_WIDTH = 1040;

/**
 * Where axe looks (about 2 s a width). The whole matrix: every width in every state. npm test: the
 * seeded shop on Core at 1040 px and the fresh shop on Free at 800 and 375 px, so every page still
 * meets axe at every width, only not in every state at every width.
 */
const AXE_WIDTHS_OF_STATE: Record<string, readonly (typeof ADMIN_WIDTHS)[number][]> = {
  "seeded-core": [1040],
  "fresh-free": [800, 375],
};
const axeWidthsOf = (state: ShopState): readonly number[] =>
  FULL_MATRIX ? ADMIN_WIDTHS : (AXE_WIDTHS_OF_STATE[stateName(state)] ?? [ADMIN_VITALS_WIDTH]);

export function adminMatrix(state: ShopState, options: { fullOnly?: boolean } = {}) {
  test.describe(`admin, ${state.data} shop on ${state.plan === "free" ? "Free" : "Core"}`, () => {
    test.skip(Boolean(options.fullOnly) && !FULL_MATRIX, "in the whole matrix only (npm run test:full)");
    test.beforeAll(async ({ playwright, demoServer }) => {
      const request = await playwright.request.newContext({ baseURL: demoServer.url });
      await enterState(request, state);
      await request.dispose();
    });
    test.afterAll(async ({ playwright, demoServer }) => {
      const request = await playwright.request.newContext({ baseURL: demoServer.url });
      await restoreSeeded(request);
      await request.dispose();
    });
    for (const target of ADMIN_PAGES) {
      test(`${target.path.split("?")[0]} at ${ADMIN_WIDTHS.join(", ")} px`, async ({ page }) => {
        await checkPage(
          page,
          target,
          `${target.slug}-${stateName(state)}`,
          ADMIN_WIDTHS,
          ADMIN_VITALS_WIDTH,
          axeWidthsOf(state),
        );
      });
    }
  });
}
