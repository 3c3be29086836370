// Long jobs with a progress row (backtests, preflights): start one per shop, progress, finish, fail, status.
/**
 * A job runs in the process that started it and writes what it has done to its own row, which the
 * pages and the API read (docs/product.md#backtest, docs/product.md#promotion-preflight). One runs per
 * shop at a time; a running row that has not moved for a while belongs to a process that ended, and
 * reads as failed.
 */
import type { Prisma } from "@prisma/client";
import { progressPercent } from "../../domain/backtest/backtest";
import { fail, messageOf, ok, type Result } from "../../domain/result";
import { logger } from "../../logger.server";

/** The columns every job's row has (Backtest, PreflightRun). */
export interface JobRow {
  id: string;
  status: string;
  ordersRead: number;
  ordersTotal: number | null;
  results: Prisma.JsonValue | null;
  error: string | null;
  createdAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
}

/** What the helper writes to a job's row. */
export interface JobUpdate {
  status?: "done" | "failed";
  ordersRead?: number;
  ordersTotal?: number;
  results?: Prisma.InputJsonValue;
  error?: string;
  finishedAt?: Date;
}

/** One kind of job: its table and the words it answers with. */
export interface JobKind<Row extends JobRow> {
  /** the logs' name of the job ("Backtest") and of its row's id ("backtestId") */
  name: string;
  idKey: string;
  /** a running row that has not moved for this long was cut off (the process ended) */
  staleMs: number;
  /** the 409's message while another of the shop's runs */
  runningMessage: string;
  /** the error a cut-off job reads with */
  interruptedMessage: string;
  /** what a failed job's error says before the failure's own message */
  failurePrefix: string;
  /** deletes the shop's rows that are no longer kept */
  prune(shopId: string, now: Date): Promise<unknown>;
  /** the shop's rows still marked running */
  running(shopId: string): Promise<Row[]>;
  update(id: string, data: JobUpdate): Promise<unknown>;
}

/** Progress is written at most this often. */
const PROGRESS_EVERY_MS = 250;

const isStale = (row: JobRow, now: Date, staleMs: number) =>
  row.status === "running" && now.getTime() - row.updatedAt.getTime() > staleMs;

/**
 * Starts a job and returns at once with its row, or 409 while another of the shop's runs. `run`
 * does the work in this process; a failure marks the row failed with its message. The returned
 * `run` settles when the job has finished (tests and the demo await it).
 */
export async function startJob<Row extends JobRow>(
  kind: JobKind<Row>,
  shopId: string,
  now: Date,
  create: () => Promise<Row>,
  run: (row: Row) => Promise<void>,
): Promise<Result<{ row: Row; run: Promise<void> }>> {
  await kind.prune(shopId, now);
  const running = await kind.running(shopId);
  if (running.some((row) => !isStale(row, now, kind.staleMs))) return fail(409, kind.runningMessage);
  const row = await create();
  const done = run(row).catch(async (error: unknown) => {
    logger.error(`${kind.name} failed`, { [kind.idKey]: row.id, shopId, err: error });
    await kind
      .update(row.id, {
        status: "failed",
        error: `${kind.failurePrefix}${messageOf(error)}`.slice(0, 500),
        finishedAt: new Date(),
      })
      .catch((failure: unknown) =>
        logger.error(`${kind.name} could not record its failure`, { [kind.idKey]: row.id, err: failure }),
      );
  });
  return ok({ row, run: done });
}

/** A job's progress on its row: the orders it will read once known, and those read so far (at most every 250 ms). */
export function jobProgress<Row extends JobRow>(kind: JobKind<Row>, id: string) {
  let lastWrite = 0;
  return {
    total: (ordersTotal: number) => kind.update(id, { ordersTotal }),
    read: async (ordersRead: number) => {
      if (Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
      lastWrite = Date.now();
      await kind.update(id, { ordersRead });
    },
  };
}

/** The columns of a finished job: done, with what it read and its results. */
export function doneColumns(ordersRead: number, results: unknown) {
  return {
    status: "done" as const,
    ordersRead,
    results: results as Prisma.InputJsonValue,
    finishedAt: new Date(),
  };
}

export type JobStatus = "running" | "done" | "failed";

/**
 * A job's row as the pages and the API read it: its status (a cut-off job reads as failed), the
 * job's own fields (`fields`), its progress in percent, error, results and times.
 */
export function jobView<Row extends JobRow, Results, Fields extends object>(
  kind: JobKind<Row>,
  row: Row,
  now: Date,
  fields: Fields,
) {
  const stale = isStale(row, now, kind.staleMs);
  const status: JobStatus = stale ? "failed" : (row.status as JobStatus);
  return {
    id: row.id,
    status,
    ...fields,
    ordersRead: row.ordersRead,
    ordersTotal: row.ordersTotal,
    progress: progressPercent(row.ordersRead, row.ordersTotal, status === "done"),
    error: stale ? kind.interruptedMessage : row.error,
    results: (row.results as unknown as Results | null) ?? null,
    startedAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
