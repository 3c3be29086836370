// The webhook fast path (docs/architecture.md#webhook-fast-path): Shopify's webhooks answered
// by an Express handler before any Remix routing, verified by the one verifier the Remix routes
// use, each topic handled by its entry in WEBHOOK_TOPICS; the order queued in one statement on
// a connection of its own (SQLite), never inside a transaction another part of the process holds.
import crypto from "node:crypto";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import type http from "node:http";
import Database from "better-sqlite3";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { webhookHeaders } from "../../app/demo/webhook-headers";
import { stackedCodeAndAutomatic } from "../fixtures/orders";
import { TEST_API_SECRET } from "../helpers/test-env";
import { storeOfflineSession } from "../helpers/shopify";

const prisma = (await import("../../app/db.server")).default;
// Shopify's own validator, configured with the same secret (the app's modules set up its node adapter)
await import("../../app/shopify.server");
const { shopifyApi, ApiVersion } = await import("@shopify/shopify-api");
const library = shopifyApi({
  apiKey: "testApiKey",
  apiSecretKey: TEST_API_SECRET,
  apiVersion: ApiVersion.October26,
  hostName: "app.example",
  isEmbeddedApp: true,
  logger: { log: async () => {} },
});
const { ensureShop } = await import("../../app/db/shops.server");
const { insertQueuedOrder } = await import("../../app/db/order-queue.sql.server");
const { orderFactsFromOrder, orderPayloadSchema } = await import("../../app/domain/monitoring/order-payload");
const { verifyWebhook } = await import("../../app/http/webhooks.server");
const { WEBHOOK_TOPICS, topicAtPath } = await import("../../app/http/webhook-topics.server");
const { webhookFastPath } = await import("../../app/server/webhook-fast-path.server");
const { bodyLimitFor, WEBHOOK_BODY_LIMIT_BYTES } = await import("../../app/http/body-limits");

const SHOP = "fast-path.myshopify.com";
const SQLITE = process.env.DATABASE_URL!.startsWith("file:");
const body = JSON.stringify(stackedCodeAndAutomatic);

/** A signed delivery's headers, lower-cased as they arrive at the server. */
function signed(topic: string, payload: string, options: { secret?: string; webhookId?: string } = {}) {
  const headers = webhookHeaders(topic, SHOP, payload, options.secret ?? TEST_API_SECRET, options.webhookId);
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

const raw = (headers: Record<string, string>, payload: string | Uint8Array, method = "POST") => ({
  request: new Request("https://app.example/webhooks/orders/create", { method, headers }),
  body: typeof payload === "string" ? Buffer.from(payload) : payload,
});

/** Shopify's signature of exactly these bytes. */
const hmacOf = (bytes: Uint8Array) => crypto.createHmac("sha256", TEST_API_SECRET).update(bytes).digest("base64");

describe("verifyWebhook", () => {
  it("agrees with Shopify's library on what is genuine, forged or incomplete", async () => {
    const genuine = signed("orders/create", body);
    const { "x-shopify-webhook-id": _id, ...noId } = genuine;
    const { "x-shopify-api-version": _version, ...noVersion } = genuine;
    const { "x-shopify-hmac-sha256": _hmac, ...noHmac } = genuine;
    const cases: [string, Record<string, string>, string][] = [
      ["genuine", genuine, body],
      ["another secret", signed("orders/create", body, { secret: "not-the-secret" }), body],
      ["body changed after signing", genuine, body.replace("#", "%")],
      [
        "hmac of another body",
        { ...genuine, "x-shopify-hmac-sha256": signed("orders/create", "{}")["x-shopify-hmac-sha256"]! },
        body,
      ],
      ["hmac truncated", { ...genuine, "x-shopify-hmac-sha256": genuine["x-shopify-hmac-sha256"]!.slice(0, -2) }, body],
      ["no webhook id", noId, body],
      ["no api version", noVersion, body],
      ["no hmac", noHmac, body],
      ["empty body", signed("orders/create", ""), ""],
    ];
    for (const [name, headers, payload] of cases) {
      const theirs = await library.webhooks.validate({
        rawBody: payload,
        rawRequest: new Request("https://app.example/webhooks/orders/create", {
          method: "POST",
          headers,
          body: payload || undefined,
        }),
      });
      const ours = await verifyWebhook(raw(headers, payload), "orders/create", orderPayloadSchema);
      const libraryStatus = theirs.valid ? 200 : theirs.reason === "invalid_hmac" ? 401 : 400;
      const ourStatus = ours.ok ? 200 : ours.answer.status;
      expect(ourStatus, name).toBe(libraryStatus);
    }
  });

  it("checks the signature of the bytes as sent: a byte-order mark is signed, bytes that are not UTF-8 are refused", async () => {
    const status = async (headers: Record<string, string>, bytes: Uint8Array) => {
      const verdict = await verifyWebhook(raw(headers, bytes), "orders/create", orderPayloadSchema);
      return verdict.ok ? 200 : verdict.answer.status;
    };
    const headers = signed("orders/create", body);
    const json = Buffer.from(body);
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), json]);
    expect(await status({ ...headers, "x-shopify-hmac-sha256": hmacOf(withBom) }, withBom)).toBe(200);
    // signed without the mark it carries: what Request.text() would have let the library accept
    expect(await status({ ...headers, "x-shopify-hmac-sha256": hmacOf(json) }, withBom)).toBe(401);
    const notUtf8 = Buffer.from(body.replace("#", "#\xff"), "latin1");
    const verdict = await verifyWebhook(
      raw({ ...headers, "x-shopify-hmac-sha256": hmacOf(notUtf8) }, notUtf8),
      "orders/create",
      orderPayloadSchema,
    );
    expect(verdict).toEqual({ ok: false, answer: { status: 400, error: "The webhook body is not UTF-8" } });
  });

  it("refuses a foreign topic, a bad shop, malformed JSON and a payload Shopify could not send with 400", async () => {
    const status = async (headers: Record<string, string>, payload: string) => {
      const verdict = await verifyWebhook(raw(headers, payload), "orders/create", orderPayloadSchema);
      return verdict.ok ? 200 : verdict.answer.status;
    };
    expect(await status(signed("orders/create", body), body)).toBe(200);
    expect(await status(signed("shop/redact", body), body)).toBe(400);
    expect(await status({ ...signed("orders/create", body), "x-shopify-shop-domain": "../../etc" }, body)).toBe(400);
    expect(await status(signed("orders/create", "{not json"), "{not json")).toBe(400);
    const impossible = JSON.stringify({ ...stackedCodeAndAutomatic, total_discounts: "-5.00" });
    expect(await status(signed("orders/create", impossible), impossible)).toBe(400);
    expect(
      await verifyWebhook(raw(signed("orders/create", body), body, "PUT"), "orders/create", orderPayloadSchema),
    ).toMatchObject({
      ok: false,
      answer: { status: 405 },
    });
  });
});

describe("WEBHOOK_TOPICS", () => {
  it("has every topic of shopify.app.toml, each with its Remix route, and nothing else", () => {
    const toml = fs.readFileSync("shopify.app.toml", "utf8");
    const subscribed = [...toml.matchAll(/uri = "\/webhooks\/([^"]+)"/g)].map((match) => match[1]).sort();
    expect(Object.keys(WEBHOOK_TOPICS).sort()).toEqual(subscribed);
    for (const topic of subscribed) {
      expect(topicAtPath(`/webhooks/${topic}`)?.topic).toBe(topic);
      expect(fs.existsSync(`app/routes/webhooks.${topic!.replace("/", ".")}.tsx`), topic).toBe(true);
    }
    expect(topicAtPath("/webhooks/products/update")).toBeNull();
    expect(topicAtPath("/webhooks/orders/create/")).toBeNull();
    expect(topicAtPath("/webhooks/constructor")).toBeNull();
    expect(topicAtPath("/api/rules")).toBeNull();
  });
});

describe("the fast path in front of Remix", () => {
  let server: http.Server;
  let base: string;
  /** requests that went on to what stands here for the Remix handler */
  const passedOn: string[] = [];

  beforeAll(async () => {
    const app = express();
    app.post("/webhooks/*", webhookFastPath({ bodyLimitFor }, { discardMs: 200 }));
    app.all("*", (req, res) => {
      passedOn.push(`${req.method} ${req.path}`);
      res.status(299).end();
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  beforeEach(async () => {
    await prisma.orderEvaluation.deleteMany();
    await prisma.processedWebhook.deleteMany();
    await ensureShop(SHOP);
    await storeOfflineSession(SHOP);
    passedOn.length = 0;
  });

  const post = (path: string, headers: Record<string, string>, payload: string) =>
    fetch(`${base}${path}`, { method: "POST", headers, body: payload });

  it("queues a signed orders/create once per webhook id without reaching Remix; a forgery is 401 and stores nothing", async () => {
    const headers = signed("orders/create", body, { webhookId: "fast-1" });
    const first = await post("/webhooks/orders/create", headers, body);
    expect(first.status).toBe(200);
    expect(first.headers.get("x-duplicate")).toBeNull();
    const again = await post("/webhooks/orders/create", headers, body);
    expect(again.status).toBe(200);
    expect(again.headers.get("x-duplicate")).toBe("1");
    const forged = await post("/webhooks/orders/create", signed("orders/create", body, { secret: "forged" }), body);
    expect(forged.status).toBe(401);
    const foreign = await post("/webhooks/orders/create", signed("orders/updated", body), body);
    expect(foreign.status).toBe(400);
    expect(await foreign.json()).toEqual({ error: "This address receives orders/create webhooks only" });
    expect(await prisma.orderEvaluation.count()).toBe(1);
    expect(await prisma.orderEvaluation.findFirstOrThrow()).toMatchObject({ webhookId: "fast-1", status: "pending" });
    expect(passedOn).toEqual([]);
  });

  it("handles the compliance and app topics with their handlers, once per webhook id", async () => {
    const payload = JSON.stringify({ current: ["read_orders"], previous: [] });
    const headers = signed("app/scopes_update", payload, { webhookId: "scopes-1" });
    expect((await post("/webhooks/app/scopes_update", headers, payload)).status).toBe(200);
    expect((await prisma.shop.findUniqueOrThrow({ where: { domain: SHOP } })).grantedScopes).toBe("read_orders");
    expect((await prisma.session.findFirstOrThrow({ where: { shop: SHOP } })).scope).toBe("read_orders");
    expect((await post("/webhooks/app/scopes_update", headers, payload)).headers.get("x-duplicate")).toBe("1");
    expect(await prisma.processedWebhook.count({ where: { webhookId: "scopes-1" } })).toBe(1);
    expect(passedOn).toEqual([]);
  });

  it("refuses a body above the webhook limit with 413, declared or not, and passes other requests on", async () => {
    const large = "x".repeat(WEBHOOK_BODY_LIMIT_BYTES + 1);
    const declared = await post("/webhooks/orders/create", signed("orders/create", large), large);
    expect(declared.status).toBe(413);
    const chunked = await fetch(`${base}/webhooks/orders/create`, {
      method: "POST",
      headers: signed("orders/create", large),
      body: new Blob([large]).stream(),
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect((await fetch(`${base}/webhooks/orders/create`)).status).toBe(299);
    expect((await post("/webhooks/products/update", signed("products/update", body), body)).status).toBe(299);
    expect(passedOn).toEqual(["GET /webhooks/orders/create", "POST /webhooks/products/update"]);
    expect(await prisma.orderEvaluation.count()).toBe(0);
  });
});

describe.skipIf(!SQLITE)("the queue's own SQLite connection", () => {
  let shopId: string;
  const facts = orderFactsFromOrder(orderPayloadSchema.parse(stackedCodeAndAutomatic)).facts;
  beforeEach(async () => {
    await prisma.orderEvaluation.deleteMany();
    shopId = (await ensureShop(SHOP)).id;
  });
  const queue = (webhookId: string) =>
    insertQueuedOrder({ shopId, webhookId, topic: "orders/create", facts, customerId: null });

  it("commits on its own: a transaction open on Prisma's connection that rolls back does not take the order with it", async () => {
    let queued: Promise<boolean> | null = null;
    const rolledBack = prisma
      .$transaction(async (tx) => {
        await tx.processedWebhook.create({ data: { webhookId: "tx-held", shopDomain: SHOP, topic: "T" } });
        queued = queue("outside-the-transaction");
        await new Promise((resolve) => setTimeout(resolve, 100));
        throw new Error("the worker's batch failed");
      })
      .catch((error: Error) => error.message);
    expect(await rolledBack).toBe("the worker's batch failed");
    expect(await queued).toBe(true);
    expect(await prisma.orderEvaluation.count({ where: { webhookId: "outside-the-transaction" } })).toBe(1);
    expect(await prisma.processedWebhook.count({ where: { webhookId: "tx-held" } })).toBe(0);
  });

  it("waits for another connection's write lock with the event loop free, then queues", async () => {
    const other = new Database(process.env.DATABASE_URL!.slice("file:".length));
    other.exec("BEGIN IMMEDIATE");
    let ticks = 0;
    const ticking = setInterval(() => (ticks += 1), 10);
    const queued = queue("after-the-lock");
    await new Promise((resolve) => setTimeout(resolve, 300));
    other.exec("COMMIT");
    other.close();
    expect(await queued).toBe(true);
    clearInterval(ticking);
    expect(ticks).toBeGreaterThan(10);
    expect(await queue("after-the-lock")).toBe(false);
    expect(await prisma.orderEvaluation.count({ where: { webhookId: "after-the-lock" } })).toBe(1);
  });
});
