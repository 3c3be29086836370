-- Digests: held alerts are gathered into one digest row per shop, channel and release time
-- (digestKey, unique: two processes cannot make the same digest); the alerts it covers point
-- at it (digestId) until it is delivered.
ALTER TABLE "AlertOutbox" ADD COLUMN "digestId" TEXT;
ALTER TABLE "AlertOutbox" ADD COLUMN "digestKey" TEXT;
CREATE UNIQUE INDEX "AlertOutbox_digestKey_key" ON "AlertOutbox"("digestKey");
CREATE INDEX "AlertOutbox_digestId_idx" ON "AlertOutbox"("digestId");
