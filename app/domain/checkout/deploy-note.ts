/**
 * The line under the checkout blocking card's Deploy (docs/product.md#integration-center): what
 * Deploy does, or did, as things stand. The demo store deploys to its stand-in of Shopify, so a
 * newcomer can see a checkout blocked there; nothing reaches a real store.
 */
export function deployNote({
  plusEnabled,
  demo,
  deployed,
}: {
  plusEnabled: boolean;
  demo: boolean;
  deployed: boolean;
}): string {
  if (!plusEnabled) {
    return "Deploying comes with the Plus plan (coming soon). Until then, the count above shows what blocking would stop.";
  }
  if (demo) {
    return deployed
      ? "Deployed to the demo store's stand-in of Shopify, not to a real store: post a sample checkout to see one blocked."
      : "The demo store is not connected to Shopify: Deploy sends the checkout rule to its stand-in of Shopify, and no real store is affected.";
  }
  return "After deploying, see or switch it in Shopify: Settings → Checkout → Checkout rules.";
}
