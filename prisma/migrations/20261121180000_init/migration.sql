-- CreateTable
CREATE TABLE "Session" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shop" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "isOnline" BOOLEAN NOT NULL DEFAULT false,
    "scope" TEXT,
    "expires" DATETIME,
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
    "refreshTokenExpires" DATETIME
);

-- CreateTable
CREATE TABLE "Shop" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "domain" TEXT NOT NULL,
    "name" TEXT,
    "plan" TEXT NOT NULL DEFAULT 'free',
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "timezone" TEXT NOT NULL DEFAULT 'UTC',
    "installState" TEXT NOT NULL DEFAULT 'installed',
    "installedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "uninstalledAt" DATETIME,
    "grantedScopes" TEXT,
    "onboardingStep" INTEGER NOT NULL DEFAULT 0,
    "onboardingCompletedAt" DATETIME,
    "isDemo" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Rule" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "ruleType" TEXT NOT NULL,
    "threshold" TEXT NOT NULL,
    "thresholdAmountCents" INTEGER,
    "thresholdPercent" REAL,
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "thresholdUnit" TEXT NOT NULL DEFAULT 'AMOUNT',
    "action" TEXT NOT NULL DEFAULT 'alert',
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "priority" INTEGER NOT NULL DEFAULT 0,
    "conditions" JSONB NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Rule_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CollectionRule" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "collectionId" TEXT NOT NULL,
    "collectionTitle" TEXT,
    "ruleType" TEXT NOT NULL DEFAULT 'margin_floor',
    "threshold" REAL NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "action" TEXT NOT NULL DEFAULT 'alert',
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "priority" INTEGER NOT NULL DEFAULT 0,
    "conditions" JSONB NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "CollectionRule_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AlertSettings" (
    "id" TEXT NOT NULL PRIMARY KEY,
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
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "AlertSettings_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "BlockingSettings" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "instantBlocking" BOOLEAN NOT NULL DEFAULT false,
    "staffOverride" BOOLEAN NOT NULL DEFAULT true,
    "customerMessage" TEXT NOT NULL DEFAULT 'This discount combination isn''t allowed. Please contact support for assistance.',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "BlockingSettings_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "StackingSettings" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "blockedStacking" JSONB NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "StackingSettings_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "FunctionConfig" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "thresholdPercent" REAL NOT NULL DEFAULT 40,
    "validationId" TEXT,
    "deployedAt" DATETIME,
    "metafieldSyncedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "FunctionConfig_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AuditEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "eventType" TEXT NOT NULL,
    "severity" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "orderId" TEXT,
    "orderName" TEXT,
    "customerId" TEXT,
    "discountCodes" JSONB NOT NULL,
    "discountPercent" REAL,
    "totalDiscountCents" INTEGER,
    "preDiscountSubtotalCents" INTEGER,
    "subtotalAfterDiscountCents" INTEGER,
    "marginSavedCents" INTEGER,
    "marginPercent" REAL,
    "costCoveredLines" INTEGER,
    "costUncoveredLines" INTEGER,
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "ruleId" TEXT,
    "ruleKey" TEXT,
    "ruleName" TEXT,
    "threshold" REAL,
    "details" JSONB,
    "overrideReason" TEXT,
    "overrideBy" TEXT,
    "dedupeKey" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "AuditEvent_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "EventRollup" (
    "shopId" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "eventType" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,
    "marginSavedCents" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("shopId", "day", "eventType"),
    CONSTRAINT "EventRollup_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ProcessedWebhook" (
    "webhookId" TEXT NOT NULL PRIMARY KEY,
    "shopDomain" TEXT NOT NULL,
    "topic" TEXT NOT NULL,
    "receivedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "OrderCheck" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "checkedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "OrderCheck_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "VariantUnitCost" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "variantId" TEXT NOT NULL,
    "inventoryItemId" TEXT,
    "unitCostCents" INTEGER,
    "currency" TEXT,
    "fetchedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "VariantUnitCost_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "AlertOutbox" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "shopId" TEXT NOT NULL,
    "auditEventId" TEXT,
    "channel" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedBy" TEXT,
    "lockedAt" DATETIME,
    "lastError" TEXT,
    "sentAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "AlertOutbox_shopId_fkey" FOREIGN KEY ("shopId") REFERENCES "Shop" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ComplianceRequest" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "topic" TEXT NOT NULL,
    "shopDomain" TEXT NOT NULL,
    "externalId" TEXT,
    "data" JSONB NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "ContactRequest" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "storeName" TEXT,
    "subject" TEXT,
    "message" TEXT NOT NULL,
    "shopDomain" TEXT,
    "mailStatus" TEXT NOT NULL DEFAULT 'pending',
    "mailError" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
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
CREATE INDEX "AlertOutbox_status_nextAttemptAt_idx" ON "AlertOutbox"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "AlertOutbox_shopId_createdAt_idx" ON "AlertOutbox"("shopId", "createdAt");

-- CreateIndex
CREATE INDEX "ComplianceRequest_shopDomain_idx" ON "ComplianceRequest"("shopDomain");

-- CreateIndex
CREATE INDEX "ContactRequest_shopDomain_idx" ON "ContactRequest"("shopDomain");

