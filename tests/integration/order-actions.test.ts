// Order actions against a local fake of Shopify's Admin GraphQL API on 127.0.0.1
// (docs/product.md#order-actions): the tag, hold, release and Flow calls carry the right
// variables, Shopify's userErrors are surfaced and retried, and a redelivered or late webhook
// acts once per order and rule.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { newStandInState, type StandInState } from "../../app/demo/admin-stand-in";
import { channelSender } from "../../app/services/alerts/delivery.server";
import { forgetShopRules } from "../../app/services/rules/cache.server";
import { installFakeAdminApi } from "../helpers/fake-admin-api";
import { coreShopWithLimit } from "../helpers/breaches";
import { orderPayload } from "../fixtures/orders";
import { adminRequest, routeArgs, settle, storeOfflineSession, webhookRequest } from "../helpers/shopify";
import { testWorkers } from "../helpers/workers";

// this file's own workers (docs/architecture.md#background-workers), sending to local addresses
const workers = testWorkers({ send: channelSender({ guard: false }) });

const SHOP = "order-actions.myshopify.com";
let state: StandInState = newStandInState();
/** userErrors to answer the next call of an operation with, instead of the stand-in's answer. */
const refuse = new Map<
  "MarginGuardrailTagsAdd" | "MarginGuardrailReleaseHold",
  { field: string[]; message: string }[]
>();
/** The refusal set for the next call of `name`, taken. */
function refusal(name: "MarginGuardrailTagsAdd" | "MarginGuardrailReleaseHold") {
  const errors = refuse.get(name);
  refuse.delete(name);
  return errors;
}
// the order's one variant is in collection 77, for the collection rule's test
const fake = installFakeAdminApi(
  [
    {
      id: "gid://shopify/ProductVariant/1",
      inventoryItemId: "gid://shopify/InventoryItem/1",
      unitCost: "30.00",
      collectionIds: ["gid://shopify/Collection/77"],
    },
  ],
  {
    answers: {
      MarginGuardrailTagsAdd: () => {
        const userErrors = refusal("MarginGuardrailTagsAdd");
        return userErrors && { tagsAdd: { node: null, userErrors } };
      },
      MarginGuardrailReleaseHold: () => {
        const userErrors = refusal("MarginGuardrailReleaseHold");
        return userErrors && { fulfillmentOrderReleaseHold: { fulfillmentOrder: null, userErrors } };
      },
    },
    get standIn() {
      return state;
    },
  },
);
const calls = (field: string) =>
  fake.operations.filter((operation) => new RegExp(`\\{\\s*${field}\\(`).test(operation.query));

/** A $100 order with a `percent`% code, as orders/create or orders/updated sends it. */
function order(id: number, percent: number) {
  const amount = `${percent}.00`;
  const code = `OFF${percent}`;
  return orderPayload({
    id,
    number: id,
    codes: [{ code, amount, type: "fixed_amount" }],
    applications: [{ type: "discount_code", target: "line_item", valueType: "fixed_amount", value: amount, code }],
    lines: [
      { variant: 1, product: 1, price: { shop: "100.00" }, allocations: [{ index: 0, amount: { shop: amount } }] },
    ],
  });
}

async function deliver(topic: "orders/create" | "orders/updated", payload: unknown, webhookId: string) {
  const route =
    topic === "orders/create"
      ? await import("../../app/routes/webhooks.orders.create")
      : await import("../../app/routes/webhooks.orders.updated");
  const response = (await route.action(routeArgs(webhookRequest(topic, SHOP, payload, { webhookId })))) as Response;
  expect(response.status).toBe(200);
  await workers.orders.drain();
  await workers.alerts.drain();
}

const eventsOf = (orderName: string, eventType: string) =>
  prisma.auditEvent.findMany({ where: { orderName, eventType } });

describe("order actions", () => {
  let shopId: string;
  let ruleId: string;
  beforeAll(async () => {
    shopId = await coreShopWithLimit(SHOP);
    await storeOfflineSession(SHOP);
    const rule = await prisma.rule.findFirstOrThrow({ where: { shopId } });
    ruleId = rule.id;
    await prisma.rule.update({ where: { id: rule.id }, data: { tagOrder: true, holdOrder: true, flowTrigger: true } });
    await prisma.shop.update({ where: { id: shopId }, data: { flowTriggerEnabled: true } });
    await prisma.alertSettings.update({ where: { shopId }, data: { emailEnabled: false } });
  });
  beforeEach(() => {
    state = newStandInState();
    fake.operations.length = 0;
    forgetShopRules(shopId);
  });

  it("tags, holds and sends the breach to Flow with Shopify's variables, and records each", async () => {
    await deliver("orders/create", order(9101, 45), "oa-1");

    const [tag] = calls("tagsAdd");
    expect(tag.variables).toEqual({ id: "gid://shopify/Order/9101", tags: ["margin-guardrail-breach", "mg-max-20"] });

    const [hold] = calls("fulfillmentOrderHold");
    expect(hold.variables).toMatchObject({
      id: "gid://shopify/FulfillmentOrder/9101",
      fulfillmentHold: { reason: "OTHER", handle: `margin-guardrail-${ruleId}`, notifyMerchant: false },
    });
    const notes = (hold.variables.fulfillmentHold as { reasonNotes: string }).reasonNotes;
    expect(notes).toContain('rule "Max 20%" breached (45.0% off, $45.00 discount, $25.00 over the limit; codes OFF45)');

    const [flow] = calls("flowTriggerReceive");
    expect(flow.variables).toEqual({
      handle: "margin-rule-breached",
      payload: {
        order_id: 9101,
        "Rule name": "Max 20%",
        "Rule type": "max_discount",
        Severity: "critical",
        "Discount percent": 45,
        "Discount amount": 45,
        "Amount over limit": 25,
        "Discount codes": "OFF45",
      },
    });
    expect(state.flowTriggers).toHaveLength(1);
    expect(state.orders.get("gid://shopify/Order/9101")?.tags).toEqual(["margin-guardrail-breach", "mg-max-20"]);

    const [tagged] = await eventsOf("#9101", "order_tagged");
    expect(tagged.message).toBe("Order #9101 tagged margin-guardrail-breach, mg-max-20");
    const [held] = await eventsOf("#9101", "fulfillment_held");
    expect(held.details).toMatchObject({
      handle: `margin-guardrail-${ruleId}`,
      holds: [
        { fulfillmentOrderId: "gid://shopify/FulfillmentOrder/9101", holdId: expect.stringMatching(/FulfillmentHold/) },
      ],
    });
    expect(await eventsOf("#9101", "flow_triggered")).toHaveLength(1);
  });

  it("acts once per order and rule: a redelivered webhook and a late, changed one add nothing", async () => {
    await deliver("orders/create", order(9102, 45), "oa-2");
    await deliver("orders/create", order(9102, 45), "oa-2"); // redelivered: same webhook id
    await deliver("orders/updated", order(9102, 45), "oa-2-late"); // late, nothing changed
    await deliver("orders/updated", order(9102, 60), "oa-2-edited"); // late, and the discount grew
    expect(await eventsOf("#9102", "rule_triggered")).toHaveLength(2);
    expect(calls("tagsAdd")).toHaveLength(1);
    expect(calls("fulfillmentOrderHold")).toHaveLength(1);
    expect(calls("flowTriggerReceive")).toHaveLength(1);
    expect(await eventsOf("#9102", "fulfillment_held")).toHaveLength(1);
  });

  it("surfaces Shopify's userErrors, retries, and does not hold twice after a lost answer", async () => {
    refuse.set("MarginGuardrailTagsAdd", [{ field: ["tags"], message: "Tags are invalid" }]);
    await deliver("orders/create", order(9103, 45), "oa-3");
    const tagRow = await prisma.alertAndActionOutbox.findFirstOrThrow({
      where: { shopId, channel: "order_tag", actionKey: { contains: "Order/9103" } },
    });
    expect(tagRow).toMatchObject({
      status: "pending",
      attempts: 1,
      lastError: "Shopify refused: tags: Tags are invalid",
    });
    expect(await eventsOf("#9103", "order_tagged")).toHaveLength(0);

    // the hold was placed, but its answer was lost: the retry finds it and does not hold again
    const holdRow = await prisma.alertAndActionOutbox.findFirstOrThrow({
      where: { shopId, channel: "order_hold", actionKey: { contains: "Order/9103" } },
    });
    await prisma.alertAndActionOutbox.update({
      where: { id: holdRow.id },
      data: { status: "pending", nextAttemptAt: new Date(0) },
    });
    await prisma.auditEvent.deleteMany({ where: { orderName: "#9103", eventType: "fulfillment_held" } });
    await prisma.alertAndActionOutbox.update({ where: { id: tagRow.id }, data: { nextAttemptAt: new Date(0) } });
    await workers.alerts.drain();
    expect(calls("fulfillmentOrderHold")).toHaveLength(1);
    expect(await eventsOf("#9103", "fulfillment_held")).toHaveLength(1);
    expect(await eventsOf("#9103", "order_tagged")).toHaveLength(1);
    expect(await prisma.alertAndActionOutbox.findUniqueOrThrow({ where: { id: tagRow.id } })).toMatchObject({
      status: "sent",
      attempts: 2,
    });
  });

  it("releases a hold from the Audit Log with the recorded hold id, once, and records who", async () => {
    await deliver("orders/create", order(9104, 45), "oa-4");
    const [held] = await eventsOf("#9104", "fulfillment_held");
    const { action } = await import("../../app/routes/_admin.audit-log");
    const release = async () => {
      const request = await adminRequest("/audit-log", SHOP, {
        init: { method: "POST", body: new URLSearchParams({ intent: "releaseHold", eventId: held.id }) },
      });
      return (await settle(() => action(routeArgs(request)))) as {
        data: { ok: boolean; toast: { title: string; description?: string } };
      };
    };

    refuse.set("MarginGuardrailReleaseHold", [{ field: ["id"], message: "The fulfillment order is not on hold." }]);
    const refused = await release();
    expect(refused.data.toast.description).toBe("Shopify refused: id: The fulfillment order is not on hold.");
    expect(await eventsOf("#9104", "hold_released")).toHaveLength(0);

    const released = await release();
    expect(released.data).toMatchObject({ ok: true, toast: { title: "Hold on order #9104 released" } });
    const [call] = calls("fulfillmentOrderReleaseHold").slice(-1);
    expect(call.variables).toEqual({
      id: "gid://shopify/FulfillmentOrder/9104",
      holdIds: [(held.details as { holds: { holdId: string }[] }).holds[0].holdId],
    });
    const [event] = await eventsOf("#9104", "hold_released");
    expect(event.overrideBy).toMatch(/^staff member /);
    expect(state.orders.get("gid://shopify/Order/9104")?.fulfillmentOrders[0].status).toBe("OPEN");

    const again = await release();
    expect(again.data).toMatchObject({
      ok: false,
      toast: { description: "The hold on order #9104 was already released" },
    });
  });

  it("acts for a collection rule too, with its own handle, and its API says so", async () => {
    const { action } = await import("../../app/routes/api.rules.collections.create");
    const { callRoute } = await import("../helpers/shopify");
    const created = await callRoute(action, "/api/rules/collections/create", SHOP, "POST", {
      collectionId: "77",
      collectionTitle: "Clearance",
      ruleType: "max_discount",
      threshold: 10,
      orderActions: { hold: true },
    });
    expect(created.status).toBe(201);
    const rule = await created.json();
    expect(rule.orderActions).toEqual({ tag: false, hold: true, flow: false });
    forgetShopRules(shopId);

    await deliver("orders/create", order(9107, 45), "oa-7");
    const holds = calls("fulfillmentOrderHold").map(
      (call) => (call.variables.fulfillmentHold as { handle: string }).handle,
    );
    expect(holds.sort()).toEqual([`margin-guardrail-${rule.id}`, `margin-guardrail-${ruleId}`].sort());
    expect(state.orders.get("gid://shopify/Order/9107")?.fulfillmentOrders[0].holds).toHaveLength(2);
    await prisma.collectionRule.delete({ where: { id: rule.id } });
  });

  it("queues nothing on Free, and no Flow trigger while no workflow uses it", async () => {
    await prisma.shop.update({ where: { id: shopId }, data: { flowTriggerEnabled: false } });
    forgetShopRules(shopId);
    await deliver("orders/create", order(9105, 45), "oa-5");
    expect(calls("flowTriggerReceive")).toHaveLength(0);
    expect(calls("tagsAdd")).toHaveLength(1);

    await prisma.shop.update({ where: { id: shopId }, data: { plan: "free", flowTriggerEnabled: true } });
    forgetShopRules(shopId);
    await deliver("orders/create", order(9106, 45), "oa-6");
    expect(await eventsOf("#9106", "rule_triggered")).toHaveLength(1);
    expect(await prisma.alertAndActionOutbox.count({ where: { actionKey: { contains: "Order/9106" } } })).toBe(0);
    await prisma.shop.update({ where: { id: shopId }, data: { plan: "core", flowTriggerEnabled: true } });
  });
});

describe("Shopify Flow's lifecycle callback", () => {
  const DOMAIN = "flow-lifecycle.myshopify.com";
  async function callback(body: Record<string, unknown>, secret?: string) {
    const { action } = await import("../../app/routes/flow.lifecycle");
    const { getHmac } = await import("@shopify/shopify-api/test-helpers");
    const { TEST_API_SECRET } = await import("../helpers/test-env");
    const text = JSON.stringify(body);
    const request = new Request("https://app.example/flow/lifecycle", {
      method: "POST",
      body: text,
      headers: {
        "Content-Type": "application/json",
        "X-Shopify-Hmac-SHA256": getHmac(text, secret ?? TEST_API_SECRET),
      },
    });
    return (await action(routeArgs(request))) as Response;
  }
  const lifecycle = (enabled: boolean, timestamp: string) => ({
    flow_trigger_definition_id: "Margin rule breached",
    has_enabled_flow: enabled,
    shop_id: 690933842,
    shopify_domain: DOMAIN,
    timestamp,
  });

  it("stores whether a workflow uses the trigger; the newest callback wins; unsigned ones store nothing", async () => {
    const { ensureShop } = await import("../../app/db/shops.server");
    const shopId = (await ensureShop(DOMAIN)).id;
    const enabled = () =>
      prisma.shop.findUniqueOrThrow({ where: { id: shopId } }).then((shop) => shop.flowTriggerEnabled);

    expect((await callback(lifecycle(true, "2026-11-24T10:00:00Z"), "not-the-secret")).status).toBe(401);
    expect(await enabled()).toBe(false);

    expect(await (await callback(lifecycle(true, "2026-11-24T10:00:00Z"))).json()).toEqual({ result: "updated" });
    expect(await enabled()).toBe(true);
    expect(await (await callback(lifecycle(false, "2026-11-24T09:00:00Z"))).json()).toEqual({ result: "stale" });
    expect(await enabled()).toBe(true);
    expect(await (await callback(lifecycle(false, "2026-11-24T11:00:00Z"))).json()).toEqual({ result: "updated" });
    expect(await enabled()).toBe(false);

    const bad = await callback({ ...lifecycle(true, "yesterday"), shopify_domain: "evil.example.com" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: "Not a Flow lifecycle callback: shopify_domain is not a shop domain; timestamp must be an ISO 8601 time",
    });
  });
});
