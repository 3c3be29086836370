// The request line app/server/serve.server.ts writes for every request (docs/architecture.md#the-http-server):
// one line, with the path but never the query string.
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../app/logger.server";
import { requestLine } from "../../app/server/serve.server";

describe("the request line", () => {
  const lines: Record<string, unknown>[] = [];
  let url = "";
  let close = () => {};
  beforeAll(async () => {
    const app = express();
    app.use(requestLine(createLogger({ level: "info", write: (line) => lines.push(JSON.parse(line)) })));
    app.get("/ok", (_req, res) => void res.status(201).send("fine"));
    app.get("/hang", () => {});
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  const linesFor = async (path: string) => {
    for (let attempt = 0; attempt < 50 && !lines.some((line) => line.path === path); attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return lines.filter((line) => line.path === path);
  };

  it("writes one line per request: method, path without the query, status, milliseconds", async () => {
    expect((await fetch(`${url}/ok?id_token=secret-token&hmac=abc`)).status).toBe(201);
    const [line, ...more] = await linesFor("/ok");
    expect(more).toEqual([]);
    expect(line).toMatchObject({ level: "info", msg: "request", method: "GET", path: "/ok", status: 201 });
    expect(typeof line.ms).toBe("number");
    expect(JSON.stringify(lines)).not.toContain("secret-token");
  });

  it("names the shop when the request does (Shopify's header, or ?shop=), never a value that is not a shop", async () => {
    await fetch(`${url}/ok?shop=a-shop.myshopify.com&hmac=abc`);
    await fetch(`${url}/ok`, { headers: { "X-Shopify-Shop-Domain": "b-shop.myshopify.com" } });
    await fetch(`${url}/ok?shop=not%20a%20shop`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const shops = (await linesFor("/ok")).map((line) => line.shop);
    expect(shops).toEqual(expect.arrayContaining(["a-shop.myshopify.com", "b-shop.myshopify.com"]));
    expect(shops).not.toContain("not a shop");
  });

  it("says aborted, with no status, when the client left before any answer", async () => {
    const controller = new AbortController();
    const request = fetch(`${url}/hang`, { signal: controller.signal }).catch(() => null);
    await new Promise((resolve) => setTimeout(resolve, 100));
    controller.abort();
    await request;
    const [line] = await linesFor("/hang");
    expect(line).toMatchObject({ method: "GET", path: "/hang", aborted: true });
    expect(line).not.toHaveProperty("status");
  });
});
