/**
 * Exponential backoff without jitter: the delay before try `attempt` (1 = the first retry)
 * doubles from `baseMs` and stops growing at `capMs`. Pure; the background loops and the
 * order retry schedule use it.
 */
export function backoffDelayMs(attempt: number, { baseMs, capMs }: { baseMs: number; capMs: number }): number {
  const exponent = Math.max(0, Math.min(attempt - 1, 30));
  return Math.min(capMs, baseMs * 2 ** exponent);
}

/** Alert deliveries: 30 s doubling to 1 h between tries, given up ("dead") 24 h after the first. */
export const DELIVERY_RETRY = { baseMs: 30_000, capMs: 60 * 60_000, giveUpAfterMs: 24 * 60 * 60_000 };

/**
 * The delay before delivery try `attempt` (1 = the first retry), with "full jitter" over the
 * upper half of the delay: many failed deliveries do not all come back at the same moment.
 * `random` is a number in [0, 1) (Math.random, or a fixed one in tests).
 */
export function deliveryRetryDelayMs(attempt: number, random: number): number {
  const delay = backoffDelayMs(attempt, DELIVERY_RETRY);
  return Math.round(delay / 2 + (delay / 2) * random);
}

/**
 * Webhook deliveries keep trying for about three days (docs/api.md#what-your-answer-means):
 * a merchant's receiver that is down over a weekend still gets its alerts. Same steps as
 * DELIVERY_RETRY; e-mail and Slack keep the day.
 */
export const WEBHOOK_RETRY = { ...DELIVERY_RETRY, giveUpAfterMs: 3 * 24 * 60 * 60_000 };

/** A receiver's `Retry-After` is honoured within these bounds: not sooner than 5 s, not later than 1 h. */
export const RETRY_AFTER_BOUNDS = { minMs: 5_000, maxMs: 60 * 60_000 };

/**
 * The wait a `Retry-After` header asks for (delay-seconds or an HTTP date, RFC 9110 10.2.3),
 * clamped to RETRY_AFTER_BOUNDS; null when there is none or it cannot be read.
 */
export function retryAfterMs(header: string | null | undefined, now: number): number | null {
  const value = header?.trim();
  if (!value) return null;
  let wait: number;
  if (/^\d+$/.test(value)) wait = Number(value) * 1000;
  else {
    const at = Date.parse(value);
    if (!Number.isFinite(at) || !/[a-z]/i.test(value)) return null;
    wait = at - now;
  }
  return Math.min(RETRY_AFTER_BOUNDS.maxMs, Math.max(RETRY_AFTER_BOUNDS.minMs, wait));
}

/** What follows a failed delivery: another try at a time, or giving up. */
export function afterFailedDelivery(
  attempt: number,
  firstTriedAt: number,
  now: number,
  random: number,
  options: { giveUpAfterMs?: number; retryAfterMs?: number | null } = {},
): { retryAt: number } | { dead: true } {
  const giveUpAfterMs = options.giveUpAfterMs ?? DELIVERY_RETRY.giveUpAfterMs;
  // a receiver that said when to come back is not called sooner; up to a tenth later, so the
  // alerts it turned away together do not all come back in the same instant
  const delay =
    options.retryAfterMs != null
      ? Math.round(options.retryAfterMs * (1 + random / 10))
      : deliveryRetryDelayMs(attempt, random);
  const retryAt = now + delay;
  return retryAt - firstTriedAt > giveUpAfterMs ? { dead: true } : { retryAt };
}
