// The HTTP server (server.js) as an attacker and a careless operator meet it: the hardening
// issue's findings that live above the routes (body limits, methods, headers, client
// addresses, boot checks, a locked database).
import fs from "node:fs";
import http from "node:http";
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
    server = await startAppServer();
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

  it("refuses a form with a huge list index at once, saving nothing", async () => {
    const started = Date.now();
    const response = await fetch(`${server.url}/rules`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=saveStacking&blockedStacking[99999999]=x",
    });
    expect(response.status).toBe(400);
    expect(Date.now() - started).toBeLessThan(2000);
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
