#!/usr/bin/env node
// The app's HTTP server: serves the Remix build (build/index.js) with Express, as remix-serve
// does, plus what remix-serve cannot do (docs/decisions/0010-hardening.md):
// - refuses bodies above the app's limits with 413 before reading them, and methods the app
//   does not answer (TRACE, CONNECT, ...) with 405;
// - security headers on every response;
// - the client's address for the rate limits, trusting X-Forwarded-For only from TRUST_PROXY
//   proxy hops;
// - starts the background workers once (alert delivery on its own thread, delivery-thread.js),
//   and stops them on SIGTERM/SIGINT.
// Usage: node server.js [build/index.js]   (PORT, HOST and every variable of .env.example; HOST
// unset: every interface in production, 127.0.0.1 otherwise)
import http from "node:http";
import path from "node:path";
import url from "node:url";
import express from "express";
import compression from "compression";
import { createRequestHandler, installGlobals, writeReadableStreamToWritable } from "@remix-run/node";

process.env.NODE_ENV = process.env.NODE_ENV ?? "production";

const buildPath = path.resolve(process.argv[2] ?? "build/index.js");
const build = await import(url.pathToFileURL(buildPath).href);
installGlobals({ nativeFetch: build.future.v3_singleFetch });

/** What the app decides about serving (app/entry.server.tsx): environment, limits, headers. */
const runtime = build.entry.module;
let settings;
try {
  settings = runtime.serverSettings();
} catch (error) {
  console.error(`✖ ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

class BodyTooLarge extends Error {}

/** Reads the whole body, refusing it (without reading on) once it passes `limit` bytes. */
function readBody(req, limit) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on("data", (chunk) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners("data");
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/**
 * How long a refused upload may go on arriving, discarded, so the client can read the 413
 * (10 s; REFUSED_UPLOAD_DISCARD_MS shortens it for the tests, docs/decisions/0031-no-cut-connections.md).
 */
const DISCARD_MS = discardWindow(process.env.REFUSED_UPLOAD_DISCARD_MS);

function discardWindow(value) {
  if (value === undefined || value === "") return 10_000;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 1 || ms > 600_000) {
    console.error(`✖ REFUSED_UPLOAD_DISCARD_MS must be a whole number of milliseconds from 1 to 600000, not ${value}`);
    process.exit(1);
  }
  return ms;
}

/**
 * Answers 413 and closes the connection cleanly. The answer goes out whole at once (with
 * `Connection: close`, so no client sends another request on this connection), but the
 * response ends only when the refused upload has: what still arrives is discarded, because
 * closing a connection the client is still writing to resets it, and the client would read a
 * broken pipe instead of this answer. Node closes the connection when the response ends. An
 * upload still going after DISCARD_MS loses its connection; the timer goes with the request.
 */
function tooLarge(req, res, limit) {
  const body = JSON.stringify({ error: `Request body too large: the limit is ${limit} bytes` });
  res.status(413).set({
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": String(Buffer.byteLength(body)),
    Connection: "close",
  });
  res.write(body);
  req.removeAllListeners("data");
  const timer = setTimeout(() => req.socket.destroy(), DISCARD_MS).unref();
  const done = () => {
    clearTimeout(timer);
    if (!res.writableEnded) res.end();
  };
  res.once("close", () => clearTimeout(timer));
  if (req.readableEnded) done();
  else {
    req.once("end", done);
    req.resume();
  }
}

const handleRequest = createRequestHandler(build, process.env.NODE_ENV);

function requestHeaders(req) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

async function sendResponse(res, response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

async function remix(req, res, next) {
  try {
    const controller = new AbortController();
    res.on("close", () => {
      if (!res.writableFinished) controller.abort();
    });
    const init = { method: req.method, headers: requestHeaders(req), signal: controller.signal };
    if (req.method !== "GET" && req.method !== "HEAD") {
      const limit = settings.bodyLimitFor(req.path);
      const declared = Number(req.headers["content-length"]);
      if (Number.isFinite(declared) && declared > limit) return tooLarge(req, res, limit);
      try {
        init.body = await readBody(req, limit);
      } catch (error) {
        if (error instanceof BodyTooLarge) return tooLarge(req, res, limit);
        throw error;
      }
    }
    const host = req.get("host") ?? `localhost:${settings.port}`;
    const request = new Request(`${req.protocol}://${host}${req.originalUrl}`, init);
    const response = await handleRequest(request, { clientAddress: req.ip ?? req.socket.remoteAddress ?? "" });
    await sendResponse(res, response);
  } catch (error) {
    next(error);
  }
}

const app = express();
app.disable("x-powered-by");
// Express reads X-Forwarded-For only this many hops deep; 0 means the socket's address.
app.set("trust proxy", settings.trustProxy);
app.use((req, res, next) => {
  for (const [name, value] of Object.entries(settings.securityHeaders)) res.set(name, value);
  if (!settings.isAllowedMethod(req.method)) {
    res.set("Allow", settings.allowedMethods.join(", "));
    res.status(405).json({ error: `Method ${req.method} is not allowed` });
    return;
  }
  next();
});
app.use(compression());
app.use(build.publicPath, express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y" }));
app.use(express.static("public", { maxAge: "1h" }));
app.all("*", remix);
app.use((error, req, res, _next) => {
  // a request Express itself refused (a malformed percent-escape in the path: URIError, 400)
  const status = Number(error?.status ?? error?.statusCode);
  if (status >= 400 && status < 500 && !res.headersSent) {
    res.status(status).json({ error: clientErrorMessage(error, status) });
    return;
  }
  console.error(`${req.method} ${req.originalUrl} failed`, error);
  if (!res.headersSent) res.status(500).json({ error: "Internal server error" });
  else res.end();
});

function clientErrorMessage(error, status) {
  if (error instanceof URIError) return "The address has a malformed percent-escape (%XX): it cannot be decoded";
  return `${status} ${http.STATUS_CODES[status] ?? "Client error"}`;
}

// A background promise that fails is logged, never the end of the process.
process.on("unhandledRejection", (reason) => console.error("Unhandled rejection", reason));

// Production listens on every interface unless HOST names one (a container, a host behind a
// load balancer); anything else (the demo store, development) on loopback only, unless HOST
// says otherwise (docs/decisions/0031-no-cut-connections.md).
const host = process.env.HOST || (process.env.NODE_ENV === "production" ? undefined : "127.0.0.1");
const server = host ? app.listen(settings.port, host, listening) : app.listen(settings.port, listening);

function listening() {
  const address = server.address();
  const shown = address.family === "IPv6" ? `[${address.address}]` : address.address;
  const everywhere = address.address === "::" || address.address === "0.0.0.0";
  console.log(
    `[margin-guardrail] listening on http://${shown}:${address.port}` +
      (everywhere ? ` (every interface; this machine: http://localhost:${address.port})` : ""),
  );
  // alerts are delivered on a thread of their own (docs/decisions/0015-alert-delivery-thread.md)
  runtime.startBackgroundWork({
    deliveryThread: { entry: new URL("./delivery-thread.js", import.meta.url), buildPath },
  });
}

let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log(`[margin-guardrail] ${signal}: finishing requests and background work`);
    server.close();
    await runtime.stopBackgroundWork();
    process.exit(0);
  });
}
