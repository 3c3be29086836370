import { spawn } from "node:child_process";
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

/**
 * A receiver in a process of its own, which only counts the alerts (POSTs) it accepts: the
 * webhook benchmark's load generator then does not also spend its time receiving alerts, as a
 * merchant's endpoint would not run beside Shopify's webhook sender. `GET /count` answers the
 * count.
 */
export async function countingReceiverProcess() {
  const script = `
    const http = require("node:http");
    let count = 0;
    const server = http.createServer((request, response) => {
      if (request.method === "GET") return response.end(String(count));
      request.resume();
      request.on("end", () => { count += 1; response.end("ok"); });
    });
    server.keepAliveTimeout = 60000;
    server.listen(0, "127.0.0.1", () => console.log(server.address().port));`;
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    child.once("exit", (code) => reject(new Error(`The receiver exited with ${code}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    count: async () => Number(await (await fetch(`${url}/count`)).text()),
    close: () => child.kill("SIGTERM"),
  };
}
