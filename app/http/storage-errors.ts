/**
 * True for errors that mean "the database could not take this now" rather than "this input
 * is wrong": SQLite's busy and locked errors, and Prisma's timeouts and lost connections.
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
