/** Shopify's access scopes as the app reads them (docs/product.md#order-actions). Pure. */

/** The scopes a shop row stores, comma-separated ("" or null: none known). */
export function grantedScopesOf(stored: string | null | undefined): string[] {
  return (stored ?? "").split(",").filter(Boolean);
}

/** Whether `scope` is granted: Shopify implies a read scope with its write scope (write_X grants read_X). */
export function scopeGranted(scope: string, granted: ReadonlySet<string>): boolean {
  return granted.has(scope) || (scope.startsWith("read_") && granted.has(`write_${scope.slice(5)}`));
}

/** The scopes of `needed` not granted, each once. */
export function missingScopes(needed: readonly string[], granted: readonly string[]): string[] {
  const have = new Set(granted);
  return [...new Set(needed)].filter((scope) => !scopeGranted(scope, have));
}

/**
 * What each access the app asks for at install is for, in the merchant's words (shopify.app.toml's
 * `scopes`; docs/product.md#integration-center). The optional ones are SCOPE_PURPOSES
 * (app/domain/actions/order-actions.ts).
 */
export const REQUIRED_SCOPE_PURPOSES: Record<string, string> = {
  read_orders: "Check your orders and their discounts",
  read_products: "Read your products and collections, for collection rules",
  read_inventory: "Read your unit costs, for margin floors",
  read_discounts: "Read your discounts and their codes",
  read_validations: "See whether checkout blocking is set up",
  write_validations: "Deploy checkout blocking",
  read_rollouts: "Know which discounts a scheduled rollout turns on",
  write_analytics_annotations: "Mark leaks, risky promotions and protection gaps on your analytics charts",
};

/** A required access in plain words; an unknown one keeps Shopify's name. */
export function requiredScopePurpose(scope: string): string {
  return REQUIRED_SCOPE_PURPOSES[scope] ?? scope;
}
