// The alert channels against real local servers: an SMTP server for e-mail, HTTP receivers for
// Slack and a merchant's webhook; the test buttons' API; the guard against private addresses.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import type { Alert } from "../../app/domain/alerts/alert-message";
import { verifySignature } from "../../app/domain/alerts/webhook-signature";
import { sendAlert } from "../../app/services/alerts/channels.server";
import { sealShopSecret } from "../../app/services/alerts/secrets.server";
import { ensureShop } from "../../app/db/shops.server";
import { startReceiver } from "../helpers/receiver";
import { adminRequest, settle, storeOfflineSession } from "../helpers/shopify";
import { startSmtpServer } from "../helpers/smtp";

const SHOP = "alert-channels.myshopify.com";
const smtp = await startSmtpServer();
const slack = await startReceiver();
const hook = await startReceiver();
const route = await import("../../app/routes/api.alerts.test.$channel");

const alert: Alert = {
  id: "outbox-1",
  shopDomain: SHOP,
  event: {
    id: "event-1",
    severity: "critical",
    message: "Order #1042 took 57.1% off, above the 30% limit",
    orderId: "gid://shopify/Order/5550001042",
    orderName: "#1042",
    discountCodes: ["STAFF40", "SUMMER15"],
    discountPercent: 57.1,
    totalDiscountCents: 8_000,
    overLimitCents: 3_800,
    currency: "USD",
    ruleName: "Max 30% off any order",
    threshold: 30,
    createdAt: new Date("2026-11-22T06:00:00Z"),
  },
};

async function testButton(channel: string) {
  const request = await adminRequest(`/api/alerts/test/${channel}`, SHOP, { init: { method: "POST" } });
  return (await settle(() => Promise.resolve(route.action({ request, params: { channel }, context: {} })))) as Response;
}

describe("alert channels", () => {
  let shopId: string;
  beforeAll(async () => {
    shopId = (await ensureShop(SHOP)).id;
    await storeOfflineSession(SHOP);
    await prisma.shop.update({ where: { id: shopId }, data: { plan: "core", planCheckedAt: new Date() } });
    const [host, port] = smtp.url.replace("smtp://", "").split(":");
    await prisma.alertSettings.update({
      where: { shopId },
      data: {
        emails: ["ops@example.com", "finance@example.com"],
        smtpHost: host,
        smtpPort: Number(port),
        slackEnabled: true,
        slackChannel: "#margins",
        slackWebhookEncrypted: sealShopSecret(shopId, `${slack.url}/services/T1/B1/x`),
        webhookEnabled: true,
        webhooks: [`${hook.url}/margin-alerts`],
      },
    });
  });
  afterAll(async () => {
    await Promise.all([smtp.close(), slack.close(), hook.close()]);
  });

  it("e-mails the recipients through the merchant's SMTP server, with the order's links", async () => {
    const result = await sendAlert("email", shopId, alert);
    expect(result).toEqual({ ok: true, value: "smtp to 2 recipients" });
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toEqual(["ops@example.com", "finance@example.com"]);
    // the body is quoted-printable: soft line breaks and =XX escapes
    const text = mail.raw
      .replace(/=\r\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    expect(text).toContain("Subject: Margin Guardrail: critical breach on order #1042");
    expect(text).toContain("https://admin.shopify.com/store/alert-channels/orders/5550001042");
    expect(text).toContain("Discount codes: STAFF40, SUMMER15");
    expect(text).toContain("Audit Log: https://my-test-app.myshopify.io/audit-log?q=%231042");
  });

  it("gives an e-mail a Message-ID made from the outbox id: the same when it is sent again", async () => {
    await sendAlert("email", shopId, alert);
    await sendAlert("email", shopId, alert);
    await sendAlert("email", shopId, { ...alert, id: "outbox-2" });
    const header = (raw: string, name: string) => raw.match(new RegExp(`^${name}: (.*)$`, "im"))?.[1].trim();
    const [first, again, other] = smtp.received.slice(-3).map((mail) => mail.raw);
    expect(header(first, "Message-ID")).toBe("<alert-outbox-1@margin-guardrail.example>");
    expect(header(again, "Message-ID")).toBe("<alert-outbox-1@margin-guardrail.example>");
    expect(header(first, "X-Margin-Guardrail-Alert-Id")).toBe("outbox-1");
    expect(header(other, "Message-ID")).toBe("<alert-outbox-2@margin-guardrail.example>");
  });

  it("posts a Block Kit message to Slack's incoming webhook", async () => {
    expect(await sendAlert("slack", shopId, alert)).toEqual({ ok: true, value: "Slack #margins" });
    const message = JSON.parse(slack.received.at(-1)!.body);
    expect(message.channel).toBe("#margins");
    expect(message.blocks[0]).toMatchObject({ type: "header" });
    expect(JSON.stringify(message.blocks)).toContain("Max 30% off any order (threshold 30)");
    expect(JSON.stringify(message.blocks)).toContain(
      "https://admin.shopify.com/store/alert-channels/orders/5550001042",
    );
    // incoming webhooks take no idempotency key: the id is the message's last line, and its metadata
    expect(message.blocks.at(-1)).toEqual({
      type: "context",
      elements: [{ type: "plain_text", text: "Alert outbox-1" }],
    });
    expect(message.metadata.event_payload.alert_id).toBe("outbox-1");
  });

  it("signs each webhook with the shop's secret and sends the alert's id as the idempotency key", async () => {
    const created = await testButton("webhook");
    const first = await created.json();
    expect(first).toMatchObject({ success: true, message: "Test webhook sent" });
    expect(first.signingSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    // shown once: the next test does not send it again
    expect((await (await testButton("webhook")).json()).signingSecret).toBeUndefined();

    expect(await sendAlert("webhook", shopId, alert)).toEqual({ ok: true, value: "1 webhook" });
    const delivery = hook.received.at(-1)!;
    expect(delivery.path).toBe("/margin-alerts");
    expect(delivery.headers["idempotency-key"]).toBe("outbox-1");
    const header = delivery.headers["margin-guardrail-signature"] as string;
    expect(verifySignature(header, delivery.body, first.signingSecret, Math.floor(Date.now() / 1000))).toEqual({
      ok: true,
    });
    expect(JSON.parse(delivery.body)).toMatchObject({
      id: "outbox-1",
      type: "alert.rule_breached",
      order: { name: "#1042", admin_url: "https://admin.shopify.com/store/alert-channels/orders/5550001042" },
      total_discount: "80.00",
    });
  });

  it("answers each test button, and says the channel's own error when it fails", async () => {
    expect(await (await testButton("email")).json()).toMatchObject({ success: true, message: "Test e-mail sent" });
    expect(await (await testButton("slack")).json()).toMatchObject({
      success: true,
      message: "Test Slack message sent",
    });
    hook.failNext(500);
    const failed = await testButton("webhook");
    expect(failed.status).toBe(502);
    expect(await failed.json()).toEqual({
      success: false,
      message: "Failed to send test webhook",
      error: `${new URL(hook.url).host} answered 500`,
    });
    expect((await testButton("fax")).status).toBe(404);
    // with nowhere to send to, the settings are at fault: 400, with the reason
    await prisma.alertSettings.update({ where: { shopId }, data: { webhooks: [] } });
    const unconfigured = await testButton("webhook");
    expect(unconfigured.status).toBe(400);
    expect(await unconfigured.json()).toMatchObject({
      message: "Failed to send test webhook",
      error: "No webhook URLs are set",
    });
    await prisma.alertSettings.update({ where: { shopId }, data: { webhooks: [`${hook.url}/margin-alerts`] } });
  });

  it("refuses 127.0.0.1 with the production guard on, before connecting", async () => {
    const before = hook.received.length;
    const result = await sendAlert("webhook", shopId, alert, { guard: true });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.message).toMatch(/127\.0\.0\.1 points at a private or local address/);
    expect((await sendAlert("slack", shopId, alert, { guard: true })).ok).toBe(false);
    expect(hook.received.length).toBe(before);
  });

  it("makes no signing secret for a test webhook with nowhere to send to", async () => {
    const other = await ensureShop("alert-channels-empty.myshopify.com");
    await storeOfflineSession("alert-channels-empty.myshopify.com");
    await prisma.shop.update({ where: { id: other.id }, data: { plan: "core", planCheckedAt: new Date() } });
    const request = await adminRequest("/api/alerts/test/webhook", "alert-channels-empty.myshopify.com", {
      init: { method: "POST" },
    });
    const response = (await settle(() =>
      Promise.resolve(route.action({ request, params: { channel: "webhook" }, context: {} })),
    )) as Response;
    expect(response.status).toBe(400);
    expect((await response.json()).signingSecret).toBeUndefined();
    expect(
      (await prisma.alertSettings.findUniqueOrThrow({ where: { shopId: other.id } })).webhookSecretEncrypted,
    ).toBeNull();
  });

  it("refuses the test buttons on Free", async () => {
    await prisma.shop.update({ where: { id: shopId }, data: { plan: "free", planCheckedAt: new Date() } });
    const response = await testButton("email");
    expect(response.status).toBe(403);
    await prisma.shop.update({ where: { id: shopId }, data: { plan: "core", planCheckedAt: new Date() } });
  });
});
