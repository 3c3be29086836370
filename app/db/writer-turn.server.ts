/**
 * A turn at SQLite's one writer, shared by the main thread and the alert delivery thread
 * (docs/decisions/0015-alert-delivery-thread.md). While the delivery thread holds SQLite's
 * write lock it says so here; the main thread's connection then waits for the turn
 * asynchronously, with its event loop free, before it starts a transaction or a write, instead
 * of sleeping inside SQLite's busy handler with the whole thread blocked.
 */

/** The longest the main thread waits for the turn before it lets SQLite's own locking decide. */
const MAX_WAIT_MS = 1_000;

let turn = new Int32Array(new SharedArrayBuffer(4));

/** The buffer to hand to the delivery thread. */
export function writerTurnBuffer(): SharedArrayBuffer {
  return turn.buffer as SharedArrayBuffer;
}

/** In the delivery thread: share the main thread's turn. */
export function adoptWriterTurn(buffer: SharedArrayBuffer): void {
  turn = new Int32Array(buffer);
}

/** In the delivery thread: it holds (true) or has let go of (false) the write lock. */
export function holdWriterTurn(held: boolean): void {
  Atomics.store(turn, 0, held ? 1 : 0);
  if (!held) Atomics.notify(turn, 0);
}

/** Resolves once the delivery thread is not writing (at once when it is not). */
export async function awaitWriterTurn(): Promise<void> {
  const deadline = Date.now() + MAX_WAIT_MS;
  while (Atomics.load(turn, 0) === 1) {
    const left = deadline - Date.now();
    if (left <= 0) return;
    const waiting = Atomics.waitAsync(turn, 0, 1, left);
    if (waiting.async) await waiting.value;
  }
}
