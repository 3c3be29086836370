/**
 * The security headers of every response, and the Content-Security-Policy of documents
 * (docs/security.md#what-is-verified).
 */
import { isShopDomain } from "../domain/shops/shop-domain";

/**
 * Browser features no page of the app uses, switched off for it and anything it frames;
 * clipboard writes stay for the app's own copy buttons.
 */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "hid=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "publickey-credentials-get=()",
  "serial=()",
  "usb=()",
  "xr-spatial-tracking=()",
  "clipboard-read=()",
  "clipboard-write=(self)",
].join(", ");

/** Sent with every response, documents, data, assets and errors alike. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": PERMISSIONS_POLICY,
};

/** Shopify's admin, the only site besides a verified shop's own admin that may frame the app. */
export const SHOPIFY_ADMIN = "https://admin.shopify.com";
/** Where App Bridge's script comes from (@shopify/shopify-app-remix's AppProvider renders it). */
export const SHOPIFY_CDN = "https://cdn.shopify.com";

/** Who may frame a document. */
export interface DocumentFraming {
  /** the shop of a session verified for this request (a session token Shopify signed) */
  verifiedShop: string | null;
  /** the request carries Shopify's embedded parameters (opened in the admin's frame) */
  embedded: boolean;
}

/**
 * Whether a document was asked for the way Shopify's admin opens an embedded app: with its
 * `embedded`, `host`, `shop` or `id_token` parameters. They are anyone's to write, so they only
 * ever let Shopify's admin itself frame the page, never the shop they name.
 */
export function hasEmbeddedParams(url: URL): boolean {
  return ["embedded", "host", "shop", "id_token"].some((name) => url.searchParams.has(name));
}

/**
 * The framing rule: a document of a verified session may be framed by Shopify's admin and that
 * shop's own admin; one opened with the embedded parameters by Shopify's admin only; any other
 * (the public site, legal pages opened directly, the demo store) by nobody.
 */
export function frameAncestors(framing: DocumentFraming): string {
  if (framing.verifiedShop && isShopDomain(framing.verifiedShop)) {
    return `frame-ancestors https://${framing.verifiedShop} ${SHOPIFY_ADMIN}`;
  }
  return framing.embedded ? `frame-ancestors ${SHOPIFY_ADMIN}` : "frame-ancestors 'none'";
}

/**
 * The whole Content-Security-Policy of a document. Scripts: the app's own, Remix's inline ones
 * with this response's nonce, and App Bridge from Shopify's CDN (no 'unsafe-inline', no eval).
 * Styles allow inline ones: Polaris and its charts set style attributes. Connections: the app's
 * own origin, and Shopify's for App Bridge (its telemetry goes to Shopify's Monorail). Images and
 * fonts: the app and Shopify's CDN (images also data: URLs). Forms post to the app, and the
 * login form goes on to Shopify's admin to install.
 */
export function contentSecurityPolicy(options: { nonce: string; framing: DocumentFraming }): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${options.nonce}' ${SHOPIFY_CDN}`,
    `style-src 'self' 'unsafe-inline' ${SHOPIFY_CDN}`,
    `img-src 'self' data: ${SHOPIFY_CDN}`,
    `font-src 'self' data: ${SHOPIFY_CDN}`,
    `connect-src 'self' https://*.shopify.com https://monorail-edge.shopifysvc.com`,
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' ${SHOPIFY_ADMIN} https://*.myshopify.com`,
    frameAncestors(options.framing),
  ];
  return `${directives.join("; ")};`;
}
