import { beforeAll, describe, expect, it } from "vitest";
import { adminRequest, routeArgs, settle, storeOfflineSession } from "../helpers/shopify";
import { TEST_APP_URL } from "../helpers/test-env";

const SHOP = "test-shop.myshopify.com";

describe("admin loaders go through Shopify's authenticate.admin", () => {
  beforeAll(async () => {
    await storeOfflineSession(SHOP);
  });

  it("sends a newly installed shop to onboarding, then serves the dashboard for its session", async () => {
    const { loader } = await import("../../app/routes/_admin.dashboard");
    const first = await settle(async () => loader(routeArgs(await adminRequest("/dashboard?host=abc", SHOP))));
    expect(first).toBeInstanceOf(Response);
    expect((first as Response).status).toBe(302);
    expect((first as Response).headers.get("Location")).toBe("/onboarding?host=abc");
    const { finishOnboarding } = await import("../../app/services/shops/onboarding.server");
    const { ensureShop } = await import("../../app/db/shops.server");
    await finishOnboarding((await ensureShop(SHOP)).id);
    const result = (await loader(routeArgs(await adminRequest("/dashboard", SHOP)))) as {
      activeRules: number;
      plan: string;
      demo: boolean;
    };
    expect(result.demo).toBe(false);
    expect(result.plan).toBe("free");
    expect(result.activeRules).toBe(0);
    const prisma = (await import("../../app/db.server")).default;
    const shop = await prisma.shop.findUnique({ where: { domain: SHOP }, include: { alertSettings: true } });
    expect(shop?.installState).toBe("installed");
    expect(shop?.alertSettings?.emailEnabled).toBe(true);
  });

  it("authenticates a request once for the layout's and the page's loaders", async () => {
    const { requireAdmin } = await import("../../app/services/shops/admin-context.server");
    // Remix hands each loader its own copy of the Request and the same load context
    const load = {};
    const [layout, page] = await Promise.all([
      requireAdmin(await adminRequest("/dashboard", SHOP), load),
      requireAdmin(await adminRequest("/dashboard", SHOP), load),
    ]);
    expect(page).toBe(layout);
    // another HTTP request is authenticated on its own
    expect(await requireAdmin(await adminRequest("/dashboard", SHOP), {})).not.toBe(layout);
  });

  it("serves the layout with the shop and plan", async () => {
    const { loader } = await import("../../app/routes/_admin");
    const result = await loader(routeArgs(await adminRequest("/dashboard", SHOP)));
    expect(result).toMatchObject({ demo: false, shop: { domain: SHOP }, plan: "free" });
  });

  it("refuses a token signed with another secret", async () => {
    const { loader } = await import("../../app/routes/_admin.dashboard");
    const response = await settle(async () =>
      loader(routeArgs(await adminRequest("/dashboard", SHOP, { secret: "forged-secret" }))),
    );
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).status).toBe(401);
  });

  it("refuses an expired token", async () => {
    const { loader } = await import("../../app/routes/_admin.dashboard");
    const response = await settle(async () =>
      loader(routeArgs(await adminRequest("/dashboard", SHOP, { expired: true }))),
    );
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).status).toBe(401);
  });

  it("asks App Bridge to retry a fetch whose token is empty", async () => {
    const { loader } = await import("../../app/routes/_admin.dashboard");
    const response = (await settle(async () =>
      loader(routeArgs(new Request(`${TEST_APP_URL}/dashboard`, { headers: { Authorization: "Bearer " } }))),
    )) as Response;
    expect(response.status).toBe(401);
    expect(response.headers.get("X-Shopify-Retry-Invalid-Session-Request")).toBe("1");
  });

  it("sends a page request without shop or token to the login page", async () => {
    const { loader } = await import("../../app/routes/_admin.dashboard");
    const response = (await settle(async () =>
      loader(routeArgs(new Request(`${TEST_APP_URL}/dashboard`))),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth/login");
  });
});
