import { Session } from "@shopify/shopify-api";
import { describe, expect, it } from "vitest";
import { dueForRefresh, isRefusedRefresh, REFRESH_AHEAD_MS, withPairExpiry } from "./offline-token.server";

const NOW = Date.parse("2026-11-25T12:00:00Z");
const offline = (expiresInMs: number | null, refreshToken: string | null = "shprt_1") =>
  new Session({
    id: "offline_shop.myshopify.com",
    shop: "shop.myshopify.com",
    state: "",
    isOnline: false,
    accessToken: "shpat_1",
    ...(expiresInMs === null ? {} : { expires: new Date(NOW + expiresInMs) }),
    ...(refreshToken ? { refreshToken } : {}),
  });

describe("dueForRefresh", () => {
  it("is due from REFRESH_AHEAD_MS before the access token expires, ahead of the library's 5 minutes", () => {
    expect(dueForRefresh(offline(REFRESH_AHEAD_MS + 1), NOW)).toBe(false);
    expect(dueForRefresh(offline(REFRESH_AHEAD_MS), NOW)).toBe(true);
    expect(dueForRefresh(offline(5 * 60_000), NOW)).toBe(true);
    expect(dueForRefresh(offline(-60_000), NOW)).toBe(true);
  });

  it("never for a non-expiring token (no refresh token)", () => {
    expect(dueForRefresh(offline(null, null), NOW)).toBe(false);
    expect(dueForRefresh(offline(60_000, null), NOW)).toBe(false);
  });

  it("at once for an expiring pair stored without expiry: it may be past its hour", () => {
    expect(dueForRefresh(offline(null), NOW)).toBe(true);
  });
});

describe("withPairExpiry", () => {
  it("gives a pair Shopify answered without expires_in an hour from its storing", () => {
    expect(withPairExpiry(offline(null), NOW).expires).toEqual(new Date(NOW + 60 * 60_000));
    expect(withPairExpiry(offline(5_000), NOW).expires).toEqual(new Date(NOW + 5_000));
    expect(withPairExpiry(offline(null, null), NOW).expires).toBeUndefined();
  });
});

describe("isRefusedRefresh", () => {
  const answered = (code: number) => Object.assign(new Error("failed"), { response: { code } });
  it("is a 4xx from the token endpoint, not a 429 or 5xx or a network error", () => {
    expect(isRefusedRefresh(answered(400))).toBe(true);
    expect(isRefusedRefresh(answered(401))).toBe(true);
    expect(isRefusedRefresh(answered(429))).toBe(false);
    expect(isRefusedRefresh(answered(503))).toBe(false);
    expect(isRefusedRefresh(new TypeError("fetch failed"))).toBe(false);
    expect(isRefusedRefresh(null)).toBe(false);
  });
});
