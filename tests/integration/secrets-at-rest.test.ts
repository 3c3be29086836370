// Secrets at rest beyond the alert secrets (docs/security.md#secrets-at-rest): the alert
// webhook URLs and Shopify's access and refresh tokens are sealed in the database (its file and
// write-ahead log hold none of them in clear), read back in clear by the settings API, the alert
// channels and Shopify's Admin API client; rows stored in clear before encryption are read, then
// sealed by the reseal pass, once, with several processes running it side by side; a key
// rotation seals again what the previous key sealed.
import { spawn } from "node:child_process";
import fs from "node:fs";
import type { PrismaClient } from "@prisma/client";
import { Session } from "@shopify/shopify-api";
import { setAbstractFetchFunc } from "@shopify/shopify-api/runtime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import type { Alert } from "../../app/domain/alerts/alert-message";
import { derivedSecretKey, openSecret, sealSecret, sealedKeyId } from "../../app/domain/secret-box";
import { getEnv } from "../../app/env.server";
import { sendAlert } from "../../app/services/alerts/channels.server";
import { getAlertSettings } from "../../app/services/alerts/settings.server";
import { resealSecretsAtRest, vacuumSecretTables, type ResealReport } from "../../app/services/secrets-at-rest.server";
import { openSessionToken, resealSessions, sealSessionToken } from "../../app/db/encrypted-session-storage.server";
import { forgetCachedSessions } from "../../app/db/session-cache.server";
import { ensureShop } from "../../app/db/shops.server";
import { readValue } from "../helpers/postgres-databases";
import { waitUntil } from "../helpers/app-server";
import { startReceiver } from "../helpers/receiver";
import { callRoute, storeOfflineSession } from "../helpers/shopify";

const DATABASE_URL = process.env.DATABASE_URL!;
const SHOP = "sealed-at-rest.myshopify.com";
const LEGACY = "legacy-in-clear.myshopify.com";
const hook = await startReceiver();
const slack = await startReceiver();
const { sessionStorage, unauthenticated } = await import("../../app/shopify.server");
const settingsRoute = await import("../../app/routes/api.alerts.settings");

const alert: Alert = {
  id: "outbox-sealed-1",
  shopDomain: SHOP,
  event: {
    id: "event-sealed-1",
    severity: "high",
    message: "Order #2001 took 45% off, above the 30% limit",
    orderId: "gid://shopify/Order/2001",
    orderName: "#2001",
    discountCodes: ["STAFF45"],
    discountPercent: 45,
    totalDiscountCents: 4_500,
    overLimitCents: 1_500,
    currency: "USD",
    ruleName: "Max 30% off any order",
    threshold: 30,
    createdAt: new Date("2026-11-25T06:00:00Z"),
  },
};

/** What the database holds, as text: SQLite's file and write-ahead log, or PostgreSQL's rows. */
async function storedText(): Promise<string> {
  if (!DATABASE_URL.startsWith("file:")) {
    const rows = await Promise.all(
      ["Session", "AlertSettings", "AlertOutbox"].map((table) =>
        readValue(DATABASE_URL, `SELECT coalesce(string_agg(row_to_json(t)::text, ''), '') FROM "${table}" t`),
      ),
    );
    return rows.join("");
  }
  const file = DATABASE_URL.slice("file:".length);
  return [file, `${file}-wal`]
    .filter((path) => fs.existsSync(path))
    .map((path) => fs.readFileSync(path).toString("latin1"))
    .join("");
}

const noneLeft = (report: ResealReport) =>
  [report.sessions, report.alertSettings].every((count) => !count.sealed && !count.resealed && !count.unopenable);

beforeAll(async () => {
  if (DATABASE_URL.startsWith("file:")) await prisma.$queryRawUnsafe("PRAGMA journal_mode = WAL");
});
afterAll(async () => {
  await Promise.all([hook.close(), slack.close()]);
});

describe("webhook URLs and access tokens sealed at rest", () => {
  let shopId: string;
  beforeAll(async () => {
    shopId = (await ensureShop(SHOP)).id;
    await storeOfflineSession(SHOP);
    await prisma.shop.update({ where: { id: shopId }, data: { plan: "core", planCheckedAt: new Date() } });
  });

  it("seals the URLs the settings API saves, shows the webhook URLs in full again, and alerts reach them", async () => {
    const webhookUrl = `${hook.url}/hooks/catch/1234/webhook-path-in-clear`;
    const slackUrl = `${slack.url}/services/T0/B0/slack-path-in-clear`;
    const saved = await callRoute(settingsRoute.action, "/api/alerts/settings", SHOP, "PUT", {
      emailEnabled: false,
      webhookEnabled: true,
      webhooks: [webhookUrl],
      slackEnabled: true,
      slackWebhook: slackUrl,
    });
    expect(saved.status).toBe(200);
    // the API contract is unchanged: webhook URLs in full, the Slack URL masked
    expect(await saved.json()).toMatchObject({ webhooks: [webhookUrl], slackWebhook: "••••lear" });
    const read = await callRoute(settingsRoute.loader, "/api/alerts/settings", SHOP);
    expect(await read.json()).toMatchObject({ webhooks: [webhookUrl], slackWebhook: "••••lear" });

    const row = await prisma.alertSettings.findUniqueOrThrow({ where: { shopId } });
    expect(row.webhooks).toEqual([expect.stringMatching(/^v1:[0-9a-f]{8}:/)]);
    if (DATABASE_URL.startsWith("file:")) await prisma.$queryRawUnsafe("PRAGMA wal_checkpoint(TRUNCATE)");
    const text = await storedText();
    expect(text).toContain(SHOP); // reading the database does find text stored in clear
    for (const secret of ["webhook-path-in-clear", "slack-path-in-clear", hook.url, slack.url]) {
      expect(text).not.toContain(secret);
    }

    expect(await sendAlert("webhook", shopId, alert)).toEqual({ ok: true, value: "1 webhook" });
    expect(hook.received.at(-1)!.path).toBe("/hooks/catch/1234/webhook-path-in-clear");
    expect(JSON.parse(hook.received.at(-1)!.body)).toMatchObject({ id: "outbox-sealed-1" });
    expect(await sendAlert("slack", shopId, alert)).toMatchObject({ ok: true });
    expect(slack.received.at(-1)!.path).toBe("/services/T0/B0/slack-path-in-clear");
  });

  it("names only the host of a webhook URL in a failed delivery's error (errors are stored)", async () => {
    const closed = await startReceiver();
    const url = `${closed.url}/hooks/failing-path-in-clear`;
    await closed.close();
    await callRoute(settingsRoute.action, "/api/alerts/settings", SHOP, "PUT", {
      webhookEnabled: true,
      webhooks: [url],
    });
    const result = await sendAlert("webhook", shopId, alert);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.message).toContain(new URL(url).host);
    expect(!result.ok && result.error.message).not.toContain("failing-path-in-clear");
  });

  it("seals the access and refresh tokens stored at install; Shopify's Admin API gets them in clear", async () => {
    await sessionStorage.storeSession(
      new Session({
        id: `offline_${SHOP}`,
        shop: SHOP,
        state: "state",
        isOnline: false,
        scope: "read_orders",
        accessToken: "shpat_access-token-in-clear",
        refreshToken: "shprt_refresh-token-in-clear",
        expires: new Date(Date.now() + 3_600_000),
        refreshTokenExpires: new Date(Date.now() + 86_400_000),
      }),
    );
    const row = await prisma.session.findUniqueOrThrow({ where: { id: `offline_${SHOP}` } });
    expect(sealedKeyId(row.accessToken)).toBe(getEnv().secretKeys[0]!.id);
    expect(sealedKeyId(row.refreshToken!)).toBe(getEnv().secretKeys[0]!.id);
    if (DATABASE_URL.startsWith("file:")) await prisma.$queryRawUnsafe("PRAGMA wal_checkpoint(TRUNCATE)");
    const text = await storedText();
    expect(text).not.toContain("access-token-in-clear");
    expect(text).not.toContain("refresh-token-in-clear");

    // from the database, not the in-memory cache: the Admin API client gets the token in clear
    forgetCachedSessions();
    const sent: string[] = [];
    setAbstractFetchFunc(async (_input, init) => {
      sent.push(new Headers(init?.headers).get("X-Shopify-Access-Token") ?? "");
      return new Response(JSON.stringify({ data: { shop: { name: "Sealed" } } }), {
        status: 200,
        headers: { "Content-Type": "application/json" },
      });
    });
    const { admin } = await unauthenticated.admin(SHOP);
    const response = await admin.graphql("{ shop { name } }");
    expect(await response.json()).toMatchObject({ data: { shop: { name: "Sealed" } } });
    expect(sent).toEqual(["shpat_access-token-in-clear"]);
    expect((await sessionStorage.findSessionsByShop(SHOP)).map((session) => session.refreshToken)).toEqual([
      "shprt_refresh-token-in-clear",
    ]);
  });

  it("reads rows stored in clear before encryption, seals them in one pass, and then finds nothing to do", async () => {
    const legacyId = (await ensureShop(LEGACY)).id;
    const legacyUrl = `${hook.url}/legacy-path-in-clear`;
    await prisma.session.create({
      data: {
        id: `offline_${LEGACY}`,
        shop: LEGACY,
        state: "state",
        isOnline: false,
        accessToken: "shpat_legacy-token-in-clear",
        refreshToken: "shprt_legacy-refresh-in-clear",
        // an expiring pair, good for the test's length: one with no expiry is refreshed at once
        // (docs/operations.md#shopify-access-tokens), which is not what this test is about
        expires: new Date(Date.now() + 60 * 60_000),
      },
    });
    await prisma.alertSettings.update({
      where: { shopId: legacyId },
      data: { webhookEnabled: true, webhooks: [legacyUrl] },
    });
    // rows written after them: the pass rewrites theirs in the middle of a page, not at its end
    await ensureShop("neighbour.myshopify.com");
    await storeOfflineSession("neighbour.myshopify.com");
    // before the pass: read as they are
    forgetCachedSessions();
    expect((await sessionStorage.loadSession(`offline_${LEGACY}`))?.accessToken).toBe("shpat_legacy-token-in-clear");
    expect((await getAlertSettings(legacyId)).webhooks).toEqual([legacyUrl]);
    expect(await sendAlert("webhook", legacyId, alert)).toMatchObject({ ok: true });
    expect(hook.received.at(-1)!.path).toBe("/legacy-path-in-clear");

    const report = await resealSecretsAtRest();
    expect(report).toEqual({
      sessions: { sealed: 1, resealed: 0, unopenable: 0 },
      alertSettings: { sealed: 1, resealed: 0, unopenable: 0 },
    });
    const session = await prisma.session.findUniqueOrThrow({ where: { id: `offline_${LEGACY}` } });
    expect(sealedKeyId(session.accessToken)).not.toBeNull();
    expect(sealedKeyId(session.refreshToken!)).not.toBeNull();
    const settings = await prisma.alertSettings.findUniqueOrThrow({ where: { shopId: legacyId } });
    expect(settings.webhooks).toEqual([expect.stringMatching(/^v1:/)]);
    // the pass leaves no copy of what it sealed (SQLite: zeroed free space, checkpointed log)...
    let text = await storedText();
    for (const secret of ["legacy-token-in-clear", "legacy-refresh-in-clear"]) expect(text).not.toContain(secret);
    // ...but earlier updates of a row in clear may have (the webhook URL's row got its signing
    // secret at the first delivery): rewriting the tables removes those too
    await vacuumSecretTables();
    text = await storedText();
    for (const secret of ["legacy-token-in-clear", "legacy-refresh-in-clear", "legacy-path-in-clear"]) {
      expect(text).not.toContain(secret);
    }

    // after the pass: the same values in clear
    forgetCachedSessions();
    const loaded = await sessionStorage.loadSession(`offline_${LEGACY}`);
    expect([loaded?.accessToken, loaded?.refreshToken]).toEqual([
      "shpat_legacy-token-in-clear",
      "shprt_legacy-refresh-in-clear",
    ]);
    expect((await getAlertSettings(legacyId)).webhooks).toEqual([legacyUrl]);
    expect(await sendAlert("webhook", legacyId, alert)).toMatchObject({ ok: true });
    expect(hook.received.at(-1)!.path).toBe("/legacy-path-in-clear");

    // idempotent: a second pass writes nothing
    expect(noneLeft(await resealSecretsAtRest())).toBe(true);
    expect((await prisma.session.findUniqueOrThrow({ where: { id: `offline_${LEGACY}` } })).accessToken).toBe(
      session.accessToken,
    );
  });

  it("leaves a row another process sealed between the pass's read and its write", async () => {
    await prisma.session.create({
      data: { id: "offline_raced.myshopify.com", shop: "raced.myshopify.com", state: "s", accessToken: "shpat_raced" },
    });
    const keys = getEnv().secretKeys;
    let other: Awaited<ReturnType<typeof resealSessions>> | null = null;
    // the other process's whole pass runs just before this pass writes
    const racing = new Proxy(prisma, {
      get(target, property) {
        if (property !== "session") return Reflect.get(target, property);
        return new Proxy(target.session, {
          get(session, method) {
            if (method !== "updateMany") return Reflect.get(session, method);
            return async (args: Parameters<typeof session.updateMany>[0]) => {
              other ??= await resealSessions(prisma, keys);
              return session.updateMany(args);
            };
          },
        });
      },
    }) as PrismaClient;
    const mine = await resealSessions(racing, keys);
    expect(other).toEqual({ sealed: 1, resealed: 0, unopenable: 0 });
    expect(mine).toEqual({ sealed: 0, resealed: 0, unopenable: 0 });
    const stored = (await prisma.session.findUniqueOrThrow({ where: { id: "offline_raced.myshopify.com" } }))
      .accessToken;
    // sealed once: it opens to the token, not to another sealed value
    expect(openSessionToken("raced.myshopify.com", stored, keys)).toBe("shpat_raced");
  });

  it("never writes over a merchant's save made between the pass's read and its write", async () => {
    const { id } = await ensureShop("saved-meanwhile.myshopify.com");
    await prisma.shop.update({ where: { id }, data: { plan: "core" } });
    await prisma.alertSettings.update({
      where: { shopId: id },
      data: { webhookEnabled: true, webhooks: ["https://hooks.example.com/old-in-clear"] },
    });
    const { saveAlertSettings } = await import("../../app/services/alerts/settings.server");
    const { alertSettingsSchema } = await import("../../app/forms/alerts");
    const input = alertSettingsSchema({ production: false }).parse({
      webhookEnabled: true,
      webhooks: "https://hooks.example.com/new",
    });
    let saved = false;
    const racing = new Proxy(prisma, {
      get(target, property) {
        if (property !== "alertSettings") return Reflect.get(target, property);
        return new Proxy(target.alertSettings, {
          get(settings, method) {
            if (method !== "updateMany") return Reflect.get(settings, method);
            return async (args: Parameters<typeof settings.updateMany>[0]) => {
              if (!saved) {
                saved = true;
                // a later updatedAt than the one the pass read, whatever the clock's resolution
                await new Promise((resolve) => setTimeout(resolve, 5));
                expect((await saveAlertSettings({ id, plan: "core" }, input)).ok).toBe(true);
              }
              return settings.updateMany(args);
            };
          },
        });
      },
    }) as PrismaClient;
    const report = await resealSecretsAtRest({ db: racing });
    expect(saved).toBe(true);
    expect(report.alertSettings).toEqual({ sealed: 0, resealed: 0, unopenable: 0 });
    expect((await getAlertSettings(id)).webhooks).toEqual(["https://hooks.example.com/new"]);
    const stored = await prisma.alertSettings.findUniqueOrThrow({ where: { shopId: id } });
    expect(stored.webhooks).toEqual([expect.stringMatching(/^v1:/)]);
  });

  it("seals every row once with three processes running the pass side by side", async () => {
    const count = 120;
    const shops = Array.from({ length: count }, (_, index) => `side-by-side-${index}.myshopify.com`);
    await prisma.session.createMany({
      data: shops.map((shop, index) => ({
        id: `offline_${shop}`,
        shop,
        state: "state",
        accessToken: `shpat_side-${index}`,
      })),
    });
    for (const [index, shop] of shops.entries()) {
      const { id } = await ensureShop(shop);
      await prisma.alertSettings.update({
        where: { shopId: id },
        data: { webhooks: [`https://hooks.example.com/side-${index}`] },
      });
    }
    const child = () =>
      new Promise<ResealReport>((resolve, reject) => {
        const process_ = spawn(process.execPath, ["--import", "tsx", "scripts/reseal-secrets.ts"], {
          env: process.env,
          stdio: ["ignore", "pipe", "pipe"],
        });
        let out = "";
        let err = "";
        process_.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
        process_.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
        process_.on("exit", (code) => {
          const json = out.split("\n").find((line) => line.startsWith("{"));
          if (code === 0 && json) resolve(JSON.parse(json) as ResealReport);
          else reject(new Error(`reseal-secrets exited ${code}: ${out}${err}`));
        });
      });
    const children = [child(), child()];
    // this process joins in once a child's pass has begun writing
    const sealedSoFar = () =>
      prisma.session.count({ where: { shop: { in: shops }, accessToken: { startsWith: "v1:" } } });
    await waitUntil(async () => (await sealedSoFar()) > 0, 30_000);
    const reports = await Promise.all([...children, resealSecretsAtRest()]);
    const total = (pick: (report: ResealReport) => number) => reports.reduce((sum, report) => sum + pick(report), 0);
    expect(total((report) => report.sessions.sealed)).toBe(count);
    expect(total((report) => report.alertSettings.sealed)).toBe(count);

    const keys = getEnv().secretKeys;
    const sessions = await prisma.session.findMany({ where: { shop: { in: shops } } });
    expect(sessions).toHaveLength(count);
    for (const session of sessions) {
      const index = shops.indexOf(session.shop);
      expect(openSessionToken(session.shop, session.accessToken, keys)).toBe(`shpat_side-${index}`);
    }
    for (const [index, shop] of shops.entries()) {
      const { id } = await ensureShop(shop);
      expect((await getAlertSettings(id)).webhooks).toEqual([`https://hooks.example.com/side-${index}`]);
    }
    expect(noneLeft(await resealSecretsAtRest())).toBe(true);
  }, 120_000);

  it("seals again with the current key what a previous key sealed, and leaves what no configured key opens", async () => {
    const [current] = getEnv().secretKeys;
    const previous = derivedSecretKey("a retired key");
    const lost = derivedSecretKey("a key nobody kept");
    const shop = "rotated.myshopify.com";
    const { id } = await ensureShop(shop);
    await prisma.session.create({
      data: {
        id: `offline_${shop}`,
        shop,
        state: "state",
        accessToken: sealSessionToken(shop, "shpat_rotated", previous),
      },
    });
    await prisma.alertSettings.update({
      where: { shopId: id },
      data: {
        webhooks: [sealSecret("https://hooks.example.com/rotated", id, previous)],
        slackWebhookEncrypted: sealSecret("https://hooks.slack.com/services/T/B/rotated", id, previous),
        smtpPasswordEncrypted: sealSecret("smtp-rotated", id, previous),
      },
    });
    await prisma.session.create({
      data: {
        id: "offline_lost.myshopify.com",
        shop: "lost.myshopify.com",
        state: "state",
        accessToken: sealSessionToken("lost.myshopify.com", "shpat_lost", lost),
      },
    });

    const keys = [current!, previous];
    const report = await resealSecretsAtRest({ keys });
    expect(report).toEqual({
      sessions: { sealed: 0, resealed: 1, unopenable: 1 },
      alertSettings: { sealed: 0, resealed: 1, unopenable: 0 },
    });
    // everything opens with the current key alone now: the previous one can be removed
    const session = await prisma.session.findUniqueOrThrow({ where: { id: `offline_${shop}` } });
    expect(openSessionToken(shop, session.accessToken, [current!])).toBe("shpat_rotated");
    const settings = await prisma.alertSettings.findUniqueOrThrow({ where: { shopId: id } });
    expect(openSecret((settings.webhooks as string[])[0]!, id, [current!])).toBe("https://hooks.example.com/rotated");
    expect(openSecret(settings.slackWebhookEncrypted!, id, [current!])).toBe(
      "https://hooks.slack.com/services/T/B/rotated",
    );
    expect(openSecret(settings.smtpPasswordEncrypted!, id, [current!])).toBe("smtp-rotated");
    // the token whose key is lost: left as it is, and loaded as missing (the shop's next visit makes a new one)
    const lostRow = await prisma.session.findUniqueOrThrow({ where: { id: "offline_lost.myshopify.com" } });
    expect(sealedKeyId(lostRow.accessToken)).toBe(lost.id);
    forgetCachedSessions();
    expect(await sessionStorage.loadSession("offline_lost.myshopify.com")).toBeUndefined();
    await prisma.session.delete({ where: { id: "offline_lost.myshopify.com" } });
  });
});
