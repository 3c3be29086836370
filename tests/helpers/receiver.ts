import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** the status it was answered with (undefined while held or when the sender went away) */
  status?: number;
}

/** An answer: a status, or a status with headers (a 429's Retry-After, a 3xx's Location). */
export type ReceiverAnswer = number | { status: number; headers?: Record<string, string> };

/**
 * A real HTTP server on 127.0.0.1 standing in for Slack, Resend or a merchant's webhook
 * receiver: it keeps every request and answers with the next of `statuses` (then 200).
 * `delayMs` answers each request that much later; `hold()` keeps answers back until
 * `release()`; `maxInFlight` is the most requests it had open at once.
 */
export async function startReceiver(statuses: ReceiverAnswer[] = [], options: { delayMs?: number } = {}) {
  const received: ReceivedRequest[] = [];
  const queue = [...statuses];
  let inFlight = 0;
  let maxInFlight = 0;
  let held: (() => void)[] | null = null;
  const server = http.createServer((request, response) => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const entry: ReceivedRequest = {
        path: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      received.push(entry);
      const answer = () => {
        inFlight -= 1;
        if (response.destroyed) return;
        const next = queue.shift() ?? 200;
        const { status, headers } = typeof next === "number" ? { status: next, headers: {} } : next;
        entry.status = status;
        response.writeHead(status, { "Content-Type": "text/plain", ...headers });
        response.end(status < 300 ? "ok" : "receiver refused");
      };
      const later = () => (options.delayMs ? setTimeout(answer, options.delayMs) : answer());
      if (held) held.push(later);
      else later();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    failNext: (...next: ReceiverAnswer[]) => queue.push(...next),
    maxInFlight: () => maxInFlight,
    hold: () => {
      held ??= [];
    },
    release: () => {
      const waiting = held ?? [];
      held = null;
      for (const answer of waiting) answer();
    },
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
