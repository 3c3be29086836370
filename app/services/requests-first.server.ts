/**
 * Requests first (docs/architecture.md#background-workers): the order and alert workers share the
 * server's one event loop with the requests, so between two batches a worker lets the requests in
 * flight finish first, up to REQUESTS_FIRST_MAX_MS. A burst of webhooks is acknowledged before it is
 * evaluated, and a merchant's save does not queue behind a batch of evaluations; under a steady load
 * the wait is a few milliseconds, and the cap keeps the workers going under any load.
 */

/** The longest a worker waits for requests between two batches. */
export const REQUESTS_FIRST_MAX_MS = 1_000;

let inFlight = 0;

/** Counts a request until the returned function is called (once; later calls do nothing). */
export function requestStarted(): () => void {
  inFlight += 1;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    inFlight -= 1;
  };
}

/** Resolves once no request is in flight, or after `maxMs`. */
export async function afterRequests(maxMs = REQUESTS_FIRST_MAX_MS): Promise<void> {
  const deadline = Date.now() + maxMs;
  while (inFlight > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 2));
}
