/** A shop's permanent domain: `{store}.myshopify.com`, the store's handle captured. */
export const SHOP_DOMAIN = /^([a-z0-9][a-z0-9-]*)\.myshopify\.com$/;

export function isShopDomain(value: string | null | undefined): value is string {
  return typeof value === "string" && SHOP_DOMAIN.test(value);
}
