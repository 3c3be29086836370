// Shopify's Billing API out of reach: a stand-in on 127.0.0.1 that refuses
// connections, or accepts them and ends them without an answer. Verifying a subscription is
// then a 503 with a message on the JSON API and the Verification Error card on
// /billing/success, never a 500, and nothing is stored.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { setAbstractFetchFunc } from "@shopify/shopify-api/runtime";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const prisma = (await import("../../app/db.server")).default;
const { ensureShop } = await import("../../app/db/shops.server");
const { forgetPlanChecks } = await import("../../app/services/billing/plan-truth.server");
const { loader: verifyApi } = await import("../../app/routes/api.billing.verify");
const { loader: successPage } = await import("../../app/routes/_admin.billing.success");
const { adminRequest, routeArgs, settle, storeOfflineSession } = await import("../helpers/shopify");

const SHOP = "billing-unreachable.myshopify.com";

/** A port nothing listens on: a server's, closed again. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A server that answers every GraphQL query with data that is not what was asked. */
const garbled = http.createServer((_request, response) => {
  response.writeHead(200, { "Content-Type": "application/json" });
  response.end(JSON.stringify({ data: { somethingElse: true } }));
});
await new Promise<void>((resolve) => garbled.listen(0, "127.0.0.1", resolve));

/** A server that takes each connection and ends it at once, answering nothing. */
const hangUp = http.createServer();
hangUp.on("connection", (socket) => socket.destroy());
await new Promise<void>((resolve) => hangUp.listen(0, "127.0.0.1", resolve));

const STAND_INS = {
  "refuses connections": `http://127.0.0.1:${await closedPort()}`,
  "ends connections without an answer": `http://127.0.0.1:${(hangUp.address() as AddressInfo).port}`,
};
let standIn = "";
const shopifyCalls: string[] = [];
const realFetch = globalThis.fetch;
// the library's requests to the shop's Admin API go to the stand-in
setAbstractFetchFunc(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input instanceof Request ? input.url : input));
  shopifyCalls.push(url.href);
  return realFetch(`${standIn}${url.pathname}`, init);
});

describe("verifying a subscription while Shopify's Billing API cannot be reached", () => {
  let before: unknown;
  beforeAll(async () => {
    const shop = await ensureShop(SHOP);
    await storeOfflineSession(SHOP);
    await prisma.shop.update({ where: { id: shop.id }, data: { plan: "core", planCheckedAt: null } });
    before = await prisma.shop.findUniqueOrThrow({ where: { id: shop.id } });
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await new Promise((resolve) => hangUp.close(resolve));
    await new Promise((resolve) => garbled.close(resolve));
  });

  it("answers 502 with a message when Shopify answers something that is not a subscription list", async () => {
    standIn = `http://127.0.0.1:${(garbled.address() as AddressInfo).port}`;
    forgetPlanChecks();
    const request = await adminRequest(`/api/billing/verify?shop=${SHOP}`, SHOP);
    const response = (await settle(async () => verifyApi(routeArgs(request)))) as Response;
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({
      error: "Shopify's Billing API gave an answer the app could not read.",
      errorType: "verification_failed",
    });
    expect(await prisma.shop.findUniqueOrThrow({ where: { domain: SHOP } })).toEqual(before);
  });

  for (const [name, url] of Object.entries(STAND_INS)) {
    it(`answers 503 with a message on GET /api/billing/verify when Shopify ${name}`, async () => {
      standIn = url;
      for (const query of [`shop=${SHOP}`, `shop=${SHOP}&charge_id=12345`]) {
        forgetPlanChecks();
        const calls = shopifyCalls.length;
        const request = await adminRequest(`/api/billing/verify?${query}`, SHOP);
        const response = (await settle(async () => verifyApi(routeArgs(request)))) as Response;
        expect(response).toBeInstanceOf(Response);
        expect(response.status, query).toBe(503);
        expect(response.headers.get("retry-after")).toBe("30");
        expect(await response.json()).toEqual({
          error: "Shopify's Billing API could not be reached, so the subscription was not verified. Try again shortly.",
          errorType: "verification_failed",
        });
        // Shopify was really asked, and nothing was stored from its silence
        expect(shopifyCalls.length).toBeGreaterThan(calls);
        expect(await prisma.shop.findUniqueOrThrow({ where: { domain: SHOP } })).toEqual(before);
      }
    });

    it(`shows the Verification Error card on /billing/success when Shopify ${name}`, async () => {
      standIn = url;
      forgetPlanChecks();
      const request = await adminRequest(`/billing/success?shop=${SHOP}&charge_id=12345`, SHOP);
      const result = await successPage({ ...routeArgs(request), context: {} });
      expect(result).toEqual({ ok: false });
      expect(await prisma.shop.findUniqueOrThrow({ where: { domain: SHOP } })).toEqual(before);
    });
  }
});
