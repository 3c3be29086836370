// The Dashboard's plan banner is dismissible, and the dismissal is the shop's
// (docs/product.md#dashboard): it stays dismissed on the next load, another shop
// still sees the banner, and a name that is no promotion is refused and changes nothing.
import { beforeAll, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { installFakeAdminApi } from "../helpers/fake-admin-api";
import { adminRequest, installedShops, settle } from "../helpers/shopify";

const { action, loader } = await import("../../app/routes/_admin.dashboard");
installFakeAdminApi([]);

const ONE = "promo-one.myshopify.com";
const TWO = "promo-two.myshopify.com";

async function dashboard(shop: string) {
  const request = await adminRequest("/dashboard", shop);
  return (await loader({ request, params: {}, context: {} })) as { promotion: string | null };
}

async function dismiss(shop: string, fields: Record<string, string>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  const request = await adminRequest("/dashboard", shop, { init: { method: "POST", body } });
  const result = (await settle(() => action({ request, params: {}, context: {} }))) as {
    data: { ok: boolean };
    init: { status: number };
  };
  return { ...result.data, status: result.init.status };
}

describe("dismissing the Dashboard's plan banner", () => {
  beforeAll(async () => {
    const ids = await installedShops(ONE, TWO);
    // both on Core, known from Shopify, onboarding done: the Dashboard shows, with its banner
    await prisma.shop.updateMany({
      where: { id: { in: ids } },
      data: { plan: "core", planCheckedAt: new Date(), onboardingStep: 3 },
    });
  });

  it("is remembered for the shop that dismissed it, and only for that shop", async () => {
    expect((await dashboard(ONE)).promotion).toBe("dashboard-upgrade-plus");
    expect((await dashboard(TWO)).promotion).toBe("dashboard-upgrade-plus");

    expect(await dismiss(ONE, { intent: "dismissPromotion", promotion: "dashboard-upgrade-plus" })).toMatchObject({
      ok: true,
      status: 200,
    });
    // the next load, and the one after: still dismissed
    expect((await dashboard(ONE)).promotion).toBeNull();
    expect((await dashboard(ONE)).promotion).toBeNull();
    // another shop still sees it
    expect((await dashboard(TWO)).promotion).toBe("dashboard-upgrade-plus");
    // dismissing again is one dismissal
    await dismiss(ONE, { intent: "dismissPromotion", promotion: "dashboard-upgrade-plus" });
    expect(await prisma.dismissedPromotion.count({ where: { shop: { domain: ONE } } })).toBe(1);
  });

  it("refuses what is no promotion or no action, and changes nothing", async () => {
    const before = await prisma.dismissedPromotion.count();
    expect(await dismiss(TWO, { intent: "dismissPromotion", promotion: "everything" })).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await dismiss(TWO, { intent: "toString", promotion: "dashboard-upgrade-plus" })).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await prisma.dismissedPromotion.count()).toBe(before);
    expect((await dashboard(TWO)).promotion).toBe("dashboard-upgrade-plus");
  });

  it("offers the next plan's banner again after an upgrade: each offer is its own promotion", async () => {
    await prisma.shop.update({ where: { domain: TWO }, data: { plan: "free" } });
    expect((await dashboard(TWO)).promotion).toBe("dashboard-upgrade-core");
    await dismiss(TWO, { intent: "dismissPromotion", promotion: "dashboard-upgrade-core" });
    expect((await dashboard(TWO)).promotion).toBeNull();
    await prisma.shop.update({ where: { domain: TWO }, data: { plan: "core" } });
    expect((await dashboard(TWO)).promotion).toBe("dashboard-upgrade-plus");
  });

  it("goes with the shop when its data is deleted", async () => {
    const shop = await prisma.shop.findUniqueOrThrow({ where: { domain: ONE } });
    await prisma.shop.delete({ where: { id: shop.id } });
    expect(await prisma.dismissedPromotion.count({ where: { shopId: shop.id } })).toBe(0);
  });
});
