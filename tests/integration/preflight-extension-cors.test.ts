// POST /api/preflight as Shopify's admin action "Check stacking risk" calls it
// (docs/product.md#checking-one-discount): from Shopify's extension origin, with the admin's session
// token. The browser's OPTIONS request is answered 204 with the headers Shopify's library gives it, and
// Remix does hand it to the loader; every answer, the check and its refusals alike, carries the CORS
// headers the extension needs to read it; a same-origin request gets none. The extension's own code
// (extensions/check-stacking-risk/src/check.ts) then asks through the route and says what it answered.
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { getJwt } from "@shopify/shopify-api/test-helpers";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_CATALOG } from "../../app/demo/demo-store";
import { cacheCatalogVariants } from "../../app/demo/seed.server";
import { DEMO_DISCOUNT_IDS, demoShopDiscounts } from "../../app/demo/shop-discounts";
import { checkDiscount, MESSAGES, modalView, type Fetch } from "../../extensions/check-stacking-risk/src/check";
import { demoCatalogVariants, installFakeAdminApi } from "../helpers/fake-admin-api";
import { catalogOrder, receiveOrders } from "../helpers/catalog-orders";
import { adminRequest, installedShops, routeArgs, settle } from "../helpers/shopify";
import { TEST_API_KEY, TEST_API_SECRET, TEST_APP_URL } from "../helpers/test-env";

// the app's modules first: importing them sets Shopify's library's fetch, which the fake replaces
const route = await import("../../app/routes/api.preflight");
const { authenticate } = await import("../../app/shopify.server");

const SHOP = "preflight-extension.myshopify.com";
/** Where Shopify's admin runs UI extensions: their requests' Origin. */
const EXTENSION_ORIGIN = "https://extensions.shopifycdn.com";
const NOW = Date.now();
// #7001: 2 × Sunglasses ($120, in the Summer Sale) = $240, two days ago, as the app received it
const ORDER = catalogOrder({ id: 7_000_001, number: 7001, daysAgo: 2, now: NOW }, [
  { title: "Sunglasses", quantity: 2 },
]);

installFakeAdminApi(demoCatalogVariants(), {
  answers: {
    MarginGuardrailPreflightDiscounts: () => ({
      discountNodes: {
        nodes: demoShopDiscounts(new Date(NOW)) as never,
        pageInfo: { hasNextPage: false, endCursor: null },
      },
    }),
  },
});

/** The browser's question before the extension's POST (no token: a CORS preflight never carries one). */
const optionsRequest = (origin = EXTENSION_ORIGIN) =>
  new Request(`${TEST_APP_URL}/api/preflight`, {
    method: "OPTIONS",
    headers: {
      Origin: origin,
      "Access-Control-Request-Method": "POST",
      "Access-Control-Request-Headers": "authorization,content-type",
    },
  });

/** The extension's POST: JSON, the admin's session token, Shopify's extension origin. */
async function extensionPost(body: unknown, options: { origin?: string; secret?: string; token?: boolean } = {}) {
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    Origin: options.origin ?? EXTENSION_ORIGIN,
  };
  const init: RequestInit = { method: "POST", body: JSON.stringify(body), headers };
  const request =
    options.token === false
      ? new Request(`${TEST_APP_URL}/api/preflight`, init)
      : await adminRequest("/api/preflight", SHOP, { init, secret: options.secret });
  return (await settle(() => route.action(routeArgs(request)))) as Response;
}

const corsOf = (response: Response) => ({
  origin: response.headers.get("access-control-allow-origin"),
  headers: response.headers.get("access-control-allow-headers"),
  expose: response.headers.get("access-control-expose-headers"),
});

const EXTENSION_CORS = {
  origin: "*",
  headers: "Authorization, Content-Type",
  expose: "X-Shopify-API-Request-Failure-Reauthorize-Url",
};

describe("POST /api/preflight from Shopify's admin action", () => {
  beforeAll(async () => {
    const [shopId] = await installedShops(SHOP);
    await receiveOrders(shopId!, [ORDER]);
    await cacheCatalogVariants(shopId!, DEMO_CATALOG);
  });

  it("answers the browser's OPTIONS request 204 with the headers Shopify's library gives one", async () => {
    const response = (await route.loader(routeArgs(optionsRequest()))) as Response;
    expect(response.status).toBe(204);
    expect(corsOf(response)).toEqual(EXTENSION_CORS);
    expect(response.headers.get("access-control-max-age")).toBe("7200");

    // authenticate.admin answers an OPTIONS request itself (it throws its 204): the same headers
    const library = (await settle(() => authenticate.admin(optionsRequest()))) as Response;
    expect(library.status).toBe(204);
    expect(corsOf(response)).toEqual(corsOf(library));
    expect(response.headers.get("access-control-max-age")).toBe(library.headers.get("access-control-max-age"));
  });

  it("reaches the loader with OPTIONS through Remix's request handler, as the server runs it", async () => {
    const build = {
      mode: "production",
      entry: { module: { default: () => new Response("no document here", { status: 500 }) } },
      routes: {
        root: { id: "root", path: "", module: {} },
        "routes/api.preflight": { id: "routes/api.preflight", parentId: "root", path: "api/preflight", module: route },
      },
      assets: { routes: {}, entry: { module: "", imports: [] }, url: "", version: "test" },
      publicPath: "/build/",
      assetsBuildDirectory: "public/build",
      future: {},
      isSpaMode: false,
      basename: undefined,
    } as unknown as ServerBuild;
    const response = await createRequestHandler(build, "production")(optionsRequest());
    expect(response.status).toBe(204);
    expect(corsOf(response)).toEqual(EXTENSION_CORS);
  });

  it("answers the check with the CORS headers, for the extension's session token", async () => {
    const response = await extensionPost({ discountId: DEMO_DISCOUNT_IDS.summer20 });
    expect(response.status).toBe(200);
    expect(corsOf(response)).toEqual(EXTENSION_CORS);
    const body = await response.json();
    expect(body.discount.label).toBe("SUMMER20");
    // #7001: 'Summer Sale 15% off' $36 + SUMMER20 20 % of $204 = $40.80 + 'Spend $150, save $20' $20
    expect(body.worst).toMatchObject({ orderName: "#7001", depth: 3, discountCents: 9680, codes: ["SUMMER20"] });
    expect(body.preflightPath).toBe("/preflight");
  });

  it("lets the extension read its refusals: an unknown discount, no token, a token not signed by Shopify", async () => {
    const unknown = await extensionPost({ discountId: "gid://shopify/DiscountCodeNode/1" });
    expect(unknown.status).toBe(404);
    expect(corsOf(unknown)).toEqual(EXTENSION_CORS);
    expect(Object.keys((await unknown.json()).errors)).toEqual(["discountId"]);

    const bad = await extensionPost({ discountId: "9401" });
    expect(bad.status).toBe(400);
    expect(corsOf(bad)).toEqual(EXTENSION_CORS);

    const anonymous = await extensionPost({ discountId: DEMO_DISCOUNT_IDS.summer20 }, { token: false });
    expect(anonymous.status).toBe(401);
    expect(corsOf(anonymous)).toEqual(EXTENSION_CORS);

    // refused by Shopify's library itself, which adds its CORS headers to its own 401: the same ones
    const forged = await extensionPost({ discountId: DEMO_DISCOUNT_IDS.summer20 }, { secret: "not-the-app-secret" });
    expect(forged.status).toBe(401);
    expect(corsOf(forged)).toEqual(EXTENSION_CORS);

    const get = (await route.loader(
      routeArgs(new Request(`${TEST_APP_URL}/api/preflight`, { headers: { Origin: EXTENSION_ORIGIN } })),
    )) as Response;
    expect(get.status).toBe(405);
    expect(corsOf(get)).toEqual(EXTENSION_CORS);
  });

  it("adds no CORS header to the app's own requests", async () => {
    const response = await extensionPost({ discountId: DEMO_DISCOUNT_IDS.summer20 }, { origin: TEST_APP_URL });
    expect(response.status).toBe(200);
    expect(corsOf(response)).toEqual({ origin: null, headers: null, expose: null });
  });

  it("feeds the extension's modal: the extension's code asks through the route and says what it answered", async () => {
    // Shopify's fetch for an admin extension: the app's URL for a relative path, the admin's ID token added
    const { token } = await getJwt(SHOP.replace(".myshopify.com", ""), TEST_API_KEY, TEST_API_SECRET);
    const fetchApp: Fetch = async (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set("Authorization", `Bearer ${token}`);
      headers.set("Origin", EXTENSION_ORIGIN);
      const request = new Request(new URL(input, TEST_APP_URL), { ...init, headers });
      return (await settle(() => route.action(routeArgs(request)))) as Response;
    };

    const checked = await checkDiscount(fetchApp, DEMO_DISCOUNT_IDS.summer20);
    expect(checked.kind).toBe("checked");
    const view = modalView((checked as Extract<typeof checked, { kind: "checked" }>).answer);
    expect(view.heading).toBe("Stacking risk of SUMMER20");
    expect(view.worst?.depth).toBe("3 discounts stack on cart #7001: $96.80 off $240.00 (40.3%).");
    expect(view.worst?.codes).toBe("Codes: SUMMER20");
    expect(view.worst?.automatic).toBe("Automatic discounts: Summer Sale 15% off, Spend $150, save $20");
    expect(view.hygiene.map((finding) => finding.href)).toContain("shopify:admin/discounts/9401");
    expect(view.preflightHref).toBe("app:preflight");

    expect(await checkDiscount(fetchApp, "gid://shopify/DiscountAutomaticNode/1")).toEqual({
      kind: "failed",
      discountId: "gid://shopify/DiscountAutomaticNode/1",
      message: MESSAGES.notLive,
    });
  });
});
