import { isShopDomain } from "../domain/shop-domain";

/** Sent with every response, documents, data, assets and errors alike. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
};

/** Where Shopify's admin frames an embedded app (as @shopify/shopify-app-remix sets it). */
function shopifyFrameAncestors(shop: string): string {
  return `frame-ancestors https://${shop} https://admin.shopify.com https://*.spin.dev https://admin.myshopify.io https://admin.shop.dev;`;
}

export const NO_FRAMING = "frame-ancestors 'none';";

/**
 * The Content-Security-Policy framing rule of a document: a request that carries Shopify's
 * embedded parameters (a valid `shop`) may be framed by that shop's admin only; every other
 * document (the public site, legal pages opened directly, the demo store) may not be framed.
 */
export function frameAncestorsFor(url: URL): string {
  const shop = url.searchParams.get("shop");
  return isShopDomain(shop) ? shopifyFrameAncestors(shop) : NO_FRAMING;
}
