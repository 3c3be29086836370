/**
 * Admin access that never dies quietly (docs/operations.md#shopify-access-tokens): the shop's
 * offline access as the app keeps it, read for the Protection status, the schedule of a non-expiring
 * token's migration to an expiring pair, and what the merchant is told once access is lost. Pure.
 */
import { backoffDelayMs } from "../backoff";
import { openAppUrl } from "./open-app";

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

/** An expiring offline access token's life: what a pair Shopify answered without `expires_in` is counted as. */
export const PAIR_LIFETIME_MS = HOUR;
/**
 * Shopify answers a migration retried with the same non-expiring token with the same pair for
 * seven days after the first exchange; after that the original token gets nothing.
 */
export const MIGRATION_WINDOW_MS = 7 * DAY;
/** The last try is made this long before the window ends, never at its edge. */
export const MIGRATION_LAST_TRY_MARGIN_MS = HOUR;
/** A failed migration is tried again after 1 minute, doubling to 6 hours. */
export const MIGRATION_RETRY = { baseMs: 60_000, capMs: 6 * HOUR };
/** When Shopify invalidates the non-expiring offline tokens that are left. */
export const NON_EXPIRING_TOKENS_END = new Date("2027-01-01T00:00:00.000Z");

/** What the app cannot restore itself: the merchant has to open the app. */
export type AccessLostReason = "refresh_refused" | "migration_refused" | "migration_given_up";

/** The fix the merchant is told, in the notice and on the Protection status. */
export const RESTORE_ACCESS_FIX = "Open Margin Guardrail in your Shopify admin to restore access.";

/** The access token's expiry as stored: Shopify's, or an hour after the pair was stored when it gave none. */
export function pairExpiry(expires: Date | undefined | null, hasRefreshToken: boolean, storedAt: number): Date | null {
  if (expires) return expires;
  return hasRefreshToken ? new Date(storedAt + PAIR_LIFETIME_MS) : null;
}

/**
 * After a failed migration try (`attempts` made, the first failure at `firstFailedAt`): the time of the
 * next try, or giving up when Shopify's window would be over.
 */
export function afterFailedMigration(
  attempts: number,
  firstFailedAt: number,
  now: number,
): { retryAt: number } | { giveUp: true } {
  const lastTryAt = firstFailedAt + MIGRATION_WINDOW_MS - MIGRATION_LAST_TRY_MARGIN_MS;
  if (now >= lastTryAt) return { giveUp: true };
  return { retryAt: Math.min(now + backoffDelayMs(attempts, MIGRATION_RETRY), lastTryAt) };
}

/** The offline session's columns the status is read from. */
export interface AccessFacts {
  hasAccessToken: boolean;
  hasRefreshToken: boolean;
  expires: Date | null;
  pairStoredAt: Date | null;
  refreshFailedAt: Date | null;
  migrationAttempts: number;
  migrationFailedAt: Date | null;
  migrationNextAt: Date | null;
  migratedAt: Date | null;
  accessLostAt: Date | null;
  accessLostReason: string | null;
}

export interface AdminAccessStatus {
  /** ok: the app refreshes on its own; warning: a migration pending or a refresh failing for now; failing: access lost */
  state: "ok" | "warning" | "failing";
  /** until when the stored access token works (without a refresh) */
  validUntil: Date | null;
  /** when the stored pair was written (a refresh, the shop's token exchange or the migration) */
  lastRefreshedAt: Date | null;
  /** when the shop's non-expiring token was moved to an expiring pair; null if it never had one */
  migratedAt: Date | null;
  detail: string;
  /** what the merchant does about it; null when nothing */
  fix: string | null;
}

const LOST_DETAIL: Record<AccessLostReason, string> = {
  refresh_refused: "Shopify refused Margin Guardrail's refresh token, so it can no longer use your store's Admin API.",
  migration_refused:
    "Shopify refused to move Margin Guardrail's access token to an expiring one, so it can no longer use your store's Admin API.",
  migration_given_up:
    "Margin Guardrail could not move its access token to an expiring one within Shopify's 7 days, so it can no longer use your store's Admin API.",
};

const isLostReason = (value: string | null): value is AccessLostReason =>
  value !== null && Object.hasOwn(LOST_DETAIL, value);

/** The shop's admin access for the Protection status; `facts` null: the app holds no offline session. */
export function adminAccessOf(facts: AccessFacts | null, now: number): AdminAccessStatus {
  if (!facts || !facts.hasAccessToken) {
    return {
      state: "failing",
      validUntil: null,
      lastRefreshedAt: null,
      migratedAt: null,
      detail: "Margin Guardrail holds no access to your store's Admin API.",
      fix: RESTORE_ACCESS_FIX,
    };
  }
  const common = { lastRefreshedAt: facts.pairStoredAt, migratedAt: facts.migratedAt };
  if (facts.accessLostAt) {
    return {
      ...common,
      state: "failing",
      validUntil: facts.expires && facts.expires.getTime() > now ? facts.expires : null,
      detail: isLostReason(facts.accessLostReason)
        ? LOST_DETAIL[facts.accessLostReason]
        : "Margin Guardrail lost its access to your store's Admin API.",
      fix: RESTORE_ACCESS_FIX,
    };
  }
  if (!facts.hasRefreshToken) {
    const tries = facts.migrationAttempts;
    return {
      ...common,
      state: "warning",
      validUntil: facts.expires ?? NON_EXPIRING_TOKENS_END,
      detail:
        tries === 0
          ? "Margin Guardrail is moving its access token to an expiring one (Shopify requires it by 1 January 2027)."
          : `Moving Margin Guardrail's access token to an expiring one failed ${tries} time${tries === 1 ? "" : "s"}; it is tried again${facts.migrationNextAt ? ` at ${facts.migrationNextAt.toISOString()}` : ""}.`,
      fix: null,
    };
  }
  const validUntil = facts.expires;
  if (facts.refreshFailedAt) {
    return {
      ...common,
      state: "warning",
      validUntil,
      detail: `Refreshing Margin Guardrail's access token has failed since ${facts.refreshFailedAt.toISOString()} (Shopify did not answer); it is tried again.`,
      fix: null,
    };
  }
  return {
    ...common,
    state: "ok",
    validUntil,
    detail: "Margin Guardrail's access token is refreshed on its own before it expires.",
    fix: null,
  };
}

/** The e-mail that tells the merchant the app lost its access to the store. */
export function accessLostNotice(
  reason: AccessLostReason,
  at: Date,
  shopDomain: string,
): { subject: string; text: string } {
  return {
    subject: "Margin Guardrail lost access to your store: open the app to restore it",
    text: [
      `${LOST_DETAIL[reason]} (${shopDomain}, ${at.toISOString()})`,
      "Until access is restored, order checks use only the unit costs already known, and order actions (tags, holds) wait.",
      "",
      `${RESTORE_ACCESS_FIX} Opening it once is enough: Shopify gives Margin Guardrail a new access token.`,
      ...(openAppUrl(shopDomain) ? [openAppUrl(shopDomain)!] : []),
    ].join("\n"),
  };
}
