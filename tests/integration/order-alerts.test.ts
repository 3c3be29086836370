// One alert per order and channel (docs/product.md#alerts): an order breaking several rules is one
// outbox row per channel naming every breach, delivered once with one alert_sent; a redelivery adds
// nothing, an edit that breaks the same rules again tells nothing, an edit that breaks a new rule
// tells that rule alone; an hourly digest still counts each breach.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { channelSender } from "../../app/services/alerts/delivery.server";
import { sealShopSecret } from "../../app/services/alerts/secrets.server";
import { forgetShopRules } from "../../app/services/rules/cache.server";
import { percentRule } from "../fixtures/rules";
import { codeOrderPayload, coreShopWithLimit } from "../helpers/breaches";
import { startReceiver } from "../helpers/receiver";
import { routeArgs, webhookRequest } from "../helpers/shopify";
import { testWorkers } from "../helpers/workers";

const workers = testWorkers({ send: channelSender({ guard: false }) });
const SHOP = "order-alerts.myshopify.com";
const receiver = await startReceiver();
const { action: ordersCreate } = await import("../../app/routes/webhooks.orders.create");
const { action: ordersUpdated } = await import("../../app/routes/webhooks.orders.updated");

/** Order #`number`: $100 with a `percent` % code, as orders/create or orders/updated sends it. */
async function order(number: number, percent: number, topic: "orders/create" | "orders/updated" = "orders/create") {
  const payload = codeOrderPayload(number, percent);
  const action = topic === "orders/create" ? ordersCreate : ordersUpdated;
  const response = (await action(routeArgs(webhookRequest(topic, SHOP, payload)))) as Response;
  expect(response.status).toBe(200);
  await workers.orders.drain();
  return `#${number}`;
}

/** The shop's alert rows about `orderName`, oldest first, with what each names. */
async function alertsOf(shopId: string, orderName: string) {
  const rows = await prisma.alertAndActionOutbox.findMany({
    where: { shopId, channel: { in: ["email", "slack", "webhook"] }, digestId: null },
    orderBy: { createdAt: "asc" },
  });
  return rows
    .map((row) => ({ ...row, alert: row.payload as { orderName: string; breaches?: { ruleName: string }[] } }))
    .filter((row) => row.alert.orderName === orderName)
    .map((row) => ({
      id: row.id,
      channel: row.channel,
      status: row.status,
      auditEventId: row.auditEventId,
      rules: (row.alert.breaches ?? []).map((breach) => breach.ruleName),
    }));
}

describe("one alert per order and channel", () => {
  let shopId: string;
  beforeAll(async () => {
    // Max 20% (from the helper), Max 40% and Max 60%
    shopId = await coreShopWithLimit(SHOP);
    await prisma.rule.createMany({
      data: [percentRule(shopId, "max_discount", 40), percentRule(shopId, "max_discount", 60)],
    });
    forgetShopRules(shopId);
  });
  beforeEach(async () => {
    await prisma.alertSettings.update({
      where: { shopId },
      data: {
        emailEnabled: false,
        slackEnabled: false,
        webhookEnabled: true,
        webhooks: [`${receiver.url}/order-alerts`],
        minSeverity: "low",
        frequency: "immediate",
      },
    });
    forgetShopRules(shopId);
  });
  afterAll(() => receiver.close());

  it("queues and sends one alert naming every rule the order broke, with one alert_sent", async () => {
    const before = receiver.received.length;
    const name = await order(8101, 65);
    const rows = await alertsOf(shopId, name);
    expect(rows).toHaveLength(1);
    expect(rows[0].channel).toBe("webhook");
    // worst first: 65 % against 20 % is further past its limit than against 40 % or 60 %
    expect(rows[0].rules).toEqual(["Max 20%", "Max 40%", "Max 60%"]);
    const head = await prisma.auditEvent.findUniqueOrThrow({ where: { id: rows[0].auditEventId! } });
    expect(head).toMatchObject({ eventType: "rule_triggered", ruleName: "Max 20%", orderName: name });

    await workers.alerts.drain();
    const bodies = receiver.received.slice(before).map((request) => JSON.parse(request.body));
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ type: "alert.rule_breached", order: { name }, rule: { name: "Max 20%" } });
    expect(bodies[0].breaches.map((breach: { rule: { name: string } }) => breach.rule.name)).toEqual([
      "Max 20%",
      "Max 40%",
      "Max 60%",
    ]);
    const sent = await prisma.auditEvent.findMany({ where: { shopId, eventType: "alert_sent", orderName: name } });
    expect(sent).toHaveLength(1);
  });

  it("tells nothing again for a redelivery or an edit breaking the same rules, and a new rule alone", async () => {
    const name = await order(8102, 45);
    expect((await alertsOf(shopId, name)).map((row) => row.rules)).toEqual([["Max 20%", "Max 40%"]]);
    // the same order again, then edited (45 % to 50 %): the same two rules, recorded, not told again
    await order(8102, 45, "orders/updated");
    await order(8102, 50, "orders/updated");
    const edited = await prisma.auditEvent.count({
      where: { shopId, orderName: name, eventType: "rule_triggered", message: { contains: "order edited" } },
    });
    expect(edited).toBe(2);
    expect(await alertsOf(shopId, name)).toHaveLength(1);
    // edited past 60 %: only the rule it had not broken is told
    await order(8102, 70, "orders/updated");
    const rows = await alertsOf(shopId, name);
    expect(rows.map((row) => row.rules)).toEqual([["Max 20%", "Max 40%"], ["Max 60%"]]);
    await workers.alerts.drain();
  });

  it("sends one alert per channel, and counts each breach in an hourly digest", async () => {
    await prisma.alertSettings.update({
      where: { shopId },
      data: { slackEnabled: true, slackWebhookEncrypted: sealShopSecret(shopId, `${receiver.url}/services/T1/B1/x`) },
    });
    const name = await order(8103, 45);
    expect((await alertsOf(shopId, name)).map((row) => row.channel).sort()).toEqual(["slack", "webhook"]);
    await workers.alerts.drain();

    await prisma.alertSettings.update({ where: { shopId }, data: { slackEnabled: false, frequency: "hourly" } });
    forgetShopRules(shopId);
    const before = receiver.received.length;
    const held = await order(8104, 65);
    expect(await alertsOf(shopId, held)).toMatchObject([{ status: "held", rules: ["Max 20%", "Max 40%", "Max 60%"] }]);
    await prisma.alertAndActionOutbox.updateMany({
      where: { shopId, status: "held" },
      data: { nextAttemptAt: new Date(Date.now() - 1_000) },
    });
    expect(await workers.alerts.gatherDueDigests()).toBe(1);
    await workers.alerts.drain();
    const [digest] = receiver.received.slice(before).map((request) => JSON.parse(request.body));
    expect(digest).toMatchObject({ type: "alert.digest", total: 3 });
    expect(digest.by_rule.map((entry: { rule: string }) => entry.rule).sort()).toEqual([
      "Max 20%",
      "Max 40%",
      "Max 60%",
    ]);
    // the order's money once, not three times: its largest overage ($45.00 over 20 %)
    expect(digest.over_limit).toEqual([{ currency: "USD", amount: "45.00" }]);
    const sent = await prisma.auditEvent.count({ where: { shopId, eventType: "alert_sent", orderName: held } });
    expect(sent).toBe(1);
  });
});
