// Merchant secrets are sealed before they reach the database: the file holds no secret in clear.
import fs from "node:fs";
import { expect, it } from "vitest";
import prisma from "../../app/db.server";
import { openShopSecret, sealShopSecret } from "../../app/services/alerts/secrets.server";
import { ensureShop } from "../../app/services/shops/shops.server";

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
  // the bytes on disk, write-ahead log included
  await prisma.$queryRawUnsafe("PRAGMA wal_checkpoint(TRUNCATE)");
  const file = process.env.DATABASE_URL!.replace(/^file:/, "");
  const bytes = Buffer.concat(
    [file, `${file}-wal`].filter((path) => fs.existsSync(path)).map((path) => fs.readFileSync(path)),
  );
  expect(bytes.includes("#control-channel-in-clear")).toBe(true);
  for (const secret of [slack, password, signing, "slack-token-in-clear"]) expect(bytes.includes(secret)).toBe(false);
  const stored = await prisma.alertSettings.findUniqueOrThrow({ where: { shopId: shop.id } });
  expect(openShopSecret(shop.id, stored.slackWebhookEncrypted!)).toBe(slack);
  expect(openShopSecret(shop.id, stored.smtpPasswordEncrypted!)).toBe(password);
});
