/**
 * Prisma's errors, recognised by their code rather than by class: each engine's generated client
 * has its own runtime and so its own error classes (docs/decisions/0020-postgresql-and-several-processes.md).
 */

/** A write refused by a unique constraint (Prisma's P2002), on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    (error as { name?: unknown }).name === "PrismaClientKnownRequestError" &&
    (error as { code?: unknown }).code === "P2002"
  );
}

/** What a driver adapter reports under a Prisma error: the database's own code ("SQLITE_BUSY", "40001"). */
function driverCode(error: object): string | undefined {
  const meta = (error as { meta?: { driverAdapterError?: { cause?: { originalCode?: unknown; kind?: unknown } } } })
    .meta;
  const cause = meta?.driverAdapterError?.cause;
  return typeof cause?.originalCode === "string" ? cause.originalCode : undefined;
}

/** Prisma's codes for a database that did not answer in time or at all, and for a write conflict or deadlock. */
const TRANSIENT_PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2028", "P2034"]);
/**
 * PostgreSQL's serialization failure, deadlock, lock not available, and its connection and
 * shutdown classes (08, 57P01-57P03).
 */
const TRANSIENT_POSTGRES_CODES = /^(40001|40P01|55P03|08...|57P0[123])$/;

/**
 * A failure that says nothing about the work, only about the database at that moment: SQLite's
 * writer held by another connection (SQLITE_BUSY, SQLITE_LOCKED: "database is locked"), a
 * PostgreSQL serialization failure, deadlock or lock timeout, a database that could not be
 * reached or did not answer in time. The same work done again a moment later may well succeed;
 * done again at once, it most likely fails the same way.
 */
export function isTransientDatabaseError(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const code = driverCode(error);
  if (code && (/^SQLITE_(BUSY|LOCKED)/.test(code) || TRANSIENT_POSTGRES_CODES.test(code))) return true;
  const prismaCode = (error as { code?: unknown }).code;
  if (
    typeof prismaCode === "string" &&
    TRANSIENT_PRISMA_CODES.has(prismaCode) &&
    String((error as { name?: unknown }).name).startsWith("PrismaClient")
  ) {
    return true;
  }
  // better-sqlite3's own error, and what the driver says in its message when Prisma does not classify it
  if (typeof code === "undefined" && /^SQLITE_(BUSY|LOCKED)/.test(String(prismaCode))) return true;
  return /\b(database is locked|database table is locked|SQLITE_BUSY)\b/.test(String((error as Error).message));
}
