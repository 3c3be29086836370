/**
 * A turn at SQLite's one writer, shared by the main thread and the threads that write on
 * connections of their own: the alert delivery thread (docs/decisions/0015-alert-delivery-thread.md)
 * and the order thread (docs/decisions/0067-order-thread.md). While such a thread holds SQLite's
 * write lock it says so here, in a slot of its own; the main thread's connection then waits for
 * the turn asynchronously, with its event loop free, before it starts a transaction or a write,
 * instead of sleeping inside SQLite's busy handler with the whole thread blocked. A thread waits
 * for the other threads' slots, never for its own.
 */

/** The longest the main thread waits for the turn before it lets SQLite's own locking decide. */
const MAX_WAIT_MS = 1_000;

/** Each writing thread's slot in the shared turn. */
export const WRITER_SLOTS = { delivery: 0, orders: 1 } as const;
const SLOT_COUNT = 2;
/**
 * After the slots, a count: the main thread's webhook queue inserts waiting for the writer or
 * writing. A writing thread lets them go before it starts a write of its own, for at most
 * GIVE_WAY_MAX_MS: an insert takes a fraction of a millisecond, and a webhook waits for its
 * answer while its order waits behind a transaction of the worker's
 * (docs/decisions/0069-webhook-inserts-go-first.md).
 */
const QUEUE_INSERTS = SLOT_COUNT;
/** The shared turn's size in bytes: the slots and the count of queue inserts. */
export const WRITER_TURN_BYTES = 4 * (SLOT_COUNT + 1);
/** The longest a writing thread gives way to queue inserts before its own write. */
export const GIVE_WAY_MAX_MS = 10;

let turn = new Int32Array(new SharedArrayBuffer(WRITER_TURN_BYTES));
/** The slot this thread marks (the main thread marks slot 0 only in tests, standing in for the delivery thread). */
let own: number = WRITER_SLOTS.delivery;
/** Whether this thread adopted a slot of the main thread's turn (a writing thread's own slot is never waited for). */
let adopted = false;
/** Whether this thread's Prisma transactions mark the turn (the order thread, which writes through Prisma). */
let marksTransactions = false;

/** The buffer to hand to a writing thread. */
export function writerTurnBuffer(): SharedArrayBuffer {
  return turn.buffer as SharedArrayBuffer;
}

/**
 * In a writing thread: share the main thread's turn, marking `slot` (the delivery thread's by
 * default); with `transactions`, this thread's Prisma transactions mark it too (app/db/client.server.ts).
 */
export function adoptWriterTurn(
  buffer: SharedArrayBuffer,
  slot: number = WRITER_SLOTS.delivery,
  options: { transactions?: boolean } = {},
): void {
  turn = new Int32Array(buffer);
  own = slot;
  adopted = true;
  marksTransactions = options.transactions ?? false;
}

/** In a writing thread: it holds (true) or has let go of (false) the write lock. */
export function holdWriterTurn(held: boolean): void {
  Atomics.store(turn, own, held ? 1 : 0);
  if (!held) Atomics.notify(turn, own);
}

/** In the main thread: the thread of `slot` ended, mid-write or not; it holds nothing any more. */
export function releaseWriterTurn(slot: number): void {
  Atomics.store(turn, slot, 0);
  Atomics.notify(turn, slot);
}

/** Whether this thread's Prisma transactions mark the turn (see adoptWriterTurn). */
export function writerTurnMarksTransactions(): boolean {
  return marksTransactions;
}

/** The slot another thread holds now (-1: none). */
function heldElsewhere(): number {
  for (let slot = 0; slot < SLOT_COUNT; slot += 1) {
    if (adopted && slot === own) continue;
    if (Atomics.load(turn, slot) === 1) return slot;
  }
  return -1;
}

/** Resolves once no other thread is writing (at once when none is). */
export async function awaitWriterTurn(): Promise<void> {
  const deadline = Date.now() + MAX_WAIT_MS;
  for (let slot = heldElsewhere(); slot >= 0; slot = heldElsewhere()) {
    const left = deadline - Date.now();
    if (left <= 0) return;
    const waiting = Atomics.waitAsync(turn, slot, 1, left);
    if (waiting.async) await waiting.value;
  }
  if (queueInsertsWaiting()) await giveWayToQueueInserts();
}

/** In a writing thread: whether webhook queue inserts of the main thread wait or write now (false in the main thread). */
export function queueInsertsWaiting(): boolean {
  return adopted && Atomics.load(turn, QUEUE_INSERTS) > 0;
}

/**
 * In a writing thread (one that adopted the turn): resolves once no webhook queue insert of the
 * main thread waits or writes, or after GIVE_WAY_MAX_MS. At once in the main thread.
 */
export async function giveWayToQueueInserts(): Promise<void> {
  if (!adopted) return;
  const deadline = Date.now() + GIVE_WAY_MAX_MS;
  for (let count = Atomics.load(turn, QUEUE_INSERTS); count > 0; count = Atomics.load(turn, QUEUE_INSERTS)) {
    const left = deadline - Date.now();
    if (left <= 0) return;
    const waiting = Atomics.waitAsync(turn, QUEUE_INSERTS, count, left);
    if (waiting.async) await waiting.value;
  }
}

/** In the main thread: a webhook's queue insert, counted while it waits and writes, so writing threads let it go first. */
export async function asQueueInsert<T>(insert: () => Promise<T>): Promise<T> {
  Atomics.add(turn, QUEUE_INSERTS, 1);
  try {
    return await insert();
  } finally {
    Atomics.sub(turn, QUEUE_INSERTS, 1);
    Atomics.notify(turn, QUEUE_INSERTS);
  }
}
