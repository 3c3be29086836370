/**
 * The CSV export on two threads of its own (docs/decisions/0057-csv-at-the-databases-speed.md,
 * update of 2026-11-26). On SQLite, a large export's rows are cut into ranges of the export's
 * order; two worker threads take the ranges in turn, each on its own read-only connection: a
 * thread first reads the keys only to find where its range ends (sqliteRangeEnd) and tells the
 * main thread, which hands the next range to the other thread at once; then it reads and formats
 * its range and sends the encoded bytes back (the ArrayBuffer transferred, not copied). The main
 * thread only writes the chunks out, in range order. Ranges are cut at keys, so no event is
 * skipped or repeated whatever is written meanwhile (as with the single-thread keyset batches).
 *
 * Bounded: at most AHEAD ranges are handed out and not yet taken by the response, so a slow client
 * holds the server to AHEAD chunks. Closing an export before its end (the client gone, the request
 * aborted) terminates both threads, which stops their statements; the next export starts new ones.
 * A thread that fails ends the export's threads; the caller falls back or ends the response.
 *
 * The threads load this same module: from the build (build/server/index.js) in production, from
 * the TypeScript source under tsx in tests and the benchmark.
 */
import { isMainThread, parentPort, SHARE_ENV, Worker, workerData, type MessagePort } from "node:worker_threads";
import {
  sqliteRange,
  sqliteRangeEnd,
  type AuditExportKey,
  type AuditExportRecord,
} from "../../db/audit-export.sql.server";
import type { AuditFilter } from "../../db/audit-events.sql.server";
import { logger } from "../../logger.server";
import { csvChunk } from "./csv-lines.server";

/** The export's threads. */
export const CSV_THREADS = 2;
/** Ranges handed to the threads and not yet taken by the response, at most. */
export const CSV_THREAD_AHEAD = 4;
const READY_TIMEOUT_MS = 30_000;
const FLAG = "marginGuardrailCsvExportThread";

export type ExportFilter = Omit<AuditFilter, "before" | "searchPlan">;

interface RangeJob {
  export: number;
  index: number;
  file: string;
  shopId: string;
  filter: ExportFilter;
  before: AuditExportKey | null;
  size: number;
}

type FromThread =
  | { type: "ready" }
  | { type: "end"; export: number; index: number; next: AuditExportKey | null }
  | { type: "chunk"; export: number; index: number; bytes: Uint8Array }
  | { type: "failed"; export: number; index: number; message: string };

/** Inside a thread: answers each range with its end, then its bytes. */
function serveRanges(port: MessagePort): void {
  const encoder = new TextEncoder();
  port.on("message", (job: RangeJob) => {
    const about = { export: job.export, index: job.index };
    try {
      const next = sqliteRangeEnd(job.file, job.shopId, job.filter, job.before, job.size);
      port.postMessage({ type: "end", ...about, next } satisfies FromThread);
      const records: AuditExportRecord[] = sqliteRange(job.file, job.shopId, job.filter, job.before, next);
      const bytes = encoder.encode(csvChunk(records));
      port.postMessage({ type: "chunk", ...about, bytes } satisfies FromThread, [bytes.buffer]);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      port.postMessage({ type: "failed", ...about, message } satisfies FromThread);
    }
  });
  port.postMessage({ type: "ready" } satisfies FromThread);
}

if (!isMainThread && parentPort && (workerData as Record<string, unknown> | null)?.[FLAG]) serveRanges(parentPort);

interface Pool {
  workers: Worker[];
  ready: boolean;
  busy: boolean;
  listener: ((message: FromThread) => void) | null;
  onFailure: ((error: Error) => void) | null;
}

let pool: Pool | null = null;
let exportIds = 0;

function endPool(ended: Pool): void {
  if (pool === ended) pool = null;
  for (const worker of ended.workers) void worker.terminate().catch(() => undefined);
}

function spawnPool(): Pool {
  const self = new URL(import.meta.url);
  const url = JSON.stringify(self.href);
  // production loads the built module; tests and the benchmark the TypeScript source, through tsx
  // (a worker's --import hooks do not reach its own entry in Node 20)
  const entry = /\.[cm]?tsx?$/.test(self.pathname)
    ? `import("tsx/esm/api").then(({ tsImport }) => tsImport(${url}, ${url}))`
    : `import(${url})`;
  const created: Pool = { workers: [], ready: false, busy: false, listener: null, onFailure: null };
  let ready = 0;
  const timer = setTimeout(() => {
    if (created.ready) return;
    logger.warn("CSV export threads did not start in time; exports stay on the main thread");
    endPool(created);
  }, READY_TIMEOUT_MS);
  timer.unref();
  const fail = (error: Error) => {
    if (pool !== created && !created.busy) return;
    logger.error("CSV export thread failed", { error: error.message });
    const onFailure = created.onFailure;
    endPool(created);
    onFailure?.(error);
  };
  for (let index = 0; index < CSV_THREADS; index++) {
    const worker = new Worker(entry, { eval: true, workerData: { [FLAG]: true }, env: SHARE_ENV });
    worker.unref();
    worker.on("message", (message: FromThread) => {
      if (message.type === "ready") {
        if (++ready === CSV_THREADS) created.ready = true;
        return;
      }
      created.listener?.(message);
    });
    worker.on("error", (error) => fail(error));
    worker.on("exit", (code) => fail(new Error(`CSV export thread exited (${code})`)));
    created.workers.push(worker);
  }
  return created;
}

const FROM_SOURCE = /\.[cm]?tsx?$/.test(new URL(import.meta.url).pathname);
/**
 * Exports use the threads unless told otherwise in the built server only: from the TypeScript
 * source each thread compiles the module graph under tsx first (seconds of CPU), so scripts and
 * tests use them only when they ask (auditCsvResponse's `threads` option).
 */
export const CSV_THREADS_BY_DEFAULT = !FROM_SOURCE;

/**
 * At an export's start, in the built server only: starts the threads (once per process) so that
 * they are ready after the export's first batch. From the TypeScript source (tests, scripts) they
 * start only when an export reaches them.
 */
export function prestartCsvThreads(): void {
  if (!pool && !FROM_SOURCE) pool = spawnPool();
}

/** Starts the threads if they are not (tests, a server that wants them before its first export); true once ready. */
export async function warmCsvThreads(timeoutMs = READY_TIMEOUT_MS): Promise<boolean> {
  if (!pool) pool = spawnPool();
  const started = Date.now();
  while (pool && !pool.ready && Date.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Boolean(pool?.ready);
}

/** What an export on threads has handed out and what the response has taken (for tests). */
export interface ThreadExportStats {
  dispatched: number;
  taken: number;
  buffered: number;
  threads: readonly Worker[];
}

export interface ThreadedExport {
  /** The next chunk in order; null at the end; rejects if a thread failed. */
  next(): Promise<Uint8Array | null>;
  /** Before the end: terminates the threads (their statements stop). After it: nothing. */
  close(): void;
  stats(): ThreadExportStats;
}

let current: ThreadedExport | null = null;
/** The export now on threads, if any (tests read its stats). */
export const activeThreadExport = () => current;

/**
 * An export of the events older than `start` on the threads, or null when they are not ready
 * (their start is begun then: a later call may find them ready) or busy with another export.
 */
export function threadedExport(
  file: string,
  shopId: string,
  filter: ExportFilter,
  start: AuditExportKey,
  rangeSize: number,
): ThreadedExport | null {
  if (!Number.isInteger(rangeSize) || rangeSize < 1) throw new Error(`Range size must be a positive integer`);
  if (!pool) pool = spawnPool();
  const threads = pool;
  if (!threads.ready || threads.busy) return null;
  threads.busy = true;
  for (const worker of threads.workers) worker.ref();
  const id = ++exportIds;
  const starts = new Map<number, AuditExportKey>([[0, start]]);
  const chunks = new Map<number, Uint8Array>();
  let dispatched = 0;
  let taken = 0;
  let last = -1;
  let failure: Error | null = null;
  let finished = false;
  let waiting: { resolve: (bytes: Uint8Array | null) => void; reject: (error: Error) => void } | null = null;

  const release = () => {
    threads.listener = null;
    threads.onFailure = null;
    threads.busy = false;
    for (const worker of threads.workers) worker.unref();
    if (current === session) current = null;
  };
  const pump = () => {
    while (!finished && !failure && starts.has(dispatched) && dispatched - taken < CSV_THREAD_AHEAD) {
      const before = starts.get(dispatched)!;
      starts.delete(dispatched);
      const job: RangeJob = { export: id, index: dispatched, file, shopId, filter, before, size: rangeSize };
      threads.workers[dispatched % CSV_THREADS].postMessage(job);
      dispatched++;
    }
  };
  const settle = () => {
    if (!waiting) return;
    const answer = waiting;
    if (failure) {
      waiting = null;
      answer.reject(failure);
      return;
    }
    const bytes = chunks.get(taken);
    if (bytes) {
      chunks.delete(taken);
      taken++;
      waiting = null;
      pump();
      answer.resolve(bytes);
    } else if (last >= 0 && taken > last) {
      waiting = null;
      finished = true;
      release();
      answer.resolve(null);
    }
  };
  threads.listener = (message) => {
    if (message.type === "ready" || message.export !== id) return;
    if (message.type === "end") {
      if (message.next) starts.set(message.index + 1, message.next);
      else last = message.index;
      pump();
    } else if (message.type === "chunk") {
      chunks.set(message.index, message.bytes);
      settle();
    } else {
      failure = new Error(`CSV export thread: ${message.message}`);
      logger.error("CSV export range failed", { error: message.message });
      finished = true;
      release();
      endPool(threads);
      settle();
    }
  };
  threads.onFailure = (error) => {
    failure = error;
    finished = true;
    release();
    settle();
  };
  const session: ThreadedExport = {
    next: () =>
      new Promise<Uint8Array | null>((resolve, reject) => {
        if (finished && !failure) return resolve(null);
        waiting = { resolve, reject };
        settle();
      }),
    close: () => {
      if (finished) return;
      finished = true;
      release();
      endPool(threads);
    },
    stats: () => ({ dispatched, taken, buffered: chunks.size, threads: threads.workers }),
  };
  current = session;
  pump();
  return session;
}
