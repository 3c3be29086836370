import { spawn } from "node:child_process";

/**
 * A webhook alert receiver in a process of its own (so that the load generator does not also spend
 * its time receiving alerts, as a merchant's endpoint would not run beside Shopify's sender): it
 * notes the wall-clock time each order's first alert arrived, by the order's name in the alert's
 * JSON. `GET /` answers `{requests, arrivals: {[orderNumber]: ms}}`.
 */
export async function alertReceiverProcess() {
  const script = `
    const http = require("node:http");
    let requests = 0;
    const arrivals = {};
    const server = http.createServer((request, response) => {
      if (request.method === "GET") return response.end(JSON.stringify({ requests, arrivals }));
      const chunks = [];
      request.on("data", (chunk) => chunks.push(chunk));
      request.on("end", () => {
        requests += 1;
        try {
          const name = JSON.parse(Buffer.concat(chunks).toString("utf8")).order?.name;
          const order = name ? Number(String(name).replace(/^#/, "")) : null;
          if (order !== null && !(order in arrivals)) arrivals[order] = Date.now();
        } catch {}
        response.end("ok");
      });
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
    read: async () => (await (await fetch(url)).json()) as { requests: number; arrivals: Record<string, number> },
    close: () => child.kill("SIGTERM"),
  };
}
