import prisma from "../../db.server";
import { ONBOARDING_DONE, ONBOARDING_STEPS } from "../../domain/shops/onboarding";

/** Stores the step the merchant is on, so that a reload resumes there (docs/product.md#onboarding). */
export async function setOnboardingStep(shopId: string, step: number): Promise<void> {
  const bounded = Math.max(0, Math.min(ONBOARDING_STEPS.length - 1, Math.trunc(step)));
  await prisma.shop.update({ where: { id: shopId }, data: { onboardingStep: bounded } });
}

/** Completed or skipped: the shop no longer lands on onboarding. */
export async function finishOnboarding(shopId: string, now = new Date()): Promise<void> {
  await prisma.shop.update({
    where: { id: shopId },
    data: { onboardingStep: ONBOARDING_DONE, onboardingCompletedAt: now },
  });
}
