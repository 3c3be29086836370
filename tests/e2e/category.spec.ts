// The pages Shopify's Discounts page opens for the code rules' Function (Discount apps category;
// docs/discount-apps.md, docs/product.md#shopifys-discounts-page): "Create discount" opens
// /discounts/:functionId/new and the discount's row /discounts/:functionId/:id. Opened as Shopify
// would, in the demo store and inside the admin's frame; create refused on Free, working on Core;
// anything that is not ours is the not-found screen.
import http from "node:http";
import type { Page } from "@playwright/test";
import type { AddressInfo } from "node:net";
import Database from "better-sqlite3";
import { getJwt } from "@shopify/shopify-api/test-helpers";
import { DEFAULT_SCOPES } from "../../app/env.server";
import { DEMO_CODES_FUNCTION_ID, answerStandIn, newStandInState } from "../../app/demo/admin-stand-in";
import {
  DEMO_CODE_RULES_DISCOUNT_ID,
  DEMO_DISCOUNT_CREATE_PATH,
  DEMO_DISCOUNT_DETAILS_PATH,
} from "../../app/demo/demo-discount";
import { startAppServer, type AppServer } from "../helpers/app-server";
import { serveAdminFrame } from "./admin-frame";
import {
  approveCoreAndResume,
  clickUntil,
  demoShopId,
  downgradeToFree,
  expect,
  openDatabase,
  test,
  toast,
} from "./fixtures";
import { e2eDatabase } from "./demo-store";
import { screenshot } from "./screens-axe";

const SHOTS = "tests/.tmp/screens";
const WIDTHS = [375, 1040] as const;
const CORE_ONLY = "Code rules come with the Core plan. Upgrade to turn codes away at checkout.";

/** The demo shop's code-rules discount, as the e2e server's database has it. */
function storedDiscountId(): string | null {
  const db = openDatabase();
  try {
    const row = db.prepare("SELECT discountId FROM CodeRuleSettings WHERE shopId = ?").get(demoShopId(db)) as
      { discountId: string | null } | undefined;
    return row?.discountId ?? null;
  } finally {
    db.close();
  }
}

/** Sets the demo shop's code-rules discount (null: none), to start a test from a known state. */
function setDiscountId(discountId: string | null) {
  const db = new Database(e2eDatabase(), { fileMustExist: true });
  try {
    db.prepare("UPDATE CodeRuleSettings SET discountId = ?, discountActive = 1, syncError = NULL WHERE shopId = ?").run(
      discountId,
      demoShopId(db),
    );
  } finally {
    db.close();
  }
}

async function shoot(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await screenshot(page, { path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

test.describe("in the demo store", () => {
  test.afterAll(() => setDiscountId(DEMO_CODE_RULES_DISCOUNT_ID));

  test("create explains the one discount and leads to it; details shows its state and rules", async ({ page }) => {
    setDiscountId(DEMO_CODE_RULES_DISCOUNT_ID);
    const created = await page.goto(DEMO_DISCOUNT_CREATE_PATH);
    expect(created?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Margin Guardrail: code rules" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "What this discount does" })).toBeVisible();
    await expect(
      page.getByText("It gives no discount itself and combines with all your other discounts."),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your store has this discount already" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Create discount" })).toHaveCount(0);
    await shoot(page, "discount-create-existing");

    await clickUntil(page.getByRole("link", { name: "View the discount" }), () =>
      expect(page).toHaveURL(new RegExp(`${DEMO_DISCOUNT_DETAILS_PATH}$`), { timeout: 2_000 }),
    );
    await expect(page.getByRole("heading", { level: 1, name: "Margin Guardrail: code rules" })).toBeVisible();
    await expect(page.getByText("Active", { exact: true })).toBeVisible();
    await expect(
      page.getByText("Active in the demo store's stand-in of Shopify: checkout runs your code rules."),
    ).toBeVisible();
    await expect(page.getByText(/^Rules last written to the stand-in: /)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Rules", exact: true })).toBeVisible();
    const edit = page.getByRole("link", { name: "Edit code rules" });
    await expect(edit).toHaveAttribute("href", "/rules/code-rules");
    await shoot(page, "discount-details");
    await clickUntil(edit, () => expect(page).toHaveURL(/\/rules\/code-rules$/, { timeout: 2_000 }));
    await expect(page.getByRole("heading", { level: 1, name: "Code rules" })).toBeVisible();
  });

  test("create is refused on Free, saying why, and creates the discount on Core", async ({ page }) => {
    setDiscountId(null);
    try {
      await page.goto("/pricing");
      await downgradeToFree(page);
      await expect(toast(page, "Plan Updated: Successfully downgraded to Free plan.")).toBeVisible();

      await page.goto(DEMO_DISCOUNT_CREATE_PATH);
      await expect(page.getByText(CORE_ONLY).first()).toBeVisible();
      const create = page.getByRole("button", { name: "Create discount" });
      // the plan's note, and the refusal's banner saying the same
      const refused = page.getByRole("heading", { name: "The discount was not created" });
      await clickUntil(create, () => expect(refused).toBeVisible({ timeout: 2_000 }));
      await expect(page.getByRole("main").getByText(CORE_ONLY)).toHaveCount(2);
      await expect(page.getByRole("link", { name: "See plans" })).toHaveAttribute("href", "/pricing");
      await expect(toast(page, "The discount was not created")).toBeVisible();
      expect(storedDiscountId()).toBeNull();
      await shoot(page, "discount-create-free");

      await page.goto("/pricing");
      await approveCoreAndResume(page, page.getByRole("button", { name: "Upgrade to Core" }).last());
      await page.goto(DEMO_DISCOUNT_CREATE_PATH);
      await expect(page.getByText(CORE_ONLY)).toHaveCount(0);
      await expect(page.getByRole("heading", { name: "Create the discount" })).toBeVisible();
      await shoot(page, "discount-create-core");
      await clickUntil(page.getByRole("button", { name: "Create discount" }), () =>
        expect(page).toHaveURL(new RegExp(`/discounts/${DEMO_CODES_FUNCTION_ID}/\\d+$`), { timeout: 2_000 }),
      );
      await expect(toast(page, "Discount created")).toBeVisible();
      await expect(
        page.getByText("Active in the demo store's stand-in of Shopify: checkout runs your code rules."),
      ).toBeVisible();
      const made = storedDiscountId();
      expect(made).toMatch(/^gid:\/\/shopify\/DiscountAutomaticNode\/\d+$/);
      expect(page.url().endsWith(`/${made!.split("/").pop()}`)).toBe(true);
    } finally {
      setDiscountId(DEMO_CODE_RULES_DISCOUNT_ID);
    }
  });

  test("a Function or a discount that is not ours is the not-found screen, with a way on", async ({ page }) => {
    for (const path of ["/discounts/another-apps-function/new", `/discounts/${DEMO_CODES_FUNCTION_ID}/424242`]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Discount not found" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Go to Code rules" })).toBeVisible();
    }
    await shoot(page, "discount-not-found");
  });
});

test.describe("inside Shopify's admin", () => {
  const API_KEY = "e2e-category-api-key";
  const SECRET = "e2e-category-secret-4f0b83c2e17d";
  const STORE = "e2e-category";
  const SHOP = `${STORE}.myshopify.com`;
  const HOST = Buffer.from(`admin.shopify.com/store/${STORE}`).toString("base64url");
  let server: AppServer;
  let standIn: http.Server;

  test.use({
    userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  });

  test.beforeAll(async () => {
    // Shopify's Admin API, as the demo's stand-in answers it: the app's Functions and its discount
    const state = newStandInState();
    standIn = http.createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => (body += chunk));
      request.on("end", () => {
        response.setHeader("Content-Type", "application/json");
        response.end(JSON.stringify(answerStandIn(state, JSON.parse(body || "{}"))));
      });
    });
    await new Promise<void>((resolve) => standIn.listen(0, "127.0.0.1", resolve));
    const { port } = standIn.address() as AddressInfo;
    server = await startAppServer({
      NODE_ENV: "development",
      SHOPIFY_API_KEY: API_KEY,
      SHOPIFY_API_SECRET: SECRET,
      ADMIN_API_STAND_IN_URL: `http://127.0.0.1:${port}/graphql.json`,
    });
    const db = new Database(server.database);
    db.prepare(
      `INSERT INTO Session (id, shop, state, isOnline, scope, accessToken) VALUES (?, ?, 'state', 0, ?, 'shpat_e2e_category')`,
    ).run(`offline_${SHOP}`, SHOP, DEFAULT_SCOPES);
    db.close();
  });

  test.afterAll(async () => {
    await server?.stop();
    await new Promise((resolve) => standIn?.close(resolve));
  });

  /** Opens `path` of the app as Shopify's admin frames it, with App Bridge's stand-in. */
  async function openFramed(page: Page, path: string) {
    const { token } = await getJwt(STORE, API_KEY, SECRET);
    const src = `${server.url}${path}?embedded=1&shop=${SHOP}&host=${HOST}&id_token=${token}`;
    const appBridge = `(() => {
      const fetch = window.fetch.bind(window);
      window.fetch = (input, init = {}) => {
        const headers = new Headers(init.headers);
        headers.set("Authorization", "Bearer ${token}");
        return fetch(input, { ...init, headers });
      };
      const nothing = () => undefined;
      window.shopify = new Proxy({ idToken: async () => "${token}", toast: { show: nothing, hide: nothing } },
        { get: (target, key) => (key in target ? target[key] : nothing) });
      customElements.define("ui-nav-menu", class extends HTMLElement {});
      customElements.define("ui-save-bar", class extends HTMLElement { show() {} hide() {} });
    })();`;
    await serveAdminFrame(page, { src, appBridge });
    await page.goto(`https://admin.shopify.com/store/${STORE}/discounts/new`);
    return page.frameLocator("iframe");
  }

  test("Create discount and the discount's row open working pages in the frame", async ({ page }) => {
    const frame = await openFramed(page, DEMO_DISCOUNT_CREATE_PATH);
    await expect(frame.getByRole("heading", { level: 1, name: "Margin Guardrail: code rules" })).toBeVisible();
    await expect(frame.getByRole("heading", { name: "What this discount does" })).toBeVisible();
    await expect(frame.getByRole("button", { name: "Create discount" })).toBeVisible();
    // Shopify's admin has the chrome: no top bar of the app's own
    await expect(frame.getByRole("banner")).toHaveCount(0);
    await screenshot(page, { path: `${SHOTS}/discount-create-embedded.png` });

    // the shop's discount, as if created earlier: its row opens the details page
    const db = new Database(server.database);
    const shop = db.prepare("SELECT id FROM Shop WHERE domain = ?").get(SHOP) as { id: string };
    db.prepare(
      `INSERT INTO CodeRuleSettings (id, shopId, settings, discountId, discountActive, syncedAt, updatedAt) VALUES ('e2e-category', ?, '{"maxCodes":1}', ?, 1, ?, ?)`,
    ).run(shop.id, DEMO_CODE_RULES_DISCOUNT_ID, Date.now(), Date.now());
    db.close();
    const details = await openFramed(page, DEMO_DISCOUNT_DETAILS_PATH);
    await expect(details.getByRole("heading", { level: 1, name: "Margin Guardrail: code rules" })).toBeVisible();
    await expect(details.getByText("Active in Shopify: checkout runs your code rules.")).toBeVisible();
    await expect(details.getByText("At most 1 code together")).toBeVisible();
    await expect(details.getByRole("link", { name: "Edit code rules" })).toBeVisible();
    await screenshot(page, { path: `${SHOTS}/discount-details-embedded.png` });

    const missing = await openFramed(page, `/discounts/${DEMO_CODES_FUNCTION_ID}/1`);
    await expect(missing.getByRole("heading", { level: 1, name: "Discount not found" })).toBeVisible();
  });
});
