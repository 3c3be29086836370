// Remix behind Express, as @remix-run/express does it, but reading the body before the app runs:
// a body above the route's limit is refused with 413 before any route sees it, whether its length
// was declared or it arrived chunked (docs/architecture.md#the-http-server says why
// @remix-run/express's own handler cannot do this).
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { writeBody } from "./write-body.server";
import { busyDatabaseAnswer } from "../http/busy-database.server";
import type { ServerSettings } from "../http/server-settings.server";

/** The limit a request's body passed while it was being read. */
class BodyTooLarge extends Error {}

/** Reads the whole body, refusing it (without reading on) once it passes `limit` bytes. */
function readBody(req: ExpressRequest, limit: number): Promise<Buffer<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
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
 * Answers 413 and closes the connection cleanly. The answer goes out whole at once (with
 * `Connection: close`, so no client sends another request on this connection), but the
 * response ends only when the refused upload has: what still arrives is discarded, because
 * closing a connection the client is still writing to resets it, and the client would read a
 * broken pipe instead of this answer. Node closes the connection when the response ends. An
 * upload still going after `discardMs` loses its connection; the timer goes with the request
 * (docs/architecture.md#the-http-server).
 */
function tooLarge(req: ExpressRequest, res: ExpressResponse, limit: number, discardMs: number): void {
  const body = JSON.stringify({ error: `Request body too large: the limit is ${limit} bytes` });
  res.status(413).set({
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": String(Buffer.byteLength(body)),
    Connection: "close",
  });
  res.write(body);
  req.removeAllListeners("data");
  const timer = setTimeout(() => req.socket.destroy(), discardMs).unref();
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

/**
 * The request's body within its route's limit (`settings.bodyLimitFor`), or null once it was
 * refused with 413 (declared too large, or grown too large as it arrived): the one body reader
 * of the Remix handler and of the webhook fast path (app/server/webhook-fast-path.server.ts).
 */
export async function readBodyWithin(
  req: ExpressRequest,
  res: ExpressResponse,
  settings: Pick<ServerSettings, "bodyLimitFor">,
  discardMs: number,
): Promise<Buffer<ArrayBuffer> | null> {
  const limit = settings.bodyLimitFor(req.path);
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) {
    tooLarge(req, res, limit, discardMs);
    return null;
  }
  try {
    return await readBody(req, limit);
  } catch (error) {
    if (error instanceof BodyTooLarge) {
      tooLarge(req, res, limit, discardMs);
      return null;
    }
    throw error;
  }
}

/** The request's headers as a Fetch API Headers (repeated headers kept). */
export function requestHeaders(req: ExpressRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

async function sendResponse(res: ExpressResponse, response: Response): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  // as the client takes it: a slow client never makes the server hold a streamed export
  if (response.body) await writeBody(response.body, res);
  else res.end();
}

/**
 * The Express handler that serves `build`: the body read within the route's limit
 * (`settings.bodyLimitFor`), the client's address (Express's `req.ip`, which follows
 * "trust proxy") in the load context as `clientAddress`, the request aborted when its
 * connection closes before the answer was written, and a request the database could not take
 * answered 503 (app/http/busy-database.server.ts).
 */
export function remixHandler(
  build: ServerBuild,
  settings: ServerSettings,
  options: { mode: string; discardMs: number },
) {
  const handleRequest = createRequestHandler(build, options.mode);
  return async function remix(req: ExpressRequest, res: ExpressResponse, next: NextFunction): Promise<void> {
    try {
      const controller = new AbortController();
      res.on("close", () => {
        if (!res.writableFinished) controller.abort();
      });
      const init: RequestInit = { method: req.method, headers: requestHeaders(req), signal: controller.signal };
      if (req.method !== "GET" && req.method !== "HEAD") {
        const body = await readBodyWithin(req, res, settings, options.discardMs);
        if (!body) return;
        init.body = body;
      }
      const host = req.get("host") ?? `localhost:${settings.port}`;
      const request = new Request(`${req.protocol}://${host}${req.originalUrl}`, init);
      const context = { clientAddress: req.ip ?? req.socket.remoteAddress ?? "" };
      const response = busyDatabaseAnswer(context, await handleRequest(request, context));
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}
