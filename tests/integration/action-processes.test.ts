// Order actions across a crash (docs/product.md#order-actions): a `node server.js` killed
// with SIGKILL while Shopify is acting on its orders loses no action, and the next server, once
// the dead one's claims lapse, finishes them without a second hold or a repeated tag.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { answerStandIn, newStandInState } from "../../app/demo/admin-stand-in";
import { ACTION_CHANNELS, actionKey, type ActionEvent, type OrderAction } from "../../app/domain/actions/order-actions";
import { startAppServer, waitUntil, type AppServer } from "../helpers/app-server";
import { lapseDeadClaims, outboxCount, sampleAlertEvent } from "../helpers/breaches";

const DATABASE_URL = process.env.DATABASE_URL!;
const ORDERS = 15;

/** The Admin API stand-in on 127.0.0.1, able to hold its answers (Shopify has acted, the app has not heard). */
async function fakeAdminApi() {
  const state = newStandInState();
  const parked: (() => void)[] = [];
  let holding = false;
  let requests = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      requests += 1;
      // Shopify acts at once; only its answer waits
      const answer = JSON.stringify(answerStandIn(state, JSON.parse(Buffer.concat(chunks).toString("utf8"))));
      const send = () => {
        response.writeHead(200, { "Content-Type": "application/json" });
        response.end(answer);
      };
      if (holding) parked.push(send);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    state,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/admin/api/graphql.json`,
    requests: () => requests,
    hold: () => (holding = true),
    release: () => {
      holding = false;
      parked.splice(0).forEach((send) => send());
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Order #(8000 + index)'s breach of the rule, as an action's outbox row holds it. */
const breach = (index: number, ruleId: string): ActionEvent => ({
  ...sampleAlertEvent(8000 + index),
  ruleId,
  ruleType: "max_discount",
});

const servers: AppServer[] = [];
afterAll(() => Promise.all(servers.map((server) => server.stop())));

describe("order actions when a server is killed with SIGKILL mid-way", () => {
  it("loses none and repeats none: one hold and one set of tags per order", async () => {
    if (DATABASE_URL.startsWith("file:")) await prisma.$executeRawUnsafe("PRAGMA journal_mode = WAL");
    const fake = await fakeAdminApi();
    const shop = await prisma.shop.create({ data: { domain: "actions-killed.myshopify.com", plan: "core" } });
    const ruleId = "rule-killed";
    const rows = Array.from({ length: ORDERS }, (_, index) => index + 1).flatMap((index) =>
      (["tag", "hold"] as OrderAction[]).map((action) => ({
        shopId: shop.id,
        channel: ACTION_CHANNELS[action],
        actionKey: actionKey(shop.id, breach(index, ruleId).orderId as string, ruleId, action),
        payload: { ...breach(index, ruleId), createdAt: new Date().toISOString() },
        status: "pending",
        nextAttemptAt: new Date(Date.now() - 1_000),
      })),
    );
    await prisma.alertAndActionOutbox.createMany({ data: rows });

    fake.hold();
    const start = async () => {
      const server = await startAppServer({ ADMIN_API_STAND_IN_URL: fake.url }, { databaseUrl: DATABASE_URL });
      servers.push(server);
      return server;
    };
    const first = await start();
    await waitUntil(async () => fake.requests() >= 4);
    first.process.kill("SIGKILL");
    await new Promise((resolve) => first.process.once("exit", resolve));
    fake.release();

    const acted = fake.requests();
    expect(await outboxCount(shop.id, "sent")).toBe(0);
    expect(await lapseDeadClaims(shop.id)).toBeGreaterThan(0);
    await start();
    await waitUntil(async () => (await outboxCount(shop.id, "sent")) === rows.length);

    expect(acted).toBeGreaterThan(0);
    // the actions in flight when it died ran again: Shopify had done them, and nothing was doubled
    expect(await prisma.alertAndActionOutbox.count({ where: { shopId: shop.id, attempts: 2 } })).toBeGreaterThan(0);
    for (let index = 1; index <= ORDERS; index += 1) {
      const order = fake.state.orders.get(`gid://shopify/Order/${8000 + index}`);
      expect(order?.tags).toEqual(["margin-guardrail-breach", "mg-max-30-off"]);
      expect(order?.fulfillmentOrders[0].holds).toHaveLength(1);
    }
    expect(await prisma.auditEvent.count({ where: { shopId: shop.id, eventType: "order_tagged" } })).toBe(ORDERS);
    expect(await prisma.auditEvent.count({ where: { shopId: shop.id, eventType: "fulfillment_held" } })).toBe(ORDERS);
    const held = await prisma.auditEvent.findMany({ where: { shopId: shop.id, eventType: "fulfillment_held" } });
    // every recorded hold is the one Shopify holds, so Release hold releases it
    for (const event of held) {
      const [hold] = (event.details as { holds: { fulfillmentOrderId: string; holdId: string }[] }).holds;
      const order = fake.state.orders.get(event.orderId as string);
      expect(order?.fulfillmentOrders[0].holds[0].id).toBe(hold.holdId);
      expect(event.message).toContain("nothing reached Shopify");
    }
    await fake.close();
  }, 120_000);
});
