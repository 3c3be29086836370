// The Protection status (docs/product.md#protection-status): GET /api/protection judges each layer
// from what is stored, keeps since when each layer is in its state, and a layer that turns
// failing queues one notice e-mail, however many processes look at once.
import { beforeAll, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { ensureShop } from "../../app/db/shops.server";
import { protectionStatus } from "../../app/services/protection/status.server";
import { installFakeAdminApi } from "../helpers/fake-admin-api";
import { adminRequest, routeArgs, settle, storeOfflineSession } from "../helpers/shopify";

const { loader, action } = await import("../../app/routes/api.protection._index");
installFakeAdminApi([], { subscriptions: [{ name: "Core" }] });

const SHOP = "protection-status.myshopify.com";
let shopId: string;
const installedAt = new Date("2026-11-01T00:00:00Z");

const layer = (status: { layers: { key: string }[] }, key: string) => status.layers.find((l) => l.key === key);
const notices = () =>
  prisma.alertAndActionOutbox.findMany({ where: { shopId, channel: "notice" }, select: { payload: true } });

beforeAll(async () => {
  shopId = (await ensureShop(SHOP)).id;
  await prisma.shop.update({ where: { id: shopId }, data: { plan: "core" } });
  await storeOfflineSession(SHOP);
});

describe("GET /api/protection", () => {
  it("answers every layer with its state, since, detail and fix", async () => {
    const response = (await settle(async () =>
      loader(routeArgs(await adminRequest("/api/protection", SHOP))),
    )) as Response;
    expect(response.status).toBe(200);
    const body = (await response.json()) as { layers: { key: string; state: string; since: string | null }[] };
    expect(body.layers.map((l) => l.key)).toEqual(
      expect.arrayContaining(["code_rules", "checkout_blocking", "alerts"]),
    );
    for (const each of body.layers) {
      expect(["ok", "warning", "failing", "off"]).toContain(each.state);
      expect(each.since).not.toBeNull();
    }
  });

  it("refuses another method", async () => {
    expect((action() as Response).status).toBe(405);
  });
});

describe("a layer turning failing", () => {
  it("keeps since while the state holds, and tells the shop once, with two processes looking", async () => {
    await prisma.alertSettings.upsert({
      where: { shopId },
      create: { shopId, emails: ["ops@example.com"], webhooks: [], emailEnabled: true },
      update: { emailEnabled: true },
    });
    const t0 = new Date("2026-11-28T10:00:00Z");
    const first = await protectionStatus({ id: shopId, plan: "core", installedAt }, t0);
    expect(layer(first, "alerts")).toMatchObject({ state: "ok" });

    // the e-mail channel gives up on a delivery
    await prisma.alertAndActionOutbox.create({
      data: {
        shopId,
        channel: "email",
        payload: {},
        status: "dead",
        attempts: 8,
        lastError: "SMTP 550 mailbox unavailable",
      },
    });
    const t1 = new Date("2026-11-28T10:15:00Z");
    const [a, b] = await Promise.all([
      protectionStatus({ id: shopId, plan: "core", installedAt }, t1),
      protectionStatus({ id: shopId, plan: "core", installedAt }, t1),
    ]);
    for (const status of [a, b]) {
      expect(layer(status, "alerts")).toMatchObject({
        state: "failing",
        since: t1.toISOString(),
        detail: "E-mail alerts are not delivered: SMTP 550 mailbox unavailable",
        fix: { url: "/alerts" },
      });
    }
    const told = await notices();
    expect(told).toHaveLength(1);
    expect(told[0].payload).toMatchObject({ notice: "protection_failing", layer: "alerts" });

    // still failing later: the same since, no second notice
    const later = await protectionStatus({ id: shopId, plan: "core", installedAt }, new Date("2026-11-28T11:00:00Z"));
    expect(layer(later, "alerts")).toMatchObject({ state: "failing", since: t1.toISOString() });
    expect(await notices()).toHaveLength(1);

    // a delivery sent after it: the channel works again
    await prisma.alertAndActionOutbox.create({
      data: {
        shopId,
        channel: "email",
        payload: {},
        status: "sent",
        sentAt: new Date(),
        createdAt: new Date(Date.now() + 1000),
      },
    });
    const t2 = new Date("2026-11-28T12:00:00Z");
    expect(layer(await protectionStatus({ id: shopId, plan: "core", installedAt }, t2), "alerts")).toMatchObject({
      state: "ok",
      since: t2.toISOString(),
    });
  });
});

describe("the other layers' failures, as the card and the API read them", () => {
  it("code rules switched off in Shopify, and an order topic Shopify does not send, fail", async () => {
    const shop = await ensureShop("protection-layers.myshopify.com");
    await prisma.shop.update({ where: { id: shop.id }, data: { plan: "core" } });
    await prisma.codeRuleSettings.create({
      data: {
        shopId: shop.id,
        settings: { maxDiscountPercent: 30 },
        discountId: "gid://shopify/DiscountAutomaticNode/7",
        discountActive: false,
      },
    });
    await prisma.shopReconciliation.create({
      data: {
        shopId: shop.id,
        lastSweepAt: new Date(),
        lastChecked: 4,
        lastMissed: 0,
        lastEvaluated: 0,
        missingTopics: "orders/create",
      },
    });
    const status = await protectionStatus({ ...shop, plan: "core" });
    expect(layer(status, "code_rules")).toMatchObject({
      state: "failing",
      detail: "The code rules' discount is switched off in Shopify: no code is checked.",
      fix: { url: "/rules/code-rules" },
    });
    expect(layer(status, "webhooks")).toMatchObject({ state: "failing", fix: { url: "/support" } });
    // each turn to failing is told once, on the notice channel
    const told = await prisma.alertAndActionOutbox.findMany({ where: { shopId: shop.id, channel: "notice" } });
    expect(told.map((row) => (row.payload as { layer: string }).layer).sort()).toEqual(["code_rules", "webhooks"]);
  });
});
