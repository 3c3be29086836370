-- Failed order evaluations are retried on a schedule (docs/decisions/0010-hardening.md).
ALTER TABLE "OrderEvaluation" ADD COLUMN "nextAttemptAt" DATETIME;

-- CreateIndex
CREATE INDEX "OrderEvaluation_status_nextAttemptAt_idx" ON "OrderEvaluation"("status", "nextAttemptAt");
