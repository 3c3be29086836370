/** Onboarding's steps (docs/product.md#onboarding): 0 to 2 while in progress, this once done or skipped. */
export const ONBOARDING_DONE = 3;
