// Standard Webhooks on the alert webhooks (docs/api.md#alert-webhooks-what-receivers-get), through the
// real outbox, worker and HTTP client to local receivers, each delivery checked with the
// `standardwebhooks` package's own Webhook.verify: the id that stays across retries, both
// signatures during a rotation, 3xx not followed, 429's Retry-After, 410 disabling the URL (with
// the banner's state and the merchant's e-mail), and the three-day stop that says "delivery failing".
import fs from "node:fs";
import path from "node:path";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import prisma from "../../app/db.server";
import { standardSecretOf, verifySignature } from "../../app/domain/alerts/webhook-signature";
import { WEBHOOK_RETRY } from "../../app/domain/backoff";
import { endpointKey } from "../../app/domain/alerts/webhook-endpoints";
import { channelSender } from "../../app/services/alerts/delivery.server";
import { rotateWebhookSecret, sendAlert } from "../../app/services/alerts/channels.server";
import { sealShopSecret } from "../../app/services/alerts/secrets.server";
import { enableWebhookEndpoint, getAlertSettings, saveAlertSettings } from "../../app/services/alerts/settings.server";
import { handleAlertsAction } from "../../app/routes/_admin.alerts/actions.server";
import type { AdminContext } from "../../app/services/shops/admin-context.server";
import { forgetShopRules } from "../../app/services/rules/cache.server";
import { startReceiver, type ReceivedRequest } from "../helpers/receiver";
import { breachingOrders, coreShopWithLimit, sampleAlertEvent } from "../helpers/breaches";
import { testWorkers } from "../helpers/workers";

// the app's mailer writes to a folder of this file's own (no transport is set in tests)
const mailDir = vi.hoisted(() => {
  const dir = `${process.env.TMPDIR ?? "/tmp"}/mg-standard-webhooks-${process.pid}-${Date.now()}`;
  process.env.MAIL_OUTBOX_DIR = dir;
  delete process.env.RESEND_API_KEY;
  delete process.env.SMTP_URL;
  return dir;
});

const workers = testWorkers({ send: channelSender({ guard: false }) });
const SHOP = "standard-webhooks.myshopify.com";
const receiver = await startReceiver();
/** where a redirect points: it must never be called */
const elsewhere = await startReceiver();
const breachingOrder = breachingOrders(SHOP, 7000, workers.orders);

async function rowOf(order: string) {
  const breach = await prisma.auditEvent.findFirstOrThrow({ where: { orderName: order, eventType: "rule_triggered" } });
  return prisma.alertAndActionOutbox.findFirstOrThrow({ where: { auditEventId: breach.id, channel: "webhook" } });
}

async function timePasses(shopId: string) {
  await prisma.alertAndActionOutbox.updateMany({
    where: { shopId, status: "pending" },
    data: { nextAttemptAt: new Date(Date.now() - 1) },
  });
}

/** What the standardwebhooks library makes of a delivery: the parsed body, or the error it throws. */
function verify(secret: string, delivery: ReceivedRequest): unknown {
  return new Webhook(standardSecretOf(secret)).verify(delivery.body, delivery.headers as Record<string, string>);
}

describe("Standard Webhooks on alert webhooks", () => {
  let shopId: string;
  let secret: string;
  beforeAll(async () => {
    shopId = await coreShopWithLimit(SHOP);
    secret = await rotateWebhookSecret(shopId);
  });
  beforeEach(async () => {
    await prisma.alertSettings.update({
      where: { shopId },
      data: {
        emailEnabled: false,
        emails: ["ops@example.com"],
        slackEnabled: false,
        webhookEnabled: true,
        webhooks: [`${receiver.url}/in`],
        webhookEndpointState: {},
        minSeverity: "low",
        frequency: "immediate",
      },
    });
    forgetShopRules(shopId);
  });
  afterAll(async () => {
    await Promise.all([receiver.close(), elsewhere.close()]);
    fs.rmSync(mailDir, { recursive: true, force: true });
  });

  it("signs every delivery for Webhook.verify, with the same webhook-id on each retry, and keeps the old header", async () => {
    expect(secret).toMatch(/^whsec_/);
    receiver.failNext(500);
    const before = receiver.received.length;
    const order = await breachingOrder();
    await workers.alerts.drain();
    await timePasses(shopId);
    await workers.alerts.drain();
    const row = await rowOf(order);
    expect(row).toMatchObject({ status: "sent", attempts: 2 });
    const deliveries = receiver.received.slice(before);
    expect(deliveries).toHaveLength(2);
    for (const delivery of deliveries) {
      expect(delivery.headers["webhook-id"]).toBe(row.id);
      expect(delivery.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
      expect(verify(secret, delivery)).toMatchObject({ id: row.id, type: "alert.rule_breached" });
      const legacy = delivery.headers["margin-guardrail-signature"] as string;
      expect(verifySignature(legacy, delivery.body, secret, Math.floor(Date.now() / 1000))).toEqual({ ok: true });
    }
    // a fresh timestamp on each try, each signed
    expect(deliveries[1].headers["webhook-timestamp"]).toMatch(/^\d+$/);
    // a wrong secret is refused by the library
    expect(() => verify(`whsec_${Buffer.alloc(32, 1).toString("base64")}`, deliveries[0])).toThrow(
      /No matching signature/,
    );
  });

  it("signs with the new and the previous secret for 24 hours after a rotation, then the new one only", async () => {
    const previous = secret;
    secret = await rotateWebhookSecret(shopId);
    const settings = await getAlertSettings(shopId);
    expect(settings.webhookRotationEndsAt).not.toBeNull();
    const alert = { id: "rotation-1", shopDomain: SHOP, event: sampleAlertEvent(1) };
    expect((await sendAlert("webhook", shopId, alert)).ok).toBe(true);
    const during = receiver.received.at(-1)!;
    expect((during.headers["webhook-signature"] as string).split(" ")).toHaveLength(2);
    expect(verify(secret, during)).toMatchObject({ id: "rotation-1" });
    expect(verify(previous, during)).toMatchObject({ id: "rotation-1" });

    await prisma.alertSettings.update({
      where: { shopId },
      data: { webhookSecretRotatedAt: new Date(Date.now() - 25 * 60 * 60_000) },
    });
    expect((await sendAlert("webhook", shopId, { ...alert, id: "rotation-2" })).ok).toBe(true);
    const after = receiver.received.at(-1)!;
    expect((after.headers["webhook-signature"] as string).split(" ")).toHaveLength(1);
    expect(verify(secret, after)).toMatchObject({ id: "rotation-2" });
    expect(() => verify(previous, after)).toThrow(/No matching signature/);
  });

  it("signs for a shop whose secret predates whsec_: its whsec_ form verifies, and so does the old header", async () => {
    const old = "mgwh_Zm9yLWEtc2hvcC1mcm9tLWJlZm9yZS10aGUtY2hhbmdl";
    await prisma.alertSettings.update({
      where: { shopId },
      data: { webhookSecretEncrypted: sealShopSecret(shopId, old), webhookPreviousSecretEncrypted: null },
    });
    try {
      expect((await getAlertSettings(shopId)).webhookSecretForm).toBe("legacy");
      const alert = { id: "legacy-1", shopDomain: SHOP, event: sampleAlertEvent(2) };
      expect((await sendAlert("webhook", shopId, alert)).ok).toBe(true);
      const delivery = receiver.received.at(-1)!;
      const converted = `whsec_${Buffer.from(old).toString("base64")}`;
      expect(new Webhook(converted).verify(delivery.body, delivery.headers as Record<string, string>)).toMatchObject({
        id: "legacy-1",
      });
      const legacy = delivery.headers["margin-guardrail-signature"] as string;
      expect(verifySignature(legacy, delivery.body, old, Math.floor(Date.now() / 1000))).toEqual({ ok: true });
    } finally {
      await prisma.alertSettings.update({
        where: { shopId },
        data: { webhookSecretEncrypted: sealShopSecret(shopId, secret) },
      });
    }
  });

  it("counts a redirect as a failure: the Location is not followed, and the alert is tried again", async () => {
    receiver.failNext({ status: 302, headers: { Location: `${elsewhere.url}/moved` } });
    const order = await breachingOrder();
    await workers.alerts.drain();
    let row = await rowOf(order);
    expect(row.status).toBe("pending");
    expect(row.lastError).toBe(`${new URL(receiver.url).host} answered 302 (redirects are not followed)`);
    expect(elsewhere.received).toHaveLength(0);
    await timePasses(shopId);
    await workers.alerts.drain();
    row = await rowOf(order);
    expect(row).toMatchObject({ status: "sent", attempts: 2 });
    expect(elsewhere.received).toHaveLength(0);
  });

  it("comes back when a 429's or 503's Retry-After says (seconds or an HTTP date), not on the backoff", async () => {
    receiver.failNext({ status: 429, headers: { "Retry-After": "600" } });
    const started = Date.now();
    const order = await breachingOrder();
    await workers.alerts.drain();
    const row = await rowOf(order);
    expect(row.status).toBe("pending");
    const wait = row.nextAttemptAt.getTime() - started;
    // 600 s asked, up to a tenth later for jitter (the backoff would have been 15 to 30 s)
    expect(wait).toBeGreaterThanOrEqual(600_000);
    expect(wait).toBeLessThanOrEqual(660_000 + (Date.now() - started));

    const at = new Date(Math.ceil((Date.now() + 300_000) / 1000) * 1000);
    receiver.failNext({ status: 503, headers: { "Retry-After": at.toUTCString() } });
    await timePasses(shopId);
    await workers.alerts.drain();
    const again = await rowOf(order);
    expect(again.attempts).toBe(2);
    expect(again.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(at.getTime() - 1000);
    expect(again.nextAttemptAt.getTime()).toBeLessThanOrEqual(at.getTime() + 31_000);
    await timePasses(shopId);
    await workers.alerts.drain();
    expect((await rowOf(order)).status).toBe("sent");
  });

  it("disables a URL that answers 410 Gone, tells the merchant by e-mail and on the page, until enabled again", async () => {
    const other = await startReceiver();
    try {
      await prisma.alertSettings.update({
        where: { shopId },
        data: { webhooks: [`${receiver.url}/in`, `${other.url}/gone`] },
      });
      other.failNext(410);
      const order = await breachingOrder();
      await workers.alerts.drain();
      // the other URL had it: the alert is delivered, the gone one disabled
      const row = await rowOf(order);
      expect(row.status).toBe("sent");
      const settings = await getAlertSettings(shopId);
      expect(settings.webhookEndpoints).toEqual([
        expect.objectContaining({ status: "gone", host: new URL(other.url).host }),
      ]);
      // the notice e-mail was queued in the outbox and sent by the worker to the alert recipients
      const notice = await prisma.alertAndActionOutbox.findFirstOrThrow({ where: { shopId, channel: "notice" } });
      expect(notice.status).toBe("sent");
      const mails = fs
        .readdirSync(mailDir)
        .map((file) => JSON.parse(fs.readFileSync(path.join(mailDir, file), "utf8")) as Record<string, unknown>);
      expect(mails).toEqual([
        expect.objectContaining({
          to: ["ops@example.com"],
          subject: `Margin Guardrail: webhook to ${new URL(other.url).host} disabled`,
        }),
      ]);
      // the next alert does not go to the disabled URL
      const seen = other.received.length;
      await breachingOrder();
      await workers.alerts.drain();
      expect(other.received.length).toBe(seen);

      // with only the gone URL left, an alert is given up at once, saying why
      await prisma.alertSettings.update({ where: { shopId }, data: { webhooks: [`${other.url}/gone`] } });
      const stuck = await breachingOrder();
      await workers.alerts.drain();
      expect(await rowOf(stuck)).toMatchObject({ status: "dead", attempts: 1 });
      expect((await rowOf(stuck)).lastError).toMatch(/disabled \(it answered 410 Gone\)/);

      // "Enable again": only a known key is taken, and the URL gets the next alert
      const key = settings.webhookEndpoints[0].key;
      const context = { shop: { id: shopId, domain: SHOP }, plan: "core" } as unknown as AdminContext;
      const form = (endpoint: string) => {
        const data = new FormData();
        data.set("intent", "enableWebhook");
        data.set("endpoint", endpoint);
        return data;
      };
      expect(await handleAlertsAction(context, form("../etc"), false)).toMatchObject({ ok: false, status: 400 });
      expect((await getAlertSettings(shopId)).webhookEndpoints).toHaveLength(1);
      expect(await enableWebhookEndpoint({ id: shopId, plan: "core" }, key)).toEqual({ ok: true, value: undefined });
      expect((await getAlertSettings(shopId)).webhookEndpoints).toEqual([]);
      const back = await breachingOrder();
      await workers.alerts.drain();
      expect((await rowOf(back)).status).toBe("sent");
      expect(other.received.length).toBe(seen + 1);
      expect(verify(secret, other.received.at(-1)!)).toBeTruthy();
    } finally {
      await other.close();
    }
  });

  it("forgets a URL's state when the merchant removes the URL and saves", async () => {
    const gone = "https://gone.example/hook";
    await prisma.alertSettings.update({
      where: { shopId },
      data: {
        webhooks: [`${receiver.url}/in`, gone],
        webhookEndpointState: {
          [endpointKey(gone)]: { status: "gone", host: "gone.example", since: new Date().toISOString(), detail: "410" },
        },
      },
    });
    expect((await getAlertSettings(shopId)).webhookEndpoints).toHaveLength(1);
    const saved = await saveAlertSettings(
      { id: shopId, plan: "core" },
      {
        emailEnabled: false,
        slackEnabled: false,
        webhookEnabled: true,
        emails: ["ops@example.com"],
        slackChannel: "#alerts",
        webhooks: [`${receiver.url}/in`],
        frequency: "immediate",
        minSeverity: "low",
        quietStart: null,
        quietEnd: null,
        smtpHost: undefined,
        smtpUsername: undefined,
        smtpPassword: undefined,
      },
      { guard: false },
    );
    expect(saved.ok).toBe(true);
    expect((await getAlertSettings(shopId)).webhookEndpoints).toEqual([]);
  });

  it("gives a webhook alert up after about three days and shows the URL as delivery failing until one is delivered", async () => {
    receiver.failNext(500, 500);
    const order = await breachingOrder();
    await workers.alerts.drain();
    // three days pass: the next failure is the last
    await prisma.alertAndActionOutbox.updateMany({
      where: { shopId, channel: "webhook", status: "pending" },
      data: { createdAt: new Date(Date.now() - WEBHOOK_RETRY.giveUpAfterMs + 1000), nextAttemptAt: new Date() },
    });
    await workers.alerts.drain();
    expect(await rowOf(order)).toMatchObject({ status: "dead", attempts: 2 });
    const failing = (await getAlertSettings(shopId)).webhookEndpoints;
    expect(failing).toEqual([
      expect.objectContaining({
        status: "failing",
        host: new URL(receiver.url).host,
        detail: expect.stringMatching(/500/),
      }),
    ]);
    // a day and a half in, a failing alert is still tried (other channels would have given up)
    receiver.failNext(500);
    const younger = await breachingOrder();
    await workers.alerts.drain();
    await prisma.alertAndActionOutbox.updateMany({
      where: { shopId, channel: "webhook", status: "pending" },
      data: { createdAt: new Date(Date.now() - 36 * 60 * 60_000), nextAttemptAt: new Date() },
    });
    await workers.alerts.drain();
    expect(await rowOf(younger)).toMatchObject({ status: "sent", attempts: 2 });
    // delivered again: the state clears
    expect((await getAlertSettings(shopId)).webhookEndpoints).toEqual([]);
  });
});
