/**
 * The main thread's side of the CSV export's helper thread
 * (docs/decisions/0070-csv-export-helper-thread.md). One thread per process, started with the
 * built server (or by an export, a minute after a failure) and kept, idle and unreferenced,
 * between exports; any number of exports hand it ranges, which it formats in turn. Until it is
 * ready, and for a minute after it fails, there is no helper: the export formats every range
 * itself, so the bytes never depend on it.
 */
import fs from "node:fs";
import { Worker } from "node:worker_threads";
import { SQLITE_BUSY_WAIT_MS } from "../../db/client.server";
import { sqliteExportFile, type PlainQuery } from "../../db/audit-export.sql.server";
import { logger } from "../../logger.server";
import type { FromHelper, HelperData, HelperJob } from "./csv-helper-thread";

/** A helper that has not said it is ready by then is ended. */
const READY_TIMEOUT_MS = 30_000;
/** After a failure, no helper is started again for this long. */
export const CSV_HELPER_RETRY_MS = 60_000;

interface Helper {
  worker: Worker;
  ready: boolean;
  pending: Map<number, { resolve(bytes: Uint8Array): void; reject(error: Error): void }>;
}

/**
 * From the TypeScript source a helper first compiles its modules under tsx (a second of CPU), so
 * tests and scripts start it only when they ask (warmCsvHelper); the built server starts it as it
 * starts listening (startCsvHelper).
 */
const FROM_SOURCE = /\.[cm]?tsx?$/.test(new URL(import.meta.url).pathname);

let helper: Helper | null = null;
let failedAt = Number.NEGATIVE_INFINITY;
let jobs = 0;
/** Ranges the helper threads of this process have formatted. */
let formatted = 0;
/** Whether a helper may be started: none failed within CSV_HELPER_RETRY_MS (or stopCsvHelper since). */
const mayStart = () => Date.now() - failedAt >= CSV_HELPER_RETRY_MS;

/**
 * The code a helper thread runs: the TypeScript source through tsx (tests, scripts, the benchmark;
 * a worker's --import hooks do not reach its own entry on Node 20), or in the built server the
 * thread's own bundle beside build/index.js (build/csv-helper-thread.js); null when it was not
 * built.
 */
function helperEntry(): string | null {
  const self = new URL(import.meta.url);
  if (FROM_SOURCE) {
    const source = JSON.stringify(new URL("./csv-helper-thread.ts", self).href);
    return `import("tsx/esm/api").then(({ tsImport }) => tsImport(${source}, ${source}))`;
  }
  const bundle = new URL("./csv-helper-thread.js", self);
  return fs.existsSync(bundle) ? `import(${JSON.stringify(bundle.href)})` : null;
}

function startHelper(): Helper | null {
  const entry = helperEntry();
  if (!entry) {
    failedAt = Number.POSITIVE_INFINITY;
    logger.warn("CSV export helper thread not built (npm run build); exports stay on the main thread");
    return null;
  }
  const workerData: HelperData = { csvHelper: true, busyTimeoutMs: SQLITE_BUSY_WAIT_MS };
  const worker = new Worker(entry, { eval: true, workerData });
  const started: Helper = { worker, ready: false, pending: new Map() };
  const fail = (error: Error) => {
    if (helper === started) helper = null;
    failedAt = Date.now();
    for (const job of started.pending.values()) job.reject(error);
    started.pending.clear();
    void worker.terminate().catch(() => undefined);
  };
  const timer = setTimeout(() => {
    if (started.ready) return;
    logger.warn("CSV export helper thread did not start in time; exports stay on the main thread");
    fail(new Error("The CSV export helper thread did not start in time"));
  }, READY_TIMEOUT_MS);
  timer.unref();
  worker.on("message", (message: FromHelper) => {
    if (message.type === "ready") {
      clearTimeout(timer);
      started.ready = true;
      return;
    }
    const job = started.pending.get(message.id);
    if (!job) return;
    started.pending.delete(message.id);
    if (started.pending.size === 0) worker.unref();
    if (message.type === "chunk") {
      formatted++;
      job.resolve(message.bytes);
    } else job.reject(new Error(`CSV export helper thread: ${message.message}`));
  });
  worker.on("error", (error) => {
    logger.error("CSV export helper thread failed", { err: error });
    fail(error);
  });
  worker.on("exit", (code) => fail(new Error(`The CSV export helper thread exited (code ${code})`)));
  // idle, the thread keeps no process alive; a range handed to it does (see formatOnHelper). After
  // the listeners: a "message" listener added later would hold the process again.
  worker.unref();
  return started;
}

/**
 * Hands a range to the helper thread: a promise of its CSV bytes, or null when there is no helper
 * ready (the built server starts one then, unless it failed within CSV_HELPER_RETRY_MS), and the caller formats
 * the range itself. The promise rejects if the helper fails before the range is done.
 */
export function formatOnHelper(file: string, query: PlainQuery): Promise<Uint8Array> | null {
  if (!helper) {
    if (!FROM_SOURCE && mayStart()) helper = startHelper();
    return null;
  }
  if (!helper.ready) return null;
  const { worker, pending } = helper;
  const id = ++jobs;
  const job: HelperJob = { id, file, sql: query.sql, values: query.values };
  return new Promise<Uint8Array>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    if (pending.size === 1) worker.ref();
    worker.postMessage(job);
  });
}

/**
 * The built server on an SQLite file starts the helper as it starts listening: about 60 ms of CPU
 * and 15 MB, so that a first export, small or large, finds it ready.
 */
export function startCsvHelper(): void {
  if (!helper && !FROM_SOURCE && sqliteExportFile()) helper = startHelper();
}

/** Starts the helper thread and waits until it is ready (tests, scripts): true once it is. */
export async function warmCsvHelper(timeoutMs = READY_TIMEOUT_MS): Promise<boolean> {
  if (!helper && mayStart()) helper = startHelper();
  const started = Date.now();
  while (helper && !helper.ready && Date.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Boolean(helper?.ready);
}

/** Ends the helper thread (tests): the next export starts another. */
export async function stopCsvHelper(): Promise<void> {
  const stopping = helper;
  helper = null;
  failedAt = Number.NEGATIVE_INFINITY;
  if (stopping) {
    stopping.worker.removeAllListeners("exit");
    for (const job of stopping.pending.values()) job.reject(new Error("The CSV export helper thread was stopped"));
    await stopping.worker.terminate();
  }
}

/** What the helper threads of this process have done (tests, the benchmark). */
export function csvHelperStats(): { ranges: number; ready: boolean } {
  return { ranges: formatted, ready: Boolean(helper?.ready) };
}
