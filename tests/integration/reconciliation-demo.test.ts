// Reconciliation in the demo store (docs/operations.md#reconciliation): POST /demo/admin-api/orders
// gives the stand-in of Shopify an order whose webhook was never sent, refusing a body that is not
// an orders/create webhook's JSON; a sweep, asked for through the JSON API, reads the stand-in
// through its own route and evaluates the order once.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { orderPayload } from "../../app/demo/order-payload-builder";
import { settle } from "../helpers/shopify";

// the demo store: no API key outside production (docs/product.md#modes)
process.env.SHOPIFY_API_KEY = "";
process.env.NODE_ENV = "development";

// the demo's stand-in route, served on 127.0.0.1 as the demo server serves it (imported once the
// environment names it: the app reads its environment once)
const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const forwarded = new Request(`http://127.0.0.1${request.url}`, {
      method: request.method,
      headers: { "Content-Type": "application/json" },
      body: Buffer.concat(chunks),
    });
    void import("../../app/routes/demo.admin-api.graphql[.]json")
      .then((standIn) => standIn.action({ request: forwarded, params: {}, context: {} }))
      .then(async (answer) => {
        response.writeHead(answer.status, { "Content-Type": "application/json" });
        response.end(await answer.text());
      });
  });
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
process.env.ADMIN_API_STAND_IN_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/demo/admin-api/graphql.json`;
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const { DEMO_SHOP_DOMAIN } = await import("../../app/env.server");
const prisma = (await import("../../app/db.server")).default;
const { coreShopWithLimit } = await import("../helpers/breaches");
const holdRoute = await import("../../app/routes/demo.admin-api.orders");
const reconcileRoute = await import("../../app/routes/api.protection.reconcile");

/** POST /demo/admin-api/orders with `body`: the response it answered or threw. */
async function hold(body: string): Promise<Response> {
  const request = new Request("http://localhost/demo/admin-api/orders", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body,
  });
  return (await settle(() => holdRoute.action({ request, params: {}, context: {} }))) as Response;
}

/** POST /api/protection/reconcile as the demo store's admin (no session token there). */
async function reconcile(): Promise<Response> {
  const request = new Request("http://localhost/api/protection/reconcile", { method: "POST" });
  return reconcileRoute.action({ request, params: {}, context: {} });
}

/** A $100 order with a 45% code: a breach of the shop's 20% limit. */
const breaching = orderPayload({
  id: 9301,
  number: 9301,
  codes: [{ code: "OFF45", amount: "45.00", type: "fixed_amount" }],
  applications: [
    { type: "discount_code", target: "line_item", valueType: "fixed_amount", value: "45.00", code: "OFF45" },
  ],
  lines: [
    { variant: 1, product: 1, price: { shop: "100.00" }, allocations: [{ index: 0, amount: { shop: "45.00" } }] },
  ],
});

describe("reconciliation in the demo store", () => {
  it("refuses a body that is not an order webhook's JSON, and holds none", async () => {
    await coreShopWithLimit(DEMO_SHOP_DOMAIN);
    const notJson = await hold("{");
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ error: "The request body is not valid JSON" });
    const noLines = await hold(JSON.stringify({ id: 9300, name: "#9300" }));
    expect(noLines.status).toBe(400);
    expect(await noLines.json()).toMatchObject({
      error: "Not an orders/create webhook's JSON body",
      errors: { line_items: [expect.any(String)] },
    });
    expect(await (await reconcile()).json()).toEqual({ checked: 0, missed: 0, evaluated: 0 });
  });

  it("holds an order without its webhook; a sweep finds it and evaluates it once", async () => {
    const held = await hold(JSON.stringify(breaching));
    expect(held.status).toBe(201);
    expect(await held.json()).toMatchObject({ id: "gid://shopify/Order/9301", name: "#9301", webhookSent: false });

    expect(await (await reconcile()).json()).toEqual({ checked: 1, missed: 1, evaluated: 1 });
    expect(await (await reconcile()).json()).toEqual({ checked: 1, missed: 0, evaluated: 0 });
    const breaches = await prisma.auditEvent.findMany({ where: { orderName: "#9301", eventType: "rule_triggered" } });
    expect(breaches).toHaveLength(1);
    expect(breaches[0].details).toMatchObject({ source: "reconciliation" });
  });
});
