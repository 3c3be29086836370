/**
 * Requests first (docs/architecture.md#background-workers): the order and alert workers share the
 * server's one event loop with the requests, so between two batches, while a burst is in flight
 * (REQUESTS_FIRST_BURST requests or more), a worker lets it through first, up to REQUESTS_FIRST_MAX_MS:
 * a burst of webhooks is acknowledged before it is evaluated. Under a steady load fewer are in flight
 * at once and the workers do not wait (waiting whenever one request was in flight held evaluation to
 * a batch a second at 100 orders/s a process), and the cap keeps them going under any load.
 */

/** The longest a worker waits for requests between two batches. */
export const REQUESTS_FIRST_MAX_MS = 1_000;
/** Requests in flight at once that make a burst. */
export const REQUESTS_FIRST_BURST = 16;

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

/** Resolves once fewer than REQUESTS_FIRST_BURST requests are in flight, or after `maxMs`. */
export async function afterRequests(maxMs = REQUESTS_FIRST_MAX_MS): Promise<void> {
  const deadline = Date.now() + maxMs;
  while (inFlight >= REQUESTS_FIRST_BURST && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}
