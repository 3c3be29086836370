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
// Usage: node server.js [build/index.js]   (PORT, HOST and every variable of .env.example)
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

/** Seconds a refused upload may go on arriving, discarded, so the client can read the 413. */
const DISCARD_SECONDS = 10;

function tooLarge(req, res, limit) {
  // Nothing more of the body is kept: what still arrives is discarded, so the client is not cut
  // off mid-upload (a closed connection would leave it a broken pipe, not this answer); an
  // upload still going after DISCARD_SECONDS loses its connection.
  res.status(413).json({ error: `Request body too large: the limit is ${limit} bytes` });
  req.removeAllListeners("data");
  req.resume();
  setTimeout(() => req.socket.destroy(), DISCARD_SECONDS * 1000).unref();
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
  console.error(`${req.method} ${req.originalUrl} failed`, error);
  if (!res.headersSent) res.status(500).json({ error: "Internal server error" });
  else res.end();
});

// A background promise that fails is logged, never the end of the process.
process.on("unhandledRejection", (reason) => console.error("Unhandled rejection", reason));

const server = process.env.HOST
  ? app.listen(settings.port, process.env.HOST, listening)
  : app.listen(settings.port, listening);

function listening() {
  console.log(`[margin-guardrail] http://localhost:${settings.port}`);
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
