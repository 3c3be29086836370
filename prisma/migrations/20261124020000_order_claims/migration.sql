-- AlterTable
ALTER TABLE "OrderEvaluation" ADD COLUMN "lockedAt" DATETIME;
ALTER TABLE "OrderEvaluation" ADD COLUMN "lockedBy" TEXT;

