import { describe, expect, it } from "vitest";
import { isTransientDatabaseError, isUniqueViolation } from "./errors";

/** What Prisma throws for a driver adapter's error, as logged from SQLite and PostgreSQL. */
function prismaError(code: string, originalCode?: string, message = "failed") {
  return Object.assign(new Error(message), {
    name: "PrismaClientKnownRequestError",
    code,
    meta: originalCode
      ? { driverAdapterError: { name: "DriverAdapterError", cause: { originalCode, originalMessage: message } } }
      : {},
  });
}

describe("a transient database error", () => {
  it("is SQLite's writer held elsewhere, whatever Prisma calls it", () => {
    expect(isTransientDatabaseError(prismaError("P2010", "SQLITE_BUSY", "Raw query failed"))).toBe(true);
    expect(isTransientDatabaseError(prismaError("P1008", "SQLITE_BUSY", "Operation has timed out"))).toBe(true);
    expect(isTransientDatabaseError(prismaError("P2010", "SQLITE_BUSY_SNAPSHOT"))).toBe(true);
    expect(isTransientDatabaseError(prismaError("P2010", "SQLITE_LOCKED"))).toBe(true);
    // better-sqlite3's own error, and a plain one that says so
    expect(isTransientDatabaseError(Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" }))).toBe(
      true,
    );
    expect(isTransientDatabaseError(new Error("database is locked"))).toBe(true);
  });

  it("is PostgreSQL's serialization failure, deadlock, lock timeout or a lost connection", () => {
    for (const code of ["40001", "40P01", "55P03", "08006", "57P01"]) {
      expect(isTransientDatabaseError(prismaError("P2010", code)), code).toBe(true);
    }
    expect(isTransientDatabaseError(prismaError("P2034"))).toBe(true);
    expect(isTransientDatabaseError(prismaError("P1001"))).toBe(true);
    expect(isTransientDatabaseError(prismaError("P2024"))).toBe(true);
  });

  it("is not an error of the work itself", () => {
    expect(isTransientDatabaseError(prismaError("P2002", "SQLITE_CONSTRAINT_UNIQUE"))).toBe(false);
    expect(isTransientDatabaseError(prismaError("P2010", "23505"))).toBe(false);
    expect(isTransientDatabaseError(prismaError("P2010", "22003"))).toBe(false);
    // a Prisma code elsewhere is not Prisma's
    expect(isTransientDatabaseError(Object.assign(new Error("x"), { code: "P2034" }))).toBe(false);
    expect(isTransientDatabaseError(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isTransientDatabaseError(new Error("Admin API answered 502"))).toBe(false);
    expect(isTransientDatabaseError(undefined)).toBe(false);
    expect(isTransientDatabaseError("database is locked")).toBe(false);
    expect(isUniqueViolation(prismaError("P2002"))).toBe(true);
  });
});
