import type { Writable } from "node:stream";

/**
 * Writes a response body as the client takes it:
 * after a write that fills the socket's buffer it waits for "drain" before reading the next
 * chunk, so a slow client never makes the server hold a whole streamed export; a client that
 * goes away cancels the body, which stops a streamed export's reads, and is no error. (Remix's
 * writeReadableStreamToWritable writes every chunk at once, whatever the client takes.)
 */
export async function writeBody(body: ReadableStream<Uint8Array>, out: Writable): Promise<void> {
  const reader = body.getReader();
  let closed = out.destroyed;
  // one listener each for the whole body: compression middleware forwards `on("drain")` to its
  // zlib stream but not `off`, so a listener per wait would pile up there
  let wake: (() => void) | null = null;
  const onDrain = () => {
    const resume = wake;
    wake = null;
    resume?.();
  };
  const onClose = () => {
    closed = true;
    onDrain();
  };
  out.on("drain", onDrain);
  out.on("close", onClose);
  const flushable = out as Writable & { flush?: () => void };
  try {
    for (;;) {
      if (closed) {
        await reader.cancel(new Error("The client closed the connection"));
        return;
      }
      const { done, value } = await reader.read();
      if (done) {
        out.end();
        return;
      }
      const room = out.write(value);
      // compression middleware buffers until told to flush
      if (typeof flushable.flush === "function") flushable.flush();
      if (!room && !closed) await new Promise<void>((resolve) => (wake = resolve));
    }
  } catch (error) {
    // a client that left: the body failed because its request was aborted; nothing to answer, and
    // not the server's error (the request's line says it was aborted)
    if (closed) return;
    out.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  } finally {
    out.off("drain", onDrain);
    out.off("close", onClose);
  }
}
