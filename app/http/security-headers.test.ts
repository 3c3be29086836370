import { describe, expect, it } from "vitest";
import { PERMISSIONS_POLICY, contentSecurityPolicy, frameAncestors, hasEmbeddedParams } from "./security-headers";

const SHOP = "good-shop.myshopify.com";

describe("who may frame a document", () => {
  it("lets Shopify's admin and the verified session's shop frame an embedded document", () => {
    expect(frameAncestors({ verifiedShop: SHOP, embedded: true })).toBe(
      `frame-ancestors https://${SHOP} https://admin.shopify.com`,
    );
  });

  it("trusts no shop a query parameter names: only Shopify's admin, and only with embedded parameters", () => {
    // any *.myshopify.com storefront could frame /support by adding ?shop=
    const url = new URL(`https://app.example/support?shop=evil-store.myshopify.com`);
    expect(hasEmbeddedParams(url)).toBe(true);
    expect(frameAncestors({ verifiedShop: null, embedded: hasEmbeddedParams(url) })).toBe(
      "frame-ancestors https://admin.shopify.com",
    );
  });

  it("lets nobody frame a public page opened directly", () => {
    expect(hasEmbeddedParams(new URL("https://app.example/support"))).toBe(false);
    expect(frameAncestors({ verifiedShop: null, embedded: false })).toBe("frame-ancestors 'none'");
  });

  it("never writes a verified shop that is not a shop domain into the policy", () => {
    expect(frameAncestors({ verifiedShop: "evil.example; script-src *", embedded: true })).toBe(
      "frame-ancestors https://admin.shopify.com",
    );
  });
});

describe("the Content-Security-Policy of a document", () => {
  const policy = contentSecurityPolicy({ nonce: "abc123", framing: { verifiedShop: null, embedded: false } });
  const directive = (name: string) =>
    policy
      .split(";")
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${name} `));

  it("runs only the app's scripts, those carrying the response's nonce, and App Bridge", () => {
    expect(directive("script-src")).toBe("script-src 'self' 'nonce-abc123' https://cdn.shopify.com");
    expect(policy).not.toContain("unsafe-eval");
    expect(directive("script-src")).not.toContain("unsafe-inline");
  });

  it("refuses plugins, foreign base URLs and forms posting elsewhere", () => {
    expect(directive("object-src")).toBe("object-src 'none'");
    expect(directive("base-uri")).toBe("base-uri 'self'");
    expect(directive("form-action")).toBe("form-action 'self' https://admin.shopify.com https://*.myshopify.com");
    expect(directive("default-src")).toBe("default-src 'self'");
    expect(directive("frame-ancestors")).toBe("frame-ancestors 'none'");
  });
});

describe("the Permissions-Policy", () => {
  it("switches off the devices and payment APIs the app never uses", () => {
    for (const feature of ["camera=()", "microphone=()", "geolocation=()", "payment=()", "usb=()"]) {
      expect(PERMISSIONS_POLICY).toContain(feature);
    }
  });
});
