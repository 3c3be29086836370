// The HTTP server (server.js) as an attacker and a careless operator meet it: the hardening
// issue's findings that live above the routes (body limits, methods, headers, client
// addresses, boot checks, a locked database).
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stackedCodeAndAutomatic } from "../fixtures/orders";
import {
  APP_SERVER_SECRET,
  DEMO_SHOP,
  bootOnce,
  signedWebhook,
  startAppServer,
  type AppServer,
} from "../helpers/app-server";
import { readValue } from "../helpers/postgres-databases";
import { BASE_DATABASE, TMP_DIR } from "../../scripts/migrations";

/** How long this file's server lets a refused upload go on (server.js's default is 10 s). */
const DISCARD_MS = 1000;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  socket: net.Socket;
}

/**
 * A request through `agent` (a pool of kept-alive connections, as a proxy in front of the app
 * keeps them). `pauseMs` sends the body in two halves that long apart, so the request is in
 * flight on its connection the whole time.
 */
function requestThrough(
  agent: http.Agent,
  url: string,
  options: { method?: string; body?: string; pauseMs?: number } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = options.body ?? "";
    const request = http.request(url, {
      agent,
      method: options.method ?? "GET",
      headers: body ? { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) } : {},
    });
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          text: Buffer.concat(chunks).toString("utf8"),
          socket: request.socket!,
        }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
    if (!options.pauseMs) {
      request.end(body);
      return;
    }
    const half = Math.floor(body.length / 2);
    request.write(body.slice(0, half));
    setTimeout(() => request.end(body.slice(half)), options.pauseMs);
  });
}

/**
 * Writes `head` and `body` on a raw connection (a client that ignores Connection: close) and
 * resolves with what came back once the server closed it: how, and after how long.
 */
function rawExchange(
  url: string,
  head: string,
  body: string,
): Promise<{ text: string; closedBy: "end" | "error"; error?: string; afterMs: number }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(head);
      socket.write(body);
    });
    let text = "";
    socket.on("data", (chunk) => (text += chunk.toString("latin1")));
    socket.on("end", () => resolve({ text, closedBy: "end", afterMs: Date.now() - started }));
    socket.on("error", (error) =>
      resolve({ text, closedBy: "error", error: String(error), afterMs: Date.now() - started }),
    );
  });
}

/** A request from a chosen loopback address (127.0.0.x are all this machine). */
function postFrom(
  localAddress: string,
  url: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: "POST",
      localAddress,
      headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body), ...headers },
    });
    request.on("response", (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on("error", reject);
    request.end(body);
  });
}

describe("server.js", () => {
  let server: AppServer;
  beforeAll(async () => {
    server = await startAppServer({ REFUSED_UPLOAD_DISCARD_MS: String(DISCARD_MS) });
    // the demo shop exists once an admin page was asked for
    expect((await fetch(`${server.url}/dashboard`)).status).toBe(200);
  }, 120_000);
  afterAll(() => server?.stop());

  it("answers TRACE and other unknown methods with 405 on any path", async () => {
    for (const target of ["/", "/api/rules", "/webhooks/orders/create", "/nothing-here"]) {
      // fetch() itself refuses to send TRACE, so this goes through node:http
      const response = await new Promise<http.IncomingMessage>((resolve, reject) =>
        http.request(`${server.url}${target}`, { method: "TRACE" }, resolve).on("error", reject).end(),
      );
      response.resume();
      expect(response.statusCode).toBe(405);
      expect(response.headers.allow).toContain("POST");
    }
  });

  it("answers an unknown /api path with a JSON 404 for every method", async () => {
    for (const method of ["GET", "POST", "PUT", "DELETE"]) {
      const response = await fetch(`${server.url}/api/anything-unknown`, { method });
      expect(response.status, method).toBe(404);
      expect(await response.json()).toEqual({ error: "No API route at /api/anything-unknown" });
    }
  });

  it("refuses bodies above the limits with 413 before reading them", async () => {
    const webhook = await fetch(`${server.url}/webhooks/orders/create`, {
      ...signedWebhook("orders/create", "x".repeat(6 * 1024 * 1024)),
    });
    expect(webhook.status).toBe(413);
    const json = await fetch(`${server.url}/api/rules`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "x".repeat(1024 * 1024 + 1),
    });
    expect(json.status).toBe(413);
    // a chunked body with no declared length is counted as it arrives
    const chunked = await fetch(`${server.url}/api/rules`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: new Blob(["x".repeat(2 * 1024 * 1024)]).stream(),
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(413);
    // and the server still answers
    expect((await fetch(`${server.url}/support`)).status).toBe(200);
  });

  it("closes a 413's connection: a pool's later requests go on fresh connections, none cut after the discard window", async () => {
    const valid = JSON.stringify({ subtotal: 100, discount: 45, thresholdPercent: 40 });
    const tooLarge = "x".repeat(2 * 1024 * 1024);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (const refused of [
        // declared too large: refused before reading
        () => requestThrough(agent, `${server.url}/api/rules`, { method: "POST", body: tooLarge }),
        // no declared length (chunked): refused once the body passes the limit as it arrives
        () =>
          new Promise<Answer>((resolve, reject) => {
            const request = http.request(`${server.url}/api/rules`, {
              agent,
              method: "POST",
              headers: { "Content-Type": "application/json", "Transfer-Encoding": "chunked" },
            });
            request.on("response", (response) => {
              let text = "";
              response.on("data", (chunk) => (text += chunk));
              response.on("end", () =>
                resolve({ status: response.statusCode ?? 0, headers: response.headers, text, socket: request.socket! }),
              );
            });
            request.on("error", reject);
            request.end(tooLarge);
          }),
      ]) {
        const first = await requestThrough(agent, `${server.url}/api/rules`);
        expect(first.status).toBe(200);
        const answer = await refused();
        expect(answer.status).toBe(413);
        expect(answer.headers.connection).toBe("close");
        expect(JSON.parse(answer.text)).toEqual({ error: "Request body too large: the limit is 1048576 bytes" });
        // the pool's one connection was the refused request's
        expect(answer.socket).toBe(first.socket);
        if (!answer.socket.destroyed) await new Promise((resolve) => answer.socket.once("close", resolve));
        expect(answer.socket.destroyed).toBe(true);
        // a request in flight across the end of the discard window, on the pool's next connection
        const slow = await requestThrough(agent, `${server.url}/api/shopify/functions/test`, {
          method: "POST",
          body: valid,
          pauseMs: DISCARD_MS + 500,
        });
        expect(slow.status).toBe(200);
        expect(slow.socket).not.toBe(answer.socket);
        const after = await requestThrough(agent, `${server.url}/api/rules`);
        expect(after.status).toBe(200);
        expect(after.socket).toBe(slow.socket);
      }
    } finally {
      agent.destroy();
    }
  });

  it("gives a client that ignores Connection: close the whole 413, then a clean close; an endless upload is cut", async () => {
    const length = 1024 * 1024 + 1;
    const head = `POST /api/rules HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\nConnection: keep-alive\r\n\r\n`;
    // the whole upload, then a second request on the same connection: never answered, never cut midway
    const complete = await rawExchange(
      server.url,
      head,
      "x".repeat(length) + "GET /support HTTP/1.1\r\nHost: x\r\n\r\n",
    );
    expect(complete.closedBy).toBe("end");
    expect(complete.text).toMatch(/^HTTP\/1\.1 413 /);
    expect(complete.text).toMatch(/\r\nConnection: close\r\n/i);
    expect(complete.text).toContain('{"error":"Request body too large: the limit is 1048576 bytes"}');
    expect(complete.text.match(/HTTP\/1\.1 /g)).toHaveLength(1);
    expect(complete.afterMs).toBeLessThan(DISCARD_MS);
    // an upload that stops short of its length: the 413 at once, the connection gone after the window
    const endless = await rawExchange(server.url, head, "x".repeat(1000));
    expect(endless.text).toMatch(/^HTTP\/1\.1 413 /);
    expect(endless.afterMs).toBeGreaterThanOrEqual(DISCARD_MS - 50);
    expect(endless.afterMs).toBeLessThan(DISCARD_MS + 3000);
    expect((await fetch(`${server.url}/support`)).status).toBe(200);
  });

  it("answers a malformed percent-escape in the path with 400 JSON, in the query string as usual, never 500", async () => {
    for (const target of [
      "/api/rules/%E0%A4%A",
      "/%",
      "/rules/%zz",
      "/webhooks/orders/create%",
      "/assets/%E0",
      "/%C0%AF",
    ]) {
      for (const method of ["GET", "POST"]) {
        const response = await fetch(`${server.url}${target}`, { method });
        expect(response.status, `${method} ${target}`).toBe(400);
        expect(await response.json(), `${method} ${target}`).toEqual({
          error: "The address has a malformed percent-escape (%XX): it cannot be decoded",
        });
      }
    }
    // a query string is decoded leniently (Express's and Remix's): a bad escape there is just text
    for (const target of ["/api/audit?q=%zz", "/api/audit?q=%E0%A4%A", "/audit-log?q=%", "/support?x=%E0%A4%A"]) {
      const response = await fetch(`${server.url}${target}`);
      expect(response.status, target).toBe(200);
    }
    expect(server.output()).not.toMatch(/failed URIError|Internal server error/);
  });

  it("refuses a form with a huge list index at once, saving nothing", async () => {
    const response = await fetch(`${server.url}/rules`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=saveStacking&blockedStacking[99999999]=x",
    });
    expect(response.status).toBe(400);
    const settings = await (await fetch(`${server.url}/api/rules/stacking`)).json();
    expect(settings.blockedStacking).toEqual([]);
  });

  it("sends nosniff, a referrer and a permissions policy everywhere, and forbids framing outside Shopify's admin", async () => {
    for (const target of [
      "/",
      "/support",
      "/auth/login",
      "/privacy-policy",
      "/terms-of-service",
      "/data-deletion",
      "/demo",
      "/dashboard",
      "/favicon.svg",
      "/api/rules",
    ]) {
      const response = await fetch(`${server.url}${target}`);
      expect(response.headers.get("x-content-type-options"), target).toBe("nosniff");
      expect(response.headers.get("referrer-policy"), target).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("permissions-policy"), target).toContain("camera=(), ");
      if ((response.headers.get("content-type") ?? "").startsWith("text/html")) {
        const policy = response.headers.get("content-security-policy") ?? "";
        expect(policy, target).toMatch(
          /^default-src 'self'; script-src 'self' 'nonce-[^']+' https:\/\/cdn\.shopify\.com;/,
        );
        expect(policy, target).toMatch(/; frame-ancestors 'none';$/);
      }
    }
    // the demo store has no verified session: a shop named in the query is never trusted to frame
    const embedded = await fetch(`${server.url}/privacy-policy?shop=${DEMO_SHOP}&host=YWRtaW4&embedded=1`);
    expect(embedded.headers.get("content-security-policy")).toMatch(
      /; frame-ancestors https:\/\/admin\.shopify\.com;$/,
    );
    // a fresh nonce for every document
    const nonces = await Promise.all(
      [1, 2].map(
        async () =>
          (await fetch(`${server.url}/support`)).headers.get("content-security-policy")!.match(/'nonce-([^']+)'/)![1],
      ),
    );
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it("limits contact messages by the connection's address, not by headers a client writes", async () => {
    const body = JSON.stringify({
      name: "Mallory",
      email: "m@example.com",
      storeName: "",
      message: "Rotating my forwarded address.",
    });
    const statuses: number[] = [];
    for (let index = 0; index < 7; index += 1) {
      statuses.push(
        await postFrom("127.0.0.5", `${server.url}/api/contact-sales`, body, {
          "X-Forwarded-For": `198.51.100.${index}`,
          "X-Real-IP": `203.0.113.${index}`,
        }),
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    // another address has its own allowance
    expect(await postFrom("127.0.0.6", `${server.url}/api/contact-sales`, body)).toBe(200);
  });

  it("answers malformed JSON, a foreign topic and a bad shop header on signed webhooks with 400", async () => {
    const malformed = await fetch(`${server.url}/webhooks/orders/create`, signedWebhook("orders/create", "{not json"));
    expect(malformed.status).toBe(400);
    for (const topic of ["products/update", "shop/redact", "../../etc"]) {
      const response = await fetch(
        `${server.url}/webhooks/orders/create`,
        signedWebhook(topic, stackedCodeAndAutomatic),
      );
      expect(response.status, topic).toBe(400);
    }
    const badShop = signedWebhook("orders/create", stackedCodeAndAutomatic);
    (badShop.headers as Record<string, string>)["X-Shopify-Shop-Domain"] = "../../etc";
    expect((await fetch(`${server.url}/webhooks/orders/create`, badShop)).status).toBe(400);
    expect(Number(await readValue(server.databaseUrl, `SELECT COUNT(*) AS n FROM "OrderEvaluation"`))).toBe(0);
  });

  // SQLite's one writer, locked by another process; PostgreSQL locks rows, not the database
  it.skipIf(process.env.TEST_POSTGRES_URL)(
    "stays up while another process locks the database: the worker retries, a webhook gets 503",
    async () => {
      const db = new Database(server.database);
      const events = () =>
        (
          db.prepare(`SELECT COUNT(*) AS n FROM "AuditEvent" WHERE "eventType" = 'rule_triggered'`).get() as {
            n: number;
          }
        ).n;
      db.prepare(
        `INSERT INTO "Rule" ("id", "shopId", "name", "ruleType", "threshold", "thresholdUnit", "thresholdPercent", "conditions", "createdAt", "updatedAt")
      SELECT 'lock-rule', "id", 'Max 1%', 'max_discount', '1', 'PERCENT', 1, '{}', 0, 0 FROM "Shop" WHERE "domain" = ?`,
      ).run(DEMO_SHOP);
      // no order was evaluated yet, so no process has the shop's rules cached
      const before = events();
      // the order is acknowledged, then the lock is taken before the worker writes its events
      const order = { ...stackedCodeAndAutomatic, id: 990001, name: "#LOCK1", admin_graphql_api_id: undefined };
      const acked = await fetch(`${server.url}/webhooks/orders/create`, signedWebhook("orders/create", order));
      expect(acked.status).toBe(200);
      db.exec("BEGIN IMMEDIATE");
      const during = await fetch(
        `${server.url}/webhooks/orders/create`,
        signedWebhook("orders/create", { ...order, id: 990002, name: "#LOCK2" }),
      );
      await new Promise((resolve) => setTimeout(resolve, 2500));
      db.exec("COMMIT");
      expect(during.status).toBe(503);
      expect(during.headers.get("retry-after")).toBeTruthy();
      // the server is still up and the acknowledged order is evaluated once the lock is gone
      expect((await fetch(`${server.url}/support`)).status).toBe(200);
      for (let attempt = 0; attempt < 100 && events() === before; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(events()).toBeGreaterThan(before);
      expect(server.process.exitCode).toBeNull();
      db.close();
    },
    60_000,
  );
});

describe("server.js boot checks", () => {
  it("refuses production with the sample secret from a .env copied from .env.example", () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "mg-env-"));
    fs.copyFileSync(".env.example", path.join(folder, ".env"));
    const { status, output } = bootOnce(
      {
        NODE_ENV: "production",
        SHOPIFY_API_KEY: "a-real-looking-key",
        SHOPIFY_APP_URL: "https://guardrail.example.com",
        DATABASE_URL: "file:/tmp/never-opened.sqlite",
      },
      folder,
    );
    expect(status).toBe(1);
    expect(output).toContain("SHOPIFY_API_SECRET is the public sample value");
  });

  it("refuses production on a plain-http app URL", () => {
    const { status, output } = bootOnce({
      NODE_ENV: "production",
      SHOPIFY_API_KEY: "a-real-looking-key",
      SHOPIFY_API_SECRET: "shpss_0123456789abcdef0123456789abcdef",
      SHOPIFY_APP_URL: "http://guardrail.example.com",
    });
    expect(status).toBe(1);
    expect(output).toContain("SHOPIFY_APP_URL must be an https:// URL");
  });

  it("refuses production with test billing, a patterned key or no mail transport, naming each", () => {
    const { status, output } = bootOnce({
      NODE_ENV: "production",
      SHOPIFY_API_KEY: "a-real-looking-key",
      SHOPIFY_API_SECRET: "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",
      SHOPIFY_APP_URL: "https://guardrail.example.com",
      ALERTS_ENCRYPTION_KEY: "0".repeat(64),
      SHOPIFY_BILLING_TEST: "true",
      DATABASE_URL: "file:/tmp/never-opened.sqlite",
    });
    expect(status).toBe(1);
    expect(output).toContain("SHOPIFY_BILLING_TEST=true makes every charge a test charge");
    expect(output).toContain("ALERTS_ENCRYPTION_KEY is not random");
    expect(output).toContain("No mail transport: set RESEND_API_KEY or SMTP_URL");
  });

  it("never serves the demo store from the build under NODE_ENV=test", () => {
    const { status, output } = bootOnce({
      NODE_ENV: "test",
      SHOPIFY_API_KEY: "",
      SHOPIFY_API_SECRET: APP_SERVER_SECRET,
    });
    expect(status).toBe(1);
    expect(output).toContain("NODE_ENV=test is for the test runner");
  });
});

/** A free port on loopback: one a server had, closed again. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Whether a TCP connection to address:port is accepted. */
function connects(address: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: address, port, timeout: 2000 });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

// the demo store's database is a SQLite copy here; where it listens does not depend on the engine.
// The three boots run side by side: each is mostly the build's import.
describe.skipIf(process.env.TEST_POSTGRES_URL)("server.js's listening address", () => {
  /** Runs server.js (the demo store) with `env` until it says where it listens, then stops it. */
  async function whileListening(
    env: Record<string, string>,
    check: (line: string, port: number) => Promise<void>,
    cwd = process.cwd(),
  ) {
    const port = await freePort();
    const database = path.join(TMP_DIR, `host-${port}-${Date.now()}.sqlite`);
    fs.copyFileSync(BASE_DATABASE, database);
    // NODE_ENV=demo is ours; @types/node knows three values only
    const childEnv: Record<string, string | undefined> = {
      PATH: process.env.PATH,
      NODE_ENV: "demo",
      PORT: String(port),
      DATABASE_URL: `file:${database}`,
      SHOPIFY_API_KEY: "",
      SHOPIFY_API_SECRET: APP_SERVER_SECRET,
      MAIL_OUTBOX_DIR: path.join(TMP_DIR, "server-outbox"),
      ...env,
    };
    const child = spawn(process.execPath, [path.resolve("server.js"), path.resolve("build/index.js")], {
      cwd,
      env: childEnv as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stderr!.on("data", (chunk) => (output += chunk));
    try {
      const line = await new Promise<string>((resolve, reject) => {
        child.stdout!.on("data", (chunk) => {
          output += chunk;
          const found = /\[margin-guardrail\] listening on .*/.exec(output);
          if (found) resolve(found[0]);
        });
        child.once("exit", (code) => reject(new Error(`server.js exited with ${code}:\n${output}`)));
      });
      await check(line, port);
    } finally {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await new Promise((resolve) => child.once("exit", resolve));
      }
      for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(database + suffix, { force: true });
    }
  }

  /** This machine's addresses other than loopback (none in some sandboxes). */
  const outwardAddresses = () =>
    Object.values(os.networkInterfaces())
      .flat()
      .filter((entry) => entry && !entry.internal && entry.family === "IPv4")
      .map((entry) => entry!.address);

  it.concurrent(
    "listens on 127.0.0.1 only when HOST is unset outside production, and logs that address",
    async () => {
      await whileListening({}, async (line, port) => {
        expect(line).toBe(`[margin-guardrail] listening on http://127.0.0.1:${port}`);
        expect(await connects("127.0.0.1", port)).toBe(true);
        for (const address of outwardAddresses()) expect(await connects(address, port), address).toBe(false);
      });
    },
    60_000,
  );

  it.concurrent(
    "listens where HOST says, and logs it",
    async () => {
      await whileListening({ HOST: "127.0.0.2" }, async (line, port) => {
        expect(line).toBe(`[margin-guardrail] listening on http://127.0.0.2:${port}`);
        expect(await connects("127.0.0.2", port)).toBe(true);
        expect(await connects("127.0.0.1", port)).toBe(false);
      });
    },
    60_000,
  );

  it.concurrent(
    "keeps listening on every interface in production when HOST is unset",
    async () => {
      // a folder without a .env, so only these settings count
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), "mg-host-"));
      const production = {
        NODE_ENV: "production",
        SHOPIFY_API_KEY: "a-real-looking-key",
        SHOPIFY_API_SECRET: crypto.randomBytes(24).toString("hex"),
        SHOPIFY_APP_URL: "https://guardrail.example.com",
        ALERTS_ENCRYPTION_KEY: crypto.randomBytes(32).toString("hex"),
        SMTP_URL: "smtp://user:password@127.0.0.1:2525",
        SHOPIFY_BILLING_TEST: "false",
      };
      await whileListening(
        production,
        async (line, port) => {
          expect(line).toMatch(new RegExp(`listening on http://(\\[::\\]|0\\.0\\.0\\.0):${port} \\(every interface`));
          expect(await connects("127.0.0.1", port)).toBe(true);
        },
        folder,
      );
      fs.rmSync(folder, { recursive: true, force: true });
    },
    60_000,
  );
});
