-- Alert delivery: one outbox row per breach and channel, and a log of every attempt.
CREATE UNIQUE INDEX "AlertOutbox_auditEventId_channel_key" ON "AlertOutbox"("auditEventId", "channel");

CREATE TABLE "AlertAttempt" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "outboxId" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "attemptedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ok" BOOLEAN NOT NULL,
    "error" TEXT,
    "durationMs" INTEGER NOT NULL,
    CONSTRAINT "AlertAttempt_outboxId_fkey" FOREIGN KEY ("outboxId") REFERENCES "AlertOutbox" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "AlertAttempt_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE INDEX "AlertAttempt_outboxId_attemptedAt_idx" ON "AlertAttempt"("outboxId", "attemptedAt");
CREATE INDEX "AlertAttempt_shopId_attemptedAt_idx" ON "AlertAttempt"("shopId", "attemptedAt");
