// The app's HTTP server: serves the Remix build with Express, as remix-serve does, plus what
// remix-serve cannot do (docs/architecture.md#the-http-server):
// - refuses bodies above the app's limits with 413 before reading them (remix-handler.server.ts),
//   and methods the app does not answer (TRACE, CONNECT, ...) with 405;
// - security headers on every response;
// - the client's address for the rate limits, trusting X-Forwarded-For only from TRUST_PROXY
//   proxy hops;
// - starts the background workers once (order evaluation, alert delivery), and stops them on
//   SIGTERM/SIGINT.
// server.js loads the build and calls serve() through app/entry.server.tsx, so this code is
// compiled into the build and type-checked with the app.
import http from "node:http";
import type { AddressInfo } from "node:net";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import { installGlobals, type ServerBuild } from "@remix-run/node";
import { startBackgroundWork, stopBackgroundWork } from "../background.server";
import { isShopDomain } from "../domain/shops/shop-domain";
import { getEnv } from "../env.server";
import { logger as processLogger, type Logger } from "../logger.server";
import { serverSettings, type ServerSettings } from "../http/server-settings.server";
import { remixHandler } from "./remix-handler.server";
import { webhookFastPath } from "./webhook-fast-path.server";
import { requestStarted } from "../services/requests-first.server";
import { nodeVersionWarning } from "./node-version";
import { messageOf } from "../domain/result";

/** Stops the boot with a message and exit code 1 (a setting the server cannot run with). */
function refuseToBoot(message: string): never {
  // eslint-disable-next-line no-console -- a refused boot is said on stderr whatever LOG_LEVEL is (even under tests)
  console.error(`✖ ${message}`);
  process.exit(1);
}

/**
 * How long a refused upload may go on arriving, discarded, so the client can read the 413
 * (10 s; REFUSED_UPLOAD_DISCARD_MS shortens it for the tests, docs/architecture.md#the-http-server).
 */
function discardWindow(value: string | undefined): number {
  if (value === undefined || value === "") return 10_000;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 1 || ms > 600_000) {
    refuseToBoot(`REFUSED_UPLOAD_DISCARD_MS must be a whole number of milliseconds from 1 to 600000, not ${value}`);
  }
  return ms;
}

function clientErrorMessage(error: unknown, status: number): string {
  if (error instanceof URIError) return "The address has a malformed percent-escape (%XX): it cannot be decoded";
  return `${status} ${http.STATUS_CODES[status] ?? "Client error"}`;
}

/**
 * The one line each request leaves in the log, written when its connection is done with it:
 * method, path (never the query string: Shopify's session tokens and HMACs travel there),
 * status and milliseconds; `aborted` instead of a status when the client left before any answer.
 */
export function requestLine(log: Logger): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    res.once("close", () => {
      const path = req.originalUrl.split("?", 1)[0];
      const ms = Math.round(performance.now() - started);
      // the shop, when the request names one: Shopify's header on webhooks, ?shop= on admin loads
      const named = req.get("x-shopify-shop-domain") ?? (typeof req.query.shop === "string" ? req.query.shop : null);
      const fields = { method: req.method, path, ms, ...(isShopDomain(named) ? { shop: named } : {}) };
      // a client that left before any answer was sent: no status to speak of
      log.info("request", res.headersSent ? { ...fields, status: res.statusCode } : { ...fields, aborted: true });
    });
    next();
  };
}

/**
 * The Express application: the request line, the policy (headers, 405), the webhook fast path,
 * static files, Remix, then the error handler.
 */
export function createApp(
  build: ServerBuild,
  settings: ServerSettings,
  options: { mode: string; discardMs: number; logger?: Logger },
): express.Express {
  const app = express();
  app.disable("x-powered-by");
  // Express reads X-Forwarded-For only this many hops deep; 0 means the socket's address.
  app.set("trust proxy", settings.trustProxy);
  app.use(requestLine(options.logger ?? processLogger));
  // the workers wait between batches while requests are in flight (app/services/requests-first.server.ts)
  app.use((_req, res, next) => {
    res.once("close", requestStarted());
    next();
  });
  const policy: RequestHandler = (req, res, next) => {
    for (const [name, value] of Object.entries(settings.securityHeaders)) res.set(name, value);
    if (!settings.isAllowedMethod(req.method)) {
      res.set("Allow", settings.allowedMethods.join(", "));
      res.status(405).json({ error: `Method ${req.method} is not allowed` });
      return;
    }
    next();
  };
  app.use(policy);
  // Shopify's webhooks, verified and queued before any Remix routing (docs/architecture.md#webhook-fast-path)
  app.post("/webhooks/*", webhookFastPath(settings, { discardMs: options.discardMs }));
  // A CSV export is megabytes made as fast as the database reads them: gzip's fastest level keeps
  // most of the saving (8x smaller on the demo store's rows, against 11x) at a third of the CPU,
  // which had made compression the export's slowest step (docs/benchmarks.md#the-csv-export).
  const bulk = (res: express.Response) => String(res.getHeader("Content-Type") ?? "").startsWith("text/csv");
  app.use(compression({ filter: (req, res) => !bulk(res) && compression.filter(req, res) }));
  app.use(compression({ level: 1, filter: (req, res) => bulk(res) && compression.filter(req, res) }));
  app.use(build.publicPath, express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y" }));
  app.use(express.static("public", { maxAge: "1h" }));
  app.all("*", remixHandler(build, settings, { mode: options.mode, discardMs: options.discardMs }));
  const errors: ErrorRequestHandler = (error: unknown, req, res, _next) => {
    // a request Express itself refused (a malformed percent-escape in the path: URIError, 400)
    const { status: given, statusCode } = (error ?? {}) as { status?: unknown; statusCode?: unknown };
    const status = Number(given ?? statusCode);
    if (status >= 400 && status < 500 && !res.headersSent) {
      res.status(status).json({ error: clientErrorMessage(error, status) });
      return;
    }
    (options.logger ?? processLogger).error("Request failed", {
      method: req.method,
      path: req.originalUrl.split("?", 1)[0],
      err: error,
    });
    if (!res.headersSent) res.status(500).json({ error: "Internal server error" });
    else res.end();
  };
  app.use(errors);
  return app;
}

/**
 * Serves `build` on PORT (HOST, or every interface in production and 127.0.0.1 otherwise),
 * starts the background work once listening, and stops both on SIGTERM/SIGINT.
 */
export function serve(build: ServerBuild): http.Server {
  installGlobals({ nativeFetch: build.future.v3_singleFetch });
  let settings: ServerSettings;
  try {
    settings = serverSettings();
  } catch (error) {
    refuseToBoot(messageOf(error));
  }
  // NODE_ENV as the process was started with: the build's compiler replaces every literal
  // `process.env.NODE_ENV` in this code with the build's mode ("production"), so it is read
  // through the validated environment instead
  const nodeEnv = getEnv().nodeEnv;
  // production on a Node older than Shopify's packages support is said at every boot (docs/architecture.md#node-versions)
  const oldNode = nodeVersionWarning(process.versions.node, getEnv().isProduction);
  if (oldNode) processLogger.warn(`⚠ WARNING: ${oldNode}`);
  const discardMs = discardWindow(process.env.REFUSED_UPLOAD_DISCARD_MS);
  const app = createApp(build, settings, { mode: nodeEnv, discardMs });

  // A background promise that fails is logged, never the end of the process.
  process.on("unhandledRejection", (reason) => processLogger.error("Unhandled rejection", { err: reason }));

  // Production listens on every interface unless HOST names one (a container, a host behind a
  // load balancer); anything else (the demo store, development) on loopback only, unless HOST
  // says otherwise (docs/architecture.md#the-http-server).
  const host = process.env.HOST || (nodeEnv === "production" ? undefined : "127.0.0.1");
  const listening = () => {
    const address = server.address() as AddressInfo;
    const shown = address.family === "IPv6" ? `[${address.address}]` : address.address;
    const everywhere = address.address === "::" || address.address === "0.0.0.0";
    // eslint-disable-next-line no-console -- the banner is for whoever started the server (scripts and tests wait for it), shown whatever LOG_LEVEL is
    console.log(
      `[margin-guardrail] listening on http://${shown}:${address.port}` +
        (everywhere ? ` (every interface; this machine: http://localhost:${address.port})` : ""),
    );
    startBackgroundWork();
  };
  const server = host ? app.listen(settings.port, host, listening) : app.listen(settings.port, listening);

  let stopping = false;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, async () => {
      if (stopping) return;
      stopping = true;
      processLogger.info("Finishing requests and background work", { signal });
      server.close();
      await stopBackgroundWork();
      process.exit(0);
    });
  }
  return server;
}
