import http from "node:http";
import type { AddressInfo } from "node:net";

/** A receiver that notes when each order's alert arrived. */
export async function receiver(orderOf: (body: string) => number | null) {
  const arrivals = new Map<number, number>();
  let requests = 0;
  let duplicates = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      requests += 1;
      const order = orderOf(Buffer.concat(chunks).toString("utf8"));
      if (order !== null) {
        if (arrivals.has(order)) duplicates += 1;
        else arrivals.set(order, performance.now());
      }
      response.writeHead(200, { "Content-Type": "text/plain" });
      response.end("ok");
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    arrivals,
    requests: () => requests,
    duplicates: () => duplicates,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}
