-- CreateIndex
CREATE UNIQUE INDEX "OrderEvaluation_webhookId_key" ON "OrderEvaluation"("webhookId");

