/**
 * Prisma's errors, recognised by their code rather than by class: each engine's generated client
 * has its own runtime and so its own error classes (docs/architecture.md#sqlite-and-postgresql).
 */
import { messageOf } from "../domain/result";

/** A write refused by a unique constraint (Prisma's P2002), on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    (error as { name?: unknown }).name === "PrismaClientKnownRequestError" &&
    (error as { code?: unknown }).code === "P2002"
  );
}

/** What a driver adapter reports under a Prisma error: the database's own code ("SQLITE_BUSY", "40001") and message. */
function driverCause(error: object): { code?: string; message?: string } {
  const meta = (
    error as { meta?: { driverAdapterError?: { cause?: { originalCode?: unknown; originalMessage?: unknown } } } }
  ).meta;
  const cause = meta?.driverAdapterError?.cause;
  return {
    code: typeof cause?.originalCode === "string" ? cause.originalCode : undefined,
    message: typeof cause?.originalMessage === "string" ? cause.originalMessage : undefined,
  };
}
const driverCode = (error: object) => driverCause(error).code;

const isPrismaError = (error: object) => String((error as { name?: unknown }).name).startsWith("PrismaClient");
const prismaCode = (error: object) => (isPrismaError(error) ? (error as { code?: unknown }).code : undefined);

/** SQLite's writer held by another connection. */
const SQLITE_WRITER_HELD = /^SQLITE_(BUSY|LOCKED)/;
/** PostgreSQL's connection exceptions (class 08) and shutdowns (57P01-57P03). */
const POSTGRES_UNREACHABLE = /^(08...|57P0[123])$/;
/** Prisma's codes for a database it could not reach, that closed the connection, or a full connection pool. */
const PRISMA_UNREACHABLE = new Set(["P1001", "P1002", "P1017", "P2024"]);

/**
 * The database, not the work, is the trouble, and will be for every statement for a while:
 * SQLite's writer held by another connection (SQLITE_BUSY, SQLITE_LOCKED: "database is
 * locked"), a database that cannot be reached, closed the connection or has no connection free.
 * Trying the same work again at once, or piece by piece, waits for the same database again.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const code = driverCode(error);
  if (code) return SQLITE_WRITER_HELD.test(code) || POSTGRES_UNREACHABLE.test(code);
  const prisma = prismaCode(error);
  if (typeof prisma === "string" && PRISMA_UNREACHABLE.has(prisma)) return true;
  // better-sqlite3's own error, and what a driver says in a plain error
  if (SQLITE_WRITER_HELD.test(String((error as { code?: unknown }).code))) return true;
  return /\b(database is locked|database table is locked|SQLITE_BUSY)\b/.test(String((error as Error).message));
}

/** PostgreSQL's serialization failure, deadlock detected, lock not available. */
const POSTGRES_CONFLICT = /^(40001|40P01|55P03)$/;

/**
 * The transaction lost to another one (a serialization failure, a deadlock, a lock it could not
 * get): the other transaction is over by now, and the same work tried again will likely succeed.
 */
export function isWriteConflict(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const code = driverCode(error);
  if (code) return POSTGRES_CONFLICT.test(code);
  return prismaCode(error) === "P2034";
}

/**
 * What a failure says, in a line: a Prisma error's message opens with where it was called and
 * a frame of the (minified) client, and ends with the reason; the database's own code and
 * message say it best when the driver gave them ("SQLITE_BUSY: database is locked").
 */
export function errorReason(error: unknown): string {
  const message = messageOf(error);
  if (typeof error !== "object" || error === null || !isPrismaError(error)) return message;
  const cause = driverCause(error);
  if (cause.code && cause.message) return `${cause.code}: ${cause.message}`;
  const lines = message
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  return lines.at(-1) ?? message;
}

/**
 * True for errors that mean "the database could not take this now" rather than "this input
 * is wrong": SQLite's busy and locked errors, and Prisma's timeouts and lost connections.
 * Wider than isDatabaseUnavailable (it also counts timeouts): a webhook answers 503 on it so
 * Shopify delivers again later.
 */
export function isStorageUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (
    typeof code === "string" &&
    ["SQLITE_BUSY", "SQLITE_LOCKED", "P1001", "P1002", "P1008", "P1017", "P2024"].includes(code)
  ) {
    return true;
  }
  return /database is locked|SQLITE_BUSY|database is busy|timed out|Can't reach database/i.test(
    `${error.message} ${String((error as { cause?: unknown }).cause ?? "")}`,
  );
}
