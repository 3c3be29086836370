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
