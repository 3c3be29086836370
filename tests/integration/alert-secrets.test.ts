// Merchant secrets are sealed before they reach the database: the file holds no secret in clear.
import fs from "node:fs";
import { expect, it } from "vitest";
import prisma from "../../app/db.server";
import { openShopSecret, sealShopSecret } from "../../app/services/alerts/secrets.server";
import { ensureShop } from "../../app/db/shops.server";
import { readValue } from "../helpers/postgres-databases";

/** What the database holds: SQLite's file and write-ahead log, or PostgreSQL's rows as text. */
async function storedBytes(): Promise<Buffer> {
  const url = process.env.DATABASE_URL!;
  if (!url.startsWith("file:")) {
    const text = await readValue(url, `SELECT string_agg(row_to_json(t)::text, '') FROM "AlertSettings" t`);
    return Buffer.from(String(text));
  }
  await prisma.$queryRawUnsafe("PRAGMA wal_checkpoint(TRUNCATE)");
  const file = url.replace(/^file:/, "");
  return Buffer.concat(
    [file, `${file}-wal`].filter((path) => fs.existsSync(path)).map((path) => fs.readFileSync(path)),
  );
}

it("stores the Slack URL, the SMTP password and the signing secret unreadable in the database file", async () => {
  const shop = await ensureShop("secrets.myshopify.com");
  const slack = "https://hooks.slack.com/services/T0SECRET/B0SECRET/slack-token-in-clear";
  const password = "smtp-password-in-clear";
  const signing = "whsec_signing-secret-in-clear";
  await prisma.alertSettings.update({
    where: { shopId: shop.id },
    data: {
      slackWebhookEncrypted: sealShopSecret(shop.id, slack),
      smtpPasswordEncrypted: sealShopSecret(shop.id, password),
      webhookSecretEncrypted: sealShopSecret(shop.id, signing),
      // a field stored in clear, to show that reading the file does find text
      slackChannel: "#control-channel-in-clear",
    },
  });
  const bytes = await storedBytes();
  expect(bytes.includes("#control-channel-in-clear")).toBe(true);
  for (const secret of [slack, password, signing, "slack-token-in-clear"]) expect(bytes.includes(secret)).toBe(false);
  const stored = await prisma.alertSettings.findUniqueOrThrow({ where: { shopId: shop.id } });
  expect(openShopSecret(shop.id, stored.slackWebhookEncrypted!)).toBe(slack);
  expect(openShopSecret(shop.id, stored.smtpPasswordEncrypted!)).toBe(password);
});
