import { describe, expect, it } from "vitest";
import {
  accessLostNotice,
  adminAccessOf,
  afterFailedMigration,
  MIGRATION_LAST_TRY_MARGIN_MS,
  MIGRATION_WINDOW_MS,
  NON_EXPIRING_TOKENS_END,
  pairExpiry,
  PAIR_LIFETIME_MS,
  RESTORE_ACCESS_FIX,
  type AccessFacts,
} from "./admin-access";

const NOW = Date.parse("2026-11-28T12:00:00Z");
const at = (offsetMs: number) => new Date(NOW + offsetMs);
const HOUR = 3600_000;

const expiring: AccessFacts = {
  hasAccessToken: true,
  hasRefreshToken: true,
  expires: at(50 * 60_000),
  pairStoredAt: at(-10 * 60_000),
  refreshFailedAt: null,
  migrationAttempts: 0,
  migrationFailedAt: null,
  migrationNextAt: null,
  migratedAt: null,
  accessLostAt: null,
  accessLostReason: null,
};

describe("pairExpiry", () => {
  it("is Shopify's expiry, or an hour after storing for an expiring pair answered without one", () => {
    expect(pairExpiry(at(5), true, NOW)).toEqual(at(5));
    expect(pairExpiry(undefined, true, NOW)).toEqual(at(PAIR_LIFETIME_MS));
    expect(pairExpiry(null, false, NOW)).toBeNull();
  });
});

describe("afterFailedMigration", () => {
  it("tries again after a minute, doubling, and gives up when Shopify's 7 days would be over", () => {
    expect(afterFailedMigration(1, NOW, NOW)).toEqual({ retryAt: NOW + 60_000 });
    expect(afterFailedMigration(3, NOW, NOW + HOUR)).toEqual({ retryAt: NOW + HOUR + 4 * 60_000 });
    // capped at 6 hours between tries
    expect(afterFailedMigration(30, NOW, NOW + HOUR)).toEqual({ retryAt: NOW + 7 * HOUR });
    // the last try falls before the window's end, never after it
    const lastTry = NOW + MIGRATION_WINDOW_MS - MIGRATION_LAST_TRY_MARGIN_MS;
    expect(afterFailedMigration(30, NOW, lastTry - 60_000)).toEqual({ retryAt: lastTry });
    expect(afterFailedMigration(31, NOW, lastTry)).toEqual({ giveUp: true });
  });
});

describe("adminAccessOf", () => {
  it("is ok while the expiring pair is refreshed on its own", () => {
    expect(adminAccessOf(expiring, NOW)).toMatchObject({
      state: "ok",
      validUntil: expiring.expires,
      lastRefreshedAt: expiring.pairStoredAt,
      fix: null,
    });
  });

  it("warns while a refresh is failing without a refusal, and while a migration is pending", () => {
    expect(adminAccessOf({ ...expiring, refreshFailedAt: at(-60_000) }, NOW).state).toBe("warning");
    const pending = { ...expiring, hasRefreshToken: false, expires: null };
    expect(adminAccessOf(pending, NOW)).toMatchObject({ state: "warning", validUntil: NON_EXPIRING_TOKENS_END });
    const retried = adminAccessOf({ ...pending, migrationAttempts: 2, migrationNextAt: at(HOUR) }, NOW);
    expect(retried.detail).toMatch(/failed 2 times; it is tried again at 2026-11-28T13:00:00.000Z/);
  });

  it("fails once access is lost, or the app holds no offline session, with the fix", () => {
    const lost = adminAccessOf({ ...expiring, accessLostAt: at(0), accessLostReason: "refresh_refused" }, NOW);
    expect(lost).toMatchObject({ state: "failing", fix: RESTORE_ACCESS_FIX });
    expect(lost.detail).toMatch(/refused Margin Guardrail's refresh token/);
    expect(adminAccessOf(null, NOW)).toMatchObject({ state: "failing", fix: RESTORE_ACCESS_FIX });
  });
});

describe("accessLostNotice", () => {
  it("names what happened and what to do", () => {
    const notice = accessLostNotice("migration_given_up", at(0), "cool-shop.myshopify.com");
    expect(notice.subject).toMatch(/lost access to your store/);
    expect(notice.text).toMatch(/within Shopify's 7 days/);
    expect(notice.text).toContain("Open Margin Guardrail in your Shopify admin to restore access.");
    expect(notice.text).toContain("https://admin.shopify.com/store/cool-shop/apps/margin-guardrail");
  });
});
