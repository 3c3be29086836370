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

/** What follows a failed delivery: another try at a time, or giving up. */
export function afterFailedDelivery(
  attempt: number,
  firstTriedAt: number,
  now: number,
  random: number,
): { retryAt: number } | { dead: true } {
  const retryAt = now + deliveryRetryDelayMs(attempt, random);
  return retryAt - firstTriedAt > DELIVERY_RETRY.giveUpAfterMs ? { dead: true } : { retryAt };
}
