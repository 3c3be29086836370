// The webhook signing secret is made when a webhook URL is first saved, not by the first test
// (docs/product.md#alerts): the save answers it in full once,
// later saves and tests never make another, and a refused save makes none.
import { beforeEach, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { ensureShop } from "../../app/db/shops.server";
import { alertSettingsSchema } from "../../app/forms/alerts";
import { handleAlertsAction } from "../../app/routes/_admin.alerts/actions.server";
import { sendTestAlert } from "../../app/services/alerts/test-alert.server";
import { openShopSecret } from "../../app/services/alerts/secrets.server";
import { getAlertSettings, saveAlertSettings } from "../../app/services/alerts/settings.server";
import type { AdminContext } from "../../app/services/shops/admin-context.server";
import { startReceiver } from "../helpers/receiver";

const SHOP = "secret-on-save.myshopify.com";
const receiver = await startReceiver();

const input = (fields: Record<string, string>) =>
  alertSettingsSchema({ production: false }).parse({ emailEnabled: "false", ...fields });

async function storedSecret(shopId: string): Promise<string | null> {
  const row = await prisma.alertSettings.findUniqueOrThrow({ where: { shopId } });
  return row.webhookSecretEncrypted ? openShopSecret(shopId, row.webhookSecretEncrypted) : null;
}

describe("the webhook signing secret is made on the first save of a webhook URL", () => {
  let shopId: string;
  const owner = () => ({ id: shopId, plan: "core" as const });
  beforeEach(async () => {
    shopId = (await ensureShop(SHOP)).id;
    await prisma.shop.update({ where: { id: shopId }, data: { plan: "core", planCheckedAt: new Date() } });
    await prisma.alertSettings.deleteMany({ where: { shopId } });
  });

  it("saving settings without a webhook URL makes no secret", async () => {
    const saved = await saveAlertSettings(owner(), input({ frequency: "hourly" }));
    expect(saved.ok).toBe(true);
    expect(saved.ok && saved.value.signingSecret).toBeUndefined();
    expect(await storedSecret(shopId)).toBeNull();
  });

  it("the first save with a URL makes it and answers it in full once; the next save keeps it", async () => {
    const first = await saveAlertSettings(owner(), input({ webhookEnabled: "true", webhooks: `${receiver.url}/hook` }));
    if (!first.ok) throw new Error(first.error.message);
    expect(first.value.signingSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(await storedSecret(shopId)).toBe(first.value.signingSecret);
    // the view shows it masked, as after a test or a rotation
    expect(first.value.webhookSigningSecret).toBe(`••••${first.value.signingSecret!.slice(-4)}`);
    expect((await getAlertSettings(shopId)).webhookSecretForm).toBe("standard");

    const again = await saveAlertSettings(
      owner(),
      input({ webhookEnabled: "true", webhooks: `${receiver.url}/hook, ${receiver.url}/other` }),
    );
    expect(again.ok && again.value.signingSecret).toBeUndefined();
    expect(await storedSecret(shopId)).toBe(first.value.signingSecret);
  });

  it("a URL saved with webhooks switched off makes it too: the receiver can be set up first", async () => {
    const saved = await saveAlertSettings(owner(), input({ webhooks: `${receiver.url}/hook` }));
    expect(saved.ok && saved.value.signingSecret).toMatch(/^whsec_/);
  });

  it("a refused save makes none", async () => {
    const refused = await saveAlertSettings(
      owner(),
      input({ webhookEnabled: "true", webhooks: "http://127.0.0.1:9/hook" }),
      { guard: true },
    );
    expect(refused.ok).toBe(false);
    expect(await storedSecret(shopId)).toBeNull();
    const free = await saveAlertSettings({ id: shopId, plan: "free" }, input({ webhooks: `${receiver.url}/hook` }));
    expect(free.ok).toBe(false);
    expect(await storedSecret(shopId)).toBeNull();
  });

  it("the Alerts page's save answers the secret; the test webhook after it signs with it and makes none", async () => {
    const context = { shop: { id: shopId, domain: SHOP }, plan: "core" } as unknown as AdminContext;
    const form = new FormData();
    for (const [name, value] of Object.entries({
      intent: "save",
      webhookEnabled: "true",
      webhooks: `${receiver.url}/page`,
      frequency: "immediate",
      minSeverity: "low",
      slackChannel: "#alerts",
    })) {
      form.set(name, value);
    }
    const saved = await handleAlertsAction(context, form, false);
    expect(saved).toMatchObject({ intent: "save", ok: true, toast: { title: "Alert settings saved" } });
    expect(saved.value?.signingSecret).toMatch(/^whsec_/);
    expect(await storedSecret(shopId)).toBe(saved.value?.signingSecret);

    const tested = await sendTestAlert({ id: shopId, domain: SHOP, plan: "core" }, "webhook");
    expect(tested.ok).toBe(true);
    expect(tested.ok && tested.value.signingSecret).toBeUndefined();
    expect(await storedSecret(shopId)).toBe(saved.value?.signingSecret);
    expect(receiver.received.at(-1)?.headers["webhook-signature"]).toMatch(/^v1,/);
  });
});
