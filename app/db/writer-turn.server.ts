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

let turn = new Int32Array(new SharedArrayBuffer(4 * SLOT_COUNT));
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
  for (let slot = 0; slot < turn.length; slot += 1) {
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
}
