// A server killed with SIGKILL mid-delivery (docs/operations.md#repeated-alerts): delivery is
// at least once, so the alerts it had sent but not recorded go out again from the next server.
// Every channel's repeat carries its first delivery's id: the e-mail's Message-ID, the Slack
// message's "Alert <id>" line, the webhook's Idempotency-Key. The stand-ins: an SMTP server
// (the app's SMTP_URL), an HTTP receiver for Slack's incoming webhook, one for a webhook.
import { afterAll, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { alertOfMessageId } from "../../app/domain/alerts/alert-identity";
import { alertSettingsSchema } from "../../app/forms/alerts";
import { ALERT_BATCH } from "../../app/services/alerts/delivery.server";
import { saveAlertSettings } from "../../app/services/alerts/settings.server";
import { startAppServer, waitUntil, type AppServer } from "../helpers/app-server";
import { lapseDeadClaims, outboxCount, sampleAlertEvent } from "../helpers/breaches";
import { startReceiver } from "../helpers/receiver";
import { startSmtpServer } from "../helpers/smtp";
import { TEST_API_SECRET } from "../helpers/test-env";

const DATABASE_URL = process.env.DATABASE_URL!;
const CHANNELS = ["email", "slack", "webhook"] as const;
type Channel = (typeof CHANNELS)[number];
/** Alerts per channel: more than one batch in all, so some are sent once only. */
const PER_CHANNEL = 50;

const smtp = await startSmtpServer();
const slack = await startReceiver();
const hook = await startReceiver();
const servers: AppServer[] = [];

/** Servers on this file's database, with the app's SMTP server, opening the secrets this process sealed. */
async function startServer(): Promise<AppServer> {
  const server = await startAppServer(
    // the sealing key is derived from the API secret outside production: the same as this process's
    { SMTP_URL: smtp.url, SHOPIFY_API_SECRET: TEST_API_SECRET },
    { databaseUrl: DATABASE_URL },
  );
  servers.push(server);
  return server;
}

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await Promise.all([smtp.close(), slack.close(), hook.close()]);
});

/** The id each delivery carries, read the way a receiver would. */
const idOf: Record<Channel, (index: number) => string | undefined> = {
  email: (index) => {
    const messageId = smtp.received[index].raw.match(/^Message-ID: (.*)$/im)?.[1] ?? "";
    return alertOfMessageId(messageId)?.id;
  },
  slack: (index) => {
    const blocks = JSON.parse(slack.received[index].body).blocks as { type: string; elements?: { text: string }[] }[];
    return blocks.at(-1)?.elements?.[0]?.text.match(/^Alert (\S+)$/)?.[1];
  },
  webhook: (index) => hook.received[index].headers["idempotency-key"] as string | undefined,
};
const received: Record<Channel, () => unknown[]> = {
  email: () => smtp.received,
  slack: () => slack.received,
  webhook: () => hook.received,
};

describe("a server killed with SIGKILL mid-delivery, on every channel", () => {
  it("delivers every alert at least once, and each repeat carries the same id", async () => {
    const shop = await prisma.shop.create({ data: { domain: "crash-duplicates.myshopify.com", plan: "core" } });
    const saved = await saveAlertSettings(
      { id: shop.id, plan: "core" },
      alertSettingsSchema({ production: false }).parse({
        emailEnabled: true,
        emails: ["ops@example.com"],
        slackEnabled: true,
        slackWebhook: `${slack.url}/services/T1/B1/x`,
        webhookEnabled: true,
        webhooks: [`${hook.url}/margin-alerts`],
      }),
    );
    expect(saved.ok).toBe(true);
    // due one after another, the channels in turn: the first batch takes about a third of each
    const due = Date.now() - 10_000;
    await prisma.alertAndActionOutbox.createMany({
      data: Array.from({ length: PER_CHANNEL }, (_, index) =>
        CHANNELS.map((channel, turn) => ({
          shopId: shop.id,
          channel,
          payload: { ...sampleAlertEvent(index + 1), createdAt: new Date().toISOString() },
          status: "pending",
          nextAttemptAt: new Date(due + index * CHANNELS.length + turn),
        })),
      ).flat(),
    });

    // Slack and the webhook receiver take each request and hold the answer: the batch is sent
    // (the SMTP server accepts at once) but never finished, as if the process died right after
    slack.hold();
    hook.hold();
    const first = await startServer();
    const total = () => smtp.received.length + slack.received.length + hook.received.length;
    await waitUntil(async () => total() > 0 && total() === (await outboxCount(shop.id, "sending")));
    first.process.kill("SIGKILL");
    await new Promise((resolve) => first.process.once("exit", resolve));
    slack.release();
    hook.release();

    const inFlight = await lapseDeadClaims(shop.id);
    expect(inFlight).toBe(Math.min(ALERT_BATCH, 3 * PER_CHANNEL));
    expect(await outboxCount(shop.id, "sent")).toBe(0);
    await startServer();
    await waitUntil(async () => (await outboxCount(shop.id, "sent")) === 3 * PER_CHANNEL);

    const rows = await prisma.alertAndActionOutbox.findMany({ where: { shopId: shop.id } });
    const duplicates: Record<string, number> = {};
    for (const channel of CHANNELS) {
      const ids = received[channel]().map((_, index) => idOf[channel](index));
      // every delivery is recognisable: it names an alert of this channel
      const mine = new Set(rows.filter((row) => row.channel === channel).map((row) => row.id));
      expect(ids.every((id) => id !== undefined && mine.has(id))).toBe(true);
      const perAlert = new Map<string, number>();
      for (const id of ids) perAlert.set(id!, (perAlert.get(id!) ?? 0) + 1);
      // at least once: every alert; and an alert arrived twice exactly when it was in flight at the kill
      expect(perAlert.size).toBe(PER_CHANNEL);
      for (const row of rows.filter((row) => row.channel === channel)) {
        expect(perAlert.get(row.id)).toBe(row.attempts);
      }
      duplicates[channel] = ids.length - perAlert.size;
    }
    const repeated = Object.values(duplicates).reduce((sum, count) => sum + count, 0);
    // the repeats are the batch that was in flight, and no more
    expect(repeated).toBe(inFlight);
    for (const channel of CHANNELS) expect(duplicates[channel]).toBeGreaterThan(0);
    console.log(
      `[kill -9] ${3 * PER_CHANNEL} alerts, ${inFlight} in flight at the kill; delivered twice, same id: ` +
        CHANNELS.map((channel) => `${channel} ${duplicates[channel]}`).join(", "),
    );
    // about 25 s on an idle 2-core machine, most of it the two servers' starts
  }, 180_000);
});
