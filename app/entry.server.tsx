import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { RemixServer } from "@remix-run/react";
import { createReadableStreamFromReadable, type EntryContext } from "@remix-run/node";
import { isbot } from "isbot";
import { getEnv } from "./env.server";
import { NO_FRAMING, frameAncestorsFor } from "./http/security-headers";
import { addDocumentResponseHeaders } from "./shopify.server";

export { serverSettings } from "./http/server-settings.server";
export { startBackgroundWork, stopBackgroundWork } from "./background.server";
export { runDeliveryThread } from "./services/alerts/delivery-thread.server";

const STREAM_TIMEOUT_MS = 5000;
export const streamTimeout = STREAM_TIMEOUT_MS;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  // Shopify's framing and App Bridge preload headers for embedded requests; every other
  // document (the public site, the demo store) may not be framed at all.
  if (getEnv().demoMode) responseHeaders.set("Content-Security-Policy", frameAncestorsFor(new URL(request.url)));
  else addDocumentResponseHeaders(request, responseHeaders);
  if (!responseHeaders.has("Content-Security-Policy")) responseHeaders.set("Content-Security-Policy", NO_FRAMING);
  const userAgent = request.headers.get("user-agent");
  const callbackName = isbot(userAgent ?? "") ? "onAllReady" : "onShellReady";

  return new Promise((resolve, reject) => {
    const { pipe, abort } = renderToPipeableStream(<RemixServer context={remixContext} url={request.url} />, {
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
        console.error(error);
      },
    });
    setTimeout(abort, STREAM_TIMEOUT_MS + 1000);
  });
}
