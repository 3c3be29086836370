/**
 * Shopify's `host` parameter (base64 of the admin's address, e.g.
 * "admin.shopify.com/store/my-shop"): whether the app is opened inside that shop's admin.
 * Pure.
 */

export type EmbedHost = { ok: true; host: string; shopHandle: string } | { ok: false; error: string };

const ADMIN = /^admin\.shopify\.com\/store\/([a-z0-9][a-z0-9-]*)$/;
const LEGACY = /^([a-z0-9][a-z0-9-]*)\.myshopify\.com\/admin$/;

export function decodeEmbedHost(value: string): EmbedHost {
  if (value.length === 0 || value.length > 512 || !/^[A-Za-z0-9+/_-]+=*$/.test(value)) {
    return { ok: false, error: "host must be the base64 host Shopify passes to the app" };
  }
  const host = Buffer.from(value, "base64").toString("utf8").replace(/\/+$/, "");
  const match = ADMIN.exec(host) ?? LEGACY.exec(host);
  if (!match) return { ok: false, error: `host is not a Shopify admin address: ${JSON.stringify(host.slice(0, 80))}` };
  return { ok: true, host, shopHandle: match[1] };
}

/** The shop's handle as the admin's address names it: "my-shop" for my-shop.myshopify.com. */
export const shopHandle = (domain: string) => domain.replace(/\.myshopify\.com$/, "");
