import crypto from "node:crypto";
import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { RemixServer } from "@remix-run/react";
import {
  createReadableStreamFromReadable,
  type AppLoadContext,
  type EntryContext,
  type HandleErrorFunction,
} from "@remix-run/node";
import { isbot } from "isbot";
import { NonceContext } from "./components/nonce";
import { getEnv } from "./env.server";
import { SHOPIFY_CDN, contentSecurityPolicy, hasEmbeddedParams } from "./http/security-headers";
import { verifiedShopOf } from "./services/shops/admin-context.server";
import { logger } from "./logger.server";
import { noteDatabaseBusy } from "./http/busy-database.server";

// server.js serves the build through this (docs/architecture.md#layers-and-folders)
export { serve } from "./server/serve.server";

const STREAM_TIMEOUT_MS = 5000;
export const streamTimeout = STREAM_TIMEOUT_MS;

/** A loader's or action's error, through the app's logger instead of Remix's console.error (a client that left is not one). */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (noteDatabaseBusy(error, context)) {
    // answered 503 with Retry-After (app/http/busy-database.server.ts): the database, not the code
    logger.warn("The database could not take a request in time; answered 503", {
      method: request.method,
      path: new URL(request.url).pathname,
      err: error,
    });
    return;
  }
  logger.error("A loader or action failed", {
    method: request.method,
    path: new URL(request.url).pathname,
    err: error,
  });
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext?: AppLoadContext,
) {
  // The document's policy replaces any Shopify's library set (it trusts the `shop` parameter):
  // framing by Shopify's admin, and the shop's own only when its session token was verified
  // (docs/security.md#what-is-verified).
  const nonce = crypto.randomBytes(16).toString("base64");
  const url = new URL(request.url);
  const embedded = hasEmbeddedParams(url);
  responseHeaders.set(
    "Content-Security-Policy",
    contentSecurityPolicy({ nonce, framing: { verifiedShop: verifiedShopOf(loadContext), embedded } }),
  );
  // App Bridge's script loads early inside Shopify's admin (the demo store runs without it)
  if (embedded && !getEnv().demoMode)
    responseHeaders.set("Link", `<${SHOPIFY_CDN}/shopifycloud/app-bridge.js>; rel="preload"; as="script";`);
  const userAgent = request.headers.get("user-agent");
  const callbackName = isbot(userAgent ?? "") ? "onAllReady" : "onShellReady";

  return new Promise((resolve, reject) => {
    const page = (
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>
    );
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      [callbackName]: () => {
        const body = new PassThrough();
        const stream = createReadableStreamFromReadable(body);
        responseHeaders.set("Content-Type", "text/html");
        resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        pipe(body);
      },
      onShellError(error) {
        reject(error);
      },
      onError(error) {
        responseStatusCode = 500;
        logger.error("Rendering a page failed", { path: new URL(request.url).pathname, err: error });
      },
    });
    setTimeout(abort, STREAM_TIMEOUT_MS + 1000);
  });
}
