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
