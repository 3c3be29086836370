import { SHOP_DOMAIN } from "./shop-domain";

/** The app's handle in shopify.app.toml: its address in the Shopify admin. */
export const APP_HANDLE = "margin-guardrail";

/**
 * Where 'Open App' goes for the `shop` query parameter: the store admin's page for the app.
 * Null when the parameter is missing or is not a shop domain.
 */
export function openAppUrl(shop: string | null | undefined): string | null {
  const match = shop ? SHOP_DOMAIN.exec(shop.trim().toLowerCase()) : null;
  return match ? `https://admin.shopify.com/store/${match[1]}/apps/${APP_HANDLE}` : null;
}

export const MISSING_SHOP_ALERT = "Missing shop domain.";
