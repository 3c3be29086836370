import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A real HTTP server on 127.0.0.1 standing in for Slack, Resend or a merchant's webhook
 * receiver: it keeps every request and answers with the next of `statuses` (then 200).
 */
export async function startReceiver(statuses: number[] = []) {
  const received: ReceivedRequest[] = [];
  const queue = [...statuses];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({
        path: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      const status = queue.shift() ?? 200;
      response.writeHead(status, { "Content-Type": "text/plain" });
      response.end(status < 300 ? "ok" : "receiver refused");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    failNext: (...next: number[]) => queue.push(...next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
