// Webhook queue inserts go first (docs/decisions/0069-webhook-inserts-go-first.md): a writing thread
// that adopted the turn waits, before its own write, while the main thread's queue inserts wait or
// write, for at most GIVE_WAY_MAX_MS; the main thread never waits for its own inserts.
import { describe, expect, it } from "vitest";
import {
  adoptWriterTurn,
  asQueueInsert,
  awaitWriterTurn,
  giveWayToQueueInserts,
  GIVE_WAY_MAX_MS,
  queueInsertsWaiting,
  WRITER_SLOTS,
  WRITER_TURN_BYTES,
} from "./writer-turn.server";

const settledWithin = async (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

describe("webhook queue inserts and the writing threads", () => {
  it("the main thread never waits for queue inserts, its own or others", async () => {
    let release = () => {};
    const insert = asQueueInsert(() => new Promise<void>((resolve) => (release = resolve)));
    expect(queueInsertsWaiting()).toBe(false);
    expect(await settledWithin(awaitWriterTurn(), 5)).toBe(true);
    release();
    await insert;
  });

  it("a writing thread waits while an insert waits or writes, and goes on when it is done", async () => {
    // from here on this test's thread plays the order thread, on a turn of its own
    const buffer = new SharedArrayBuffer(WRITER_TURN_BYTES);
    adoptWriterTurn(buffer, WRITER_SLOTS.orders, { transactions: true });
    expect(queueInsertsWaiting()).toBe(false);
    expect(await settledWithin(awaitWriterTurn(), 5)).toBe(true);

    let release = () => {};
    const insert = asQueueInsert(() => new Promise<string>((resolve) => (release = () => resolve("queued"))));
    expect(queueInsertsWaiting()).toBe(true);
    let gaveWay = false;
    const turn = awaitWriterTurn().then(() => (gaveWay = true));
    await new Promise((resolve) => setTimeout(resolve, 2));
    expect(gaveWay).toBe(false);
    release();
    expect(await insert).toBe("queued");
    expect(queueInsertsWaiting()).toBe(false);
    expect(await settledWithin(turn, 50)).toBe(true);
  });

  it("an insert that fails is no longer counted", async () => {
    await expect(asQueueInsert(() => Promise.reject(new Error("busy")))).rejects.toThrow("busy");
    expect(queueInsertsWaiting()).toBe(false);
  });

  it("a writing thread waits at most GIVE_WAY_MAX_MS for inserts that keep coming", async () => {
    let release = () => {};
    const insert = asQueueInsert(() => new Promise<void>((resolve) => (release = resolve)));
    const started = performance.now();
    await giveWayToQueueInserts();
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(GIVE_WAY_MAX_MS - 1);
    expect(queueInsertsWaiting()).toBe(true);
    release();
    await insert;
  });
});
