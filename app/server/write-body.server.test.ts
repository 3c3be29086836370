import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { writeBody } from "./write-body.server";

/** A body of `count` 1 kB chunks that counts how many were pulled, and whether it was cancelled. */
function countingBody(count: number) {
  const state = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (state.pulled === count) return controller.close();
        state.pulled++;
        controller.enqueue(new Uint8Array(1024));
      },
      cancel() {
        state.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { body, state };
}

/** A client that takes nothing until `release` is called, then takes everything. */
function slowClient() {
  let flowing = false;
  let pending: (() => void)[] = [];
  const out = new Writable({
    highWaterMark: 4096,
    write(_chunk: Buffer, _encoding, callback) {
      if (flowing) callback();
      else pending.push(callback);
    },
  });
  const release = () => {
    flowing = true;
    const callbacks = pending;
    pending = [];
    for (const callback of callbacks) callback();
  };
  return { out, release };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("writeBody", () => {
  it("reads the next chunk only when the client has room for it", async () => {
    const { body, state } = countingBody(100);
    const { out, release } = slowClient();
    const writing = writeBody(body, out);
    await tick();
    // a 4 kB buffer: a handful of 1 kB chunks, not the 100
    expect(state.pulled).toBeLessThanOrEqual(6);
    release();
    await writing;
    expect(state.pulled).toBe(100);
    expect(out.writableEnded).toBe(true);
  });

  it("cancels the body when the client goes away", async () => {
    const { body, state } = countingBody(100);
    const { out } = slowClient();
    const writing = writeBody(body, out);
    await tick();
    const pulled = state.pulled;
    out.destroy();
    await writing;
    expect(state.cancelled).toBe(true);
    await tick();
    expect(state.pulled).toBe(pulled);
  });
});

describe("writeBody's listeners", () => {
  it("adds one drain listener for the whole body, however often it waits", async () => {
    const { body } = countingBody(50);
    // a 1 kB buffer that every 1 kB chunk fills: a wait for drain after each write
    const out = new Writable({ highWaterMark: 1024, write: (_chunk, _encoding, callback) => setImmediate(callback) });
    let added = 0;
    let drains = 0;
    out.on("newListener", (event) => {
      if (event === "drain") added++;
    });
    out.on("drain", () => drains++);
    await writeBody(body, out);
    expect(drains).toBeGreaterThan(10);
    // the test's own counter above, and writeBody's one
    expect(added).toBe(2);
  });
});

describe("a client that leaves mid-body", () => {
  it("ends quietly when the body fails because the request was aborted", async () => {
    const out = new Writable({ write: (_chunk, _encoding, callback) => callback() });
    let fail!: (error: Error) => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(10));
        fail = (error) => controller.error(error);
      },
    });
    // as the Remix handler does: the connection's close aborts the request, which errors the body
    out.once("close", () => fail(new Error("The request was aborted")));
    const writing = writeBody(body, out);
    await new Promise((resolve) => setTimeout(resolve, 10));
    out.destroy();
    await expect(writing).resolves.toBeUndefined();
  });
  it("still throws when the body fails while the client is there", async () => {
    const out = new Writable({ write: (_chunk, _encoding, callback) => callback() });
    // the writer destroys the response with the error, as Express's response is destroyed
    const destroyed = new Promise((resolve) => out.once("error", resolve));
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new Error("the database went away"));
      },
    });
    await expect(writeBody(body, out)).rejects.toThrow("the database went away");
    expect(await destroyed).toMatchObject({ message: "the database went away" });
  });
});
