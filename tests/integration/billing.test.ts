import { beforeAll, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { ensureShop } from "../../app/db/shops.server";
import { installFakeAdminApi } from "../helpers/fake-admin-api";
import { adminRequest, routeArgs, storeOfflineSession } from "../helpers/shopify";

const SHOP = "billing-a.myshopify.com";
const { loader: verifyApi } = await import("../../app/routes/api.billing.verify");
const { loader: successPage } = await import("../../app/routes/_admin.billing.success");
// after the app's modules: their import installs the library's own fetch
const fake = installFakeAdminApi([], { subscriptions: [{ name: "Core" }] });

describe("subscription verification after Shopify's confirmation page", () => {
  beforeAll(async () => {
    await ensureShop(SHOP);
    await storeOfflineSession(SHOP);
  });

  it("reads the active subscription through the Billing API and stores the plan", async () => {
    const response = (await verifyApi(
      routeArgs(await adminRequest(`/api/billing/verify?shop=${SHOP}`, SHOP)),
    )) as Response;
    expect(await response.json()).toMatchObject({
      active: true,
      planType: "core",
      subscriptions: [{ name: "Core", status: "ACTIVE" }],
    });
    expect((await prisma.shop.findUniqueOrThrow({ where: { domain: SHOP } })).plan).toBe("core");
    expect(fake.calls.at(-1)?.url).toMatch(/billing-a\.myshopify\.com\/admin\/api\/2026-10\/graphql\.json$/);
  });

  it("feeds the success page", async () => {
    const data = await successPage(routeArgs(await adminRequest("/billing/success", SHOP)));
    expect(data).toMatchObject({ ok: true, active: true, planType: "core" });
  });
});
