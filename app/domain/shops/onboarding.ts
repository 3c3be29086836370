/** Onboarding's steps (docs/product.md#onboarding), in order. */
export const ONBOARDING_STEPS = ["Welcome", "Set Up Your First Rule", "Configure Alert Settings"] as const;
/** The stored step once onboarding is done or skipped; 0 to 2 while in progress. */
export const ONBOARDING_DONE = 3;
/** Completion moves on to the home page after this long. */
export const ONBOARDING_REDIRECT_MS = 1000;

/**
 * Where onboarding ends: the embedded home (`/` with Shopify's query), or the dashboard
 * outside Shopify's admin, where `/` is the public site.
 */
export function onboardingHome(search: string): string {
  const current = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const key of ["shop", "host", "embedded"]) {
    const value = current.get(key);
    if (value) kept.set(key, value);
  }
  return kept.has("shop") || kept.has("host") ? `/?${kept.toString()}` : "/dashboard";
}
