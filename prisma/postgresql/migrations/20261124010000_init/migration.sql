-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL,
    "shop" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "isOnline" BOOLEAN NOT NULL DEFAULT false,
    "scope" TEXT,
    "expires" TIMESTAMP(3),
    "accessToken" TEXT NOT NULL,
    "userId" BIGINT,
    "firstName" TEXT,
    "lastName" TEXT,
    "email" TEXT,
    "accountOwner" BOOLEAN NOT NULL DEFAULT false,
    "locale" TEXT,
    "collaborator" BOOLEAN DEFAULT false,
    "emailVerified" BOOLEAN DEFAULT false,
    "refreshToken" TEXT,
    "refreshTokenExpires" TIMESTAMP(3),

    CONSTRAINT "Session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Shop" (
    "id" TEXT NOT NULL,
    "domain" TEXT NOT NULL,
    "name" TEXT,
    "plan" TEXT NOT NULL DEFAULT 'free',
    "planCheckedAt" TIMESTAMP(3),
    "subscriptionId" TEXT,
    "subscriptionStatus" TEXT,
    "subscriptionUpdatedAt" TIMESTAMP(3),
    "trialEndsOn" TIMESTAMP(3),
    "currentPeriodEnd" TIMESTAMP(3),
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "timezone" TEXT NOT NULL DEFAULT 'UTC',
    "installState" TEXT NOT NULL DEFAULT 'installed',
    "installedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "uninstalledAt" TIMESTAMP(3),
    "grantedScopes" TEXT,
    "onboardingStep" INTEGER NOT NULL DEFAULT 0,
    "onboardingCompletedAt" TIMESTAMP(3),
    "isDemo" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Shop_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Rule" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "ruleType" TEXT NOT NULL,
    "threshold" TEXT NOT NULL,
    "thresholdAmountCents" INTEGER,
    "thresholdPercent" DOUBLE PRECISION,
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "thresholdUnit" TEXT NOT NULL DEFAULT 'AMOUNT',
    "action" TEXT NOT NULL DEFAULT 'alert',
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "pausedByPlan" TEXT,
    "pausedAt" TIMESTAMP(3),
    "priority" INTEGER NOT NULL DEFAULT 0,
    "conditions" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Rule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CollectionRule" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "collectionId" TEXT NOT NULL,
    "collectionTitle" TEXT,
    "ruleType" TEXT NOT NULL DEFAULT 'margin_floor',
    "threshold" DOUBLE PRECISION NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "action" TEXT NOT NULL DEFAULT 'alert',
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "pausedByPlan" TEXT,
    "pausedAt" TIMESTAMP(3),
    "priority" INTEGER NOT NULL DEFAULT 0,
    "conditions" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CollectionRule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AlertSettings" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "emailEnabled" BOOLEAN NOT NULL DEFAULT true,
    "slackEnabled" BOOLEAN NOT NULL DEFAULT false,
    "webhookEnabled" BOOLEAN NOT NULL DEFAULT false,
    "frequency" TEXT NOT NULL DEFAULT 'immediate',
    "minSeverity" TEXT NOT NULL DEFAULT 'low',
    "quietStart" TEXT,
    "quietEnd" TEXT,
    "emails" JSONB NOT NULL,
    "slackChannel" TEXT NOT NULL DEFAULT '#alerts',
    "slackWebhookEncrypted" TEXT,
    "webhooks" JSONB NOT NULL,
    "webhookSecretEncrypted" TEXT,
    "smtpHost" TEXT,
    "smtpPort" INTEGER NOT NULL DEFAULT 587,
    "smtpUsername" TEXT,
    "smtpPasswordEncrypted" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AlertSettings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BlockingSettings" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "instantBlocking" BOOLEAN NOT NULL DEFAULT false,
    "staffOverride" BOOLEAN NOT NULL DEFAULT true,
    "customerMessage" TEXT NOT NULL DEFAULT 'This discount combination isn''t allowed. Please contact support for assistance.',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "BlockingSettings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StackingSettings" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "blockedStacking" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "StackingSettings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FunctionConfig" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "thresholdPercent" DOUBLE PRECISION NOT NULL DEFAULT 40,
    "validationId" TEXT,
    "deployedAt" TIMESTAMP(3),
    "validationEnabled" BOOLEAN NOT NULL DEFAULT false,
    "metafieldSyncedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "FunctionConfig_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Backtest" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'running',
    "scope" JSONB NOT NULL,
    "sinceAt" TIMESTAMP(3) NOT NULL,
    "ordersTotal" INTEGER,
    "ordersRead" INTEGER NOT NULL DEFAULT 0,
    "results" JSONB,
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "Backtest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ShadowCheckout" (
    "shopId" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "overLimitCents" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ShadowCheckout_pkey" PRIMARY KEY ("shopId","token")
);

-- CreateTable
CREATE TABLE "AuditEvent" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "eventType" TEXT NOT NULL,
    "severity" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "orderId" TEXT,
    "orderName" TEXT,
    "customerId" TEXT,
    "discountCodes" JSONB NOT NULL,
    "discountPercent" DOUBLE PRECISION,
    "totalDiscountCents" INTEGER,
    "preDiscountSubtotalCents" INTEGER,
    "subtotalAfterDiscountCents" INTEGER,
    "marginSavedCents" INTEGER,
    "marginPercent" DOUBLE PRECISION,
    "costCoveredLines" INTEGER,
    "costUncoveredLines" INTEGER,
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "ruleId" TEXT,
    "ruleKey" TEXT,
    "ruleName" TEXT,
    "threshold" DOUBLE PRECISION,
    "details" JSONB,
    "overrideReason" TEXT,
    "overrideBy" TEXT,
    "dedupeKey" TEXT,
    "searchText" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AuditEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EventRollup" (
    "shopId" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "eventType" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,
    "marginSavedCents" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "EventRollup_pkey" PRIMARY KEY ("shopId","day","eventType")
);

-- CreateTable
CREATE TABLE "ProcessedWebhook" (
    "webhookId" TEXT NOT NULL,
    "shopDomain" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ProcessedWebhook_pkey" PRIMARY KEY ("webhookId")
);

-- CreateTable
CREATE TABLE "OrderCheck" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "checkedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OrderCheck_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "VariantUnitCost" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "variantId" TEXT NOT NULL,
    "inventoryItemId" TEXT,
    "productId" TEXT,
    "unitCostCents" INTEGER,
    "currency" TEXT,
    "collectionIds" JSONB,
    "fetchedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "VariantUnitCost_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OrderEvaluation" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "webhookId" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "facts" JSONB NOT NULL,
    "customerId" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "eventsCreated" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "processedAt" TIMESTAMP(3),
    "nextAttemptAt" TIMESTAMP(3),
    "lockedBy" TEXT,
    "lockedAt" TIMESTAMP(3),

    CONSTRAINT "OrderEvaluation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AlertOutbox" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "auditEventId" TEXT,
    "channel" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedBy" TEXT,
    "lockedAt" TIMESTAMP(3),
    "lastError" TEXT,
    "sentAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "digestKey" TEXT,
    "digestId" TEXT,

    CONSTRAINT "AlertOutbox_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AlertAttempt" (
    "id" TEXT NOT NULL,
    "outboxId" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "attemptedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ok" BOOLEAN NOT NULL,
    "error" TEXT,
    "durationMs" INTEGER NOT NULL,

    CONSTRAINT "AlertAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ComplianceRequest" (
    "id" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "shopDomain" TEXT NOT NULL,
    "externalId" TEXT,
    "data" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ComplianceRequest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ContactRequest" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "storeName" TEXT,
    "subject" TEXT,
    "message" TEXT NOT NULL,
    "shopDomain" TEXT,
    "mailStatus" TEXT NOT NULL DEFAULT 'pending',
    "mailError" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ContactRequest_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Session_shop_idx" ON "Session"("shop");

-- CreateIndex
CREATE UNIQUE INDEX "Shop_domain_key" ON "Shop"("domain");

-- CreateIndex
CREATE INDEX "Shop_installState_uninstalledAt_idx" ON "Shop"("installState", "uninstalledAt");

-- CreateIndex
CREATE INDEX "Rule_shopId_isActive_idx" ON "Rule"("shopId", "isActive");

-- CreateIndex
CREATE INDEX "CollectionRule_shopId_isActive_idx" ON "CollectionRule"("shopId", "isActive");

-- CreateIndex
CREATE UNIQUE INDEX "AlertSettings_shopId_key" ON "AlertSettings"("shopId");

-- CreateIndex
CREATE UNIQUE INDEX "BlockingSettings_shopId_key" ON "BlockingSettings"("shopId");

-- CreateIndex
CREATE UNIQUE INDEX "StackingSettings_shopId_key" ON "StackingSettings"("shopId");

-- CreateIndex
CREATE UNIQUE INDEX "FunctionConfig_shopId_key" ON "FunctionConfig"("shopId");

-- CreateIndex
CREATE INDEX "Backtest_shopId_createdAt_idx" ON "Backtest"("shopId", "createdAt");

-- CreateIndex
CREATE INDEX "ShadowCheckout_shopId_day_idx" ON "ShadowCheckout"("shopId", "day");

-- CreateIndex
CREATE INDEX "AuditEvent_shopId_createdAt_id_idx" ON "AuditEvent"("shopId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "AuditEvent_shopId_eventType_createdAt_idx" ON "AuditEvent"("shopId", "eventType", "createdAt");

-- CreateIndex
CREATE INDEX "AuditEvent_shopId_severity_createdAt_idx" ON "AuditEvent"("shopId", "severity", "createdAt");

-- CreateIndex
CREATE INDEX "AuditEvent_shopId_orderName_idx" ON "AuditEvent"("shopId", "orderName");

-- CreateIndex
CREATE UNIQUE INDEX "AuditEvent_shopId_dedupeKey_key" ON "AuditEvent"("shopId", "dedupeKey");

-- CreateIndex
CREATE INDEX "ProcessedWebhook_shopDomain_idx" ON "ProcessedWebhook"("shopDomain");

-- CreateIndex
CREATE INDEX "ProcessedWebhook_receivedAt_idx" ON "ProcessedWebhook"("receivedAt");

-- CreateIndex
CREATE UNIQUE INDEX "OrderCheck_shopId_orderId_key" ON "OrderCheck"("shopId", "orderId");

-- CreateIndex
CREATE INDEX "VariantUnitCost_shopId_inventoryItemId_idx" ON "VariantUnitCost"("shopId", "inventoryItemId");

-- CreateIndex
CREATE UNIQUE INDEX "VariantUnitCost_shopId_variantId_key" ON "VariantUnitCost"("shopId", "variantId");

-- CreateIndex
CREATE UNIQUE INDEX "OrderEvaluation_webhookId_key" ON "OrderEvaluation"("webhookId");

-- CreateIndex
CREATE INDEX "OrderEvaluation_status_createdAt_idx" ON "OrderEvaluation"("status", "createdAt");

-- CreateIndex
CREATE INDEX "OrderEvaluation_status_nextAttemptAt_idx" ON "OrderEvaluation"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "OrderEvaluation_shopId_orderId_idx" ON "OrderEvaluation"("shopId", "orderId");

-- CreateIndex
CREATE UNIQUE INDEX "AlertOutbox_digestKey_key" ON "AlertOutbox"("digestKey");

-- CreateIndex
CREATE INDEX "AlertOutbox_status_nextAttemptAt_idx" ON "AlertOutbox"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "AlertOutbox_shopId_createdAt_idx" ON "AlertOutbox"("shopId", "createdAt");

-- CreateIndex
CREATE INDEX "AlertOutbox_digestId_idx" ON "AlertOutbox"("digestId");

-- CreateIndex
CREATE UNIQUE INDEX "AlertOutbox_auditEventId_channel_key" ON "AlertOutbox"("auditEventId", "channel");

-- CreateIndex
CREATE INDEX "AlertAttempt_outboxId_attemptedAt_idx" ON "AlertAttempt"("outboxId", "attemptedAt");

-- CreateIndex
CREATE INDEX "AlertAttempt_shopId_attemptedAt_idx" ON "AlertAttempt"("shopId", "attemptedAt");

-- CreateIndex
CREATE INDEX "ComplianceRequest_shopDomain_idx" ON "ComplianceRequest"("shopDomain");

-- CreateIndex
CREATE INDEX "ContactRequest_shopDomain_idx" ON "ContactRequest"("shopDomain");

-- AddForeignKey
ALTER TABLE "Rule" ADD CONSTRAINT "Rule_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CollectionRule" ADD CONSTRAINT "CollectionRule_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AlertSettings" ADD CONSTRAINT "AlertSettings_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BlockingSettings" ADD CONSTRAINT "BlockingSettings_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StackingSettings" ADD CONSTRAINT "StackingSettings_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FunctionConfig" ADD CONSTRAINT "FunctionConfig_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Backtest" ADD CONSTRAINT "Backtest_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ShadowCheckout" ADD CONSTRAINT "ShadowCheckout_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditEvent" ADD CONSTRAINT "AuditEvent_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EventRollup" ADD CONSTRAINT "EventRollup_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderCheck" ADD CONSTRAINT "OrderCheck_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VariantUnitCost" ADD CONSTRAINT "VariantUnitCost_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrderEvaluation" ADD CONSTRAINT "OrderEvaluation_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AlertOutbox" ADD CONSTRAINT "AlertOutbox_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AlertAttempt" ADD CONSTRAINT "AlertAttempt_outboxId_fkey" FOREIGN KEY ("outboxId") REFERENCES "AlertOutbox"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AlertAttempt" ADD CONSTRAINT "AlertAttempt_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- PostgreSQL only (Prisma's schema cannot say them): small partial indexes for the two claims that
-- every app process runs every few hundred milliseconds, the order queue's and the alert outbox's
-- lapsed leases (docs/decisions/0020-postgresql-and-several-processes.md).
CREATE INDEX "OrderEvaluation_due_idx" ON "OrderEvaluation"("createdAt") WHERE "status" IN ('pending', 'failed');
CREATE INDEX "AlertOutbox_lease_idx" ON "AlertOutbox"("lockedAt") WHERE "status" = 'sending';
