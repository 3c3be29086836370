/**
 * Exponential backoff without jitter: the delay before try `attempt` (1 = the first retry)
 * doubles from `baseMs` and stops growing at `capMs`. Pure; the background loops and the
 * order retry schedule use it.
 */
export function backoffDelayMs(attempt: number, { baseMs, capMs }: { baseMs: number; capMs: number }): number {
  const exponent = Math.max(0, Math.min(attempt - 1, 30));
  return Math.min(capMs, baseMs * 2 ** exponent);
}
