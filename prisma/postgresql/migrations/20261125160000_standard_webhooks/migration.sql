-- Standard Webhooks for the alert webhooks (docs/decisions/0042-standard-webhooks.md): the secret a
-- rotation replaced and when (it signs too for 24 h), and the state of URLs that answered 410 or kept failing.
ALTER TABLE "AlertSettings" ADD COLUMN "webhookPreviousSecretEncrypted" TEXT;
ALTER TABLE "AlertSettings" ADD COLUMN "webhookSecretRotatedAt" TIMESTAMP(3);
ALTER TABLE "AlertSettings" ADD COLUMN "webhookEndpointState" JSONB;
