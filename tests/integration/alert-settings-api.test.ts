import { beforeAll, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { ensureShop } from "../../app/db/shops.server";
import { adminRequest, settle, storeOfflineSession } from "../helpers/shopify";
import { PROBES } from "../fuzz/inputs";

const SHOP = "alerts-api.myshopify.com";
const OTHER = "alerts-other.myshopify.com";
const route = await import("../../app/routes/api.alerts.settings");

type Handler = (args: {
  request: Request;
  params: Record<string, string>;
  context: Record<string, unknown>;
}) => unknown;

async function call(handler: Handler, shop: string, init: RequestInit = {}) {
  const request = await adminRequest("/api/alerts/settings", shop, { init });
  return (await settle(() => Promise.resolve(handler({ request, params: {}, context: {} })))) as Response;
}
const put = (shop: string, body: unknown) =>
  call(route.action as Handler, shop, {
    method: "PUT",
    body: JSON.stringify(body),
    headers: { "Content-Type": "application/json" },
  });

const SLACK = "https://hooks.slack.com/services/T1/B1/abcdEFGH1234";

describe("alert settings API", () => {
  let shopId: string;
  beforeAll(async () => {
    shopId = (await ensureShop(SHOP)).id;
    await ensureShop(OTHER);
    await storeOfflineSession(SHOP);
    await storeOfflineSession(OTHER);
    await prisma.shop.update({ where: { id: shopId }, data: { plan: "core", planCheckedAt: new Date() } });
  });

  it("reads the defaults: e-mail on, immediate, low, #alerts", async () => {
    const response = await call(route.loader as Handler, SHOP);
    expect(await response.json()).toMatchObject({
      emailEnabled: true,
      slackEnabled: false,
      webhookEnabled: false,
      frequency: "immediate",
      minSeverity: "low",
      slackChannel: "#alerts",
      slackWebhook: null,
      smtpPort: 587,
    });
  });

  it("saves on Core, seals the Slack URL and never sends it back in clear", async () => {
    const response = await put(SHOP, {
      emailEnabled: true,
      emails: ["ops@example.com"],
      slackEnabled: true,
      slackWebhook: SLACK,
      severity: "high",
      frequency: "hourly",
      quietStart: "22:00",
      quietEnd: "08:00",
      emailConfig: { smtpHost: "smtp.example.com", smtpPort: 465, smtpUsername: "ops", smtpPassword: "hunter22" },
    });
    expect(response.status).toBe(200);
    const view = await response.json();
    expect(view).toMatchObject({
      slackEnabled: true,
      slackWebhook: "••••1234",
      smtpPassword: "••••er22",
      minSeverity: "high",
    });
    expect(JSON.stringify(view)).not.toContain("hooks.slack.com");
    const row = await prisma.alertSettings.findUniqueOrThrow({ where: { shopId } });
    expect(row.slackWebhookEncrypted).not.toContain("hooks.slack.com");
    // saving again without the secret keeps it
    const again = await put(SHOP, { emailEnabled: true, emails: ["ops@example.com"], slackEnabled: true });
    expect((await again.json()).slackWebhook).toBe("••••1234");
  });

  it("names invalid fields and saves nothing", async () => {
    const before = await prisma.alertSettings.findUniqueOrThrow({ where: { shopId } });
    const response = await put(SHOP, {
      emails: "ops@example.com, nope",
      webhooks: "example.com",
      quietStart: "25:00",
      quietEnd: "08:00",
    });
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual({
      emails: ['"nope" is not an e-mail address'],
      webhooks: ['"example.com" is not a URL'],
      quietStart: ["Enter a time such as 22:00 or 08:00"],
    });
    expect(await prisma.alertSettings.findUniqueOrThrow({ where: { shopId } })).toEqual(before);
  });

  it("refuses changes on Free with 403 JSON, and turning Slack on without a URL", async () => {
    const other = await prisma.shop.findUniqueOrThrow({ where: { domain: OTHER } });
    const before = await prisma.alertSettings.findUniqueOrThrow({ where: { shopId: other.id } });
    const free = await put(OTHER, { emailEnabled: true, emails: ["x@example.com"], frequency: "daily" });
    expect(free.status).toBe(403);
    expect(await free.json()).toEqual({ error: "Alerts come with the Core plan. Upgrade to Core to send alerts." });
    expect(await prisma.alertSettings.findUniqueOrThrow({ where: { shopId: other.id } })).toEqual(before);
    await prisma.shop.update({ where: { id: other.id }, data: { plan: "core", planCheckedAt: new Date() } });
    // (e-mail, on by default with no recipient yet, is turned off: fields not sent keep their values)
    const noUrl = await put(OTHER, { emailEnabled: false, slackEnabled: true });
    expect(noUrl.status).toBe(400);
    expect((await noUrl.json()).errors.slackWebhook).toEqual([
      "Paste the Slack incoming-webhook URL, or turn Slack alerts off",
    ]);
  });

  it("refuses URLs to private or local addresses when saving, with the production guard on", async () => {
    const { saveAlertSettings } = await import("../../app/services/alerts/settings.server");
    const { alertSettingsSchema } = await import("../../app/forms/alerts");
    const input = alertSettingsSchema({ production: false }).parse({
      webhookEnabled: true,
      webhooks: "http://127.0.0.1:8080/hook, http://169.254.169.254/latest",
    });
    const result = await saveAlertSettings({ id: shopId, plan: "core" }, input, { guard: true });
    expect(result).toMatchObject({
      ok: false,
      error: {
        status: 400,
        fields: {
          webhooks: [
            "127.0.0.1 points at a private or local address; alerts go only to public addresses",
            "169.254.169.254 points at a private or local address; alerts go only to public addresses",
          ],
        },
      },
    });
  });

  it("takes the product's own body as it is: what it leaves out keeps its stored value", async () => {
    const saved = await put(SHOP, {
      emailEnabled: true,
      emails: ["ops@example.com"],
      webhookEnabled: true,
      webhooks: ["https://hooks.example.com/margin"],
      slackEnabled: false,
      quietStart: "22:00",
      quietEnd: "07:00",
    });
    expect(saved.status).toBe(200);
    const seedBody = {
      emailEnabled: true,
      slackEnabled: false,
      webhookEnabled: true,
      emailConfig: { smtpHost: "smtp.example.com", smtpPort: 2525, smtpUsername: "mailer", smtpPassword: "s3cret" },
      frequency: "hourly",
      severity: "high",
    };
    const response = await put(SHOP, seedBody);
    expect(response.status).toBe(200);
    expect(await (await call(route.loader as Handler, SHOP)).json()).toMatchObject({
      emailEnabled: true,
      webhookEnabled: true,
      emails: ["ops@example.com"],
      webhooks: ["https://hooks.example.com/margin"],
      quietStart: "22:00",
      quietEnd: "07:00",
      frequency: "hourly",
      minSeverity: "high",
      smtpHost: "smtp.example.com",
      smtpPort: 2525,
      smtpUsername: "mailer",
    });
    // what it sends is still checked: a bad severity changes nothing
    const bad = await put(SHOP, { ...seedBody, severity: "loud", frequency: "daily" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors.minSeverity).toBeDefined();
    expect((await (await call(route.loader as Handler, SHOP)).json()).frequency).toBe("hourly");
  });

  it("refuses every probe of a wrong type with 400, the field named, and stores nothing", async () => {
    const stored = () => prisma.alertSettings.findUniqueOrThrow({ where: { shopId } });
    expect((await put(SHOP, { emailConfig: { smtpHost: "smtp.example.com", smtpPort: 587 } })).status).toBe(200);
    const before = await stored();
    const refused = async (body: Record<string, unknown>, field: string, message?: string) => {
      const response = await put(SHOP, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const { errors } = await response.json();
      expect(Object.keys(errors), JSON.stringify(body)).toEqual([field]);
      if (message) expect(errors[field], JSON.stringify(body)).toEqual([message]);
    };
    for (const smtpPort of PROBES.wholeNumber) {
      const message =
        smtpPort === 2 ** 53 + 1
          ? "The SMTP port is between 1 and 65535"
          : "The SMTP port is a whole number from 1 to 65535";
      await refused({ smtpPort }, "smtpPort", message);
      await refused({ emailConfig: { smtpPort } }, "smtpPort", message);
    }
    // {"toString":1} was a 500: String() on it threw
    for (const value of PROBES.list) {
      await refused(
        { emails: value },
        "emails",
        "E-mail recipients must be a list: a JSON array, or text separated by commas",
      );
      await refused(
        { webhooks: value },
        "webhooks",
        "Webhook URLs must be a list: a JSON array, or text separated by commas",
      );
    }
    await refused({ emails: [{ toString: 1 }] }, "emails", "An e-mail recipient must be text");
    await refused({ emailConfig: "smtp.example.com:25" }, "emailConfig");
    for (const smtpUsername of PROBES.text) await refused({ emailConfig: { smtpUsername } }, "smtpUsername");
    expect(await stored()).toEqual(before);
    // a port as decimal digits is a port
    const fine = await put(SHOP, { emailConfig: { smtpHost: "smtp.example.com", smtpPort: " 2525 " } });
    expect(fine.status).toBe(200);
    expect((await stored()).smtpPort).toBe(2525);
  });

  it("answers 401 JSON without a session token", async () => {
    const request = new Request("https://my-test-app.myshopify.io/api/alerts/settings");
    const response = (await settle(() =>
      Promise.resolve((route.loader as Handler)({ request, params: {}, context: {} })),
    )) as Response;
    expect(response.status).toBe(401);
  });
});
