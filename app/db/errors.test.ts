import { describe, expect, it } from "vitest";
import { errorReason, isDatabaseUnavailable, isUniqueViolation, isWriteConflict } from "./errors";

/** What Prisma throws for a driver adapter's error, in the shapes logged from SQLite and PostgreSQL. */
function prismaError(code: string, originalCode?: string, message = "failed") {
  return Object.assign(new Error(`\nInvalid \`prisma.$executeRaw()\` invocation:\n\n\n${message}`), {
    name: "PrismaClientKnownRequestError",
    code,
    meta: originalCode
      ? { driverAdapterError: { name: "DriverAdapterError", cause: { originalCode, originalMessage: message } } }
      : {},
  });
}

describe("a database that is unavailable", () => {
  it("is SQLite's writer held elsewhere, whatever Prisma calls it", () => {
    expect(isDatabaseUnavailable(prismaError("P2010", "SQLITE_BUSY", "database is locked"))).toBe(true);
    expect(isDatabaseUnavailable(prismaError("P1008", "SQLITE_BUSY", "database is locked"))).toBe(true);
    expect(isDatabaseUnavailable(prismaError("P2010", "SQLITE_BUSY_SNAPSHOT"))).toBe(true);
    expect(isDatabaseUnavailable(prismaError("P2010", "SQLITE_LOCKED"))).toBe(true);
    // better-sqlite3's own error, and a plain one that says so
    expect(isDatabaseUnavailable(Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("database is locked"))).toBe(true);
  });

  it("is PostgreSQL out of reach, a lost connection or a full pool", () => {
    for (const code of ["08006", "08001", "57P01"])
      expect(isDatabaseUnavailable(prismaError("P2010", code)), code).toBe(true);
    for (const code of ["P1001", "P1017", "P2024"]) expect(isDatabaseUnavailable(prismaError(code)), code).toBe(true);
  });

  it("is not a conflict with another transaction, a slow transaction, or an error of the work itself", () => {
    expect(isDatabaseUnavailable(prismaError("P2010", "40001"))).toBe(false);
    expect(isDatabaseUnavailable(prismaError("P2034"))).toBe(false);
    // an interactive transaction that outlived its 5 s: smaller pieces may well fit
    expect(isDatabaseUnavailable(prismaError("P2028"))).toBe(false);
    expect(isDatabaseUnavailable(prismaError("P2002", "SQLITE_CONSTRAINT_UNIQUE"))).toBe(false);
    expect(isDatabaseUnavailable(prismaError("P2010", "23505"))).toBe(false);
    // a Prisma code elsewhere is not Prisma's
    expect(isDatabaseUnavailable(Object.assign(new Error("x"), { code: "P1001" }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable("database is locked")).toBe(false);
  });
});

describe("a write conflict", () => {
  it("is PostgreSQL's serialization failure, deadlock or lock not available", () => {
    for (const code of ["40001", "40P01", "55P03"])
      expect(isWriteConflict(prismaError("P2010", code)), code).toBe(true);
    expect(isWriteConflict(prismaError("P2034"))).toBe(true);
    expect(isWriteConflict(prismaError("P2010", "SQLITE_BUSY"))).toBe(false);
    expect(isWriteConflict(prismaError("P2010", "23505"))).toBe(false);
    expect(isWriteConflict(new Error("deadlock"))).toBe(false);
  });
});

describe("an error's reason", () => {
  it("is the database's own code and message, Prisma's last line, or the message", () => {
    expect(errorReason(prismaError("P2010", "SQLITE_BUSY", "database is locked"))).toBe(
      "SQLITE_BUSY: database is locked",
    );
    expect(errorReason(prismaError("P2028", undefined, "Transaction API error: expired"))).toBe(
      "Transaction API error: expired",
    );
    expect(errorReason(new Error("bad order"))).toBe("bad order");
    expect(errorReason("text")).toBe("text");
  });
  it("leaves unique violations to isUniqueViolation", () => {
    expect(isUniqueViolation(prismaError("P2002"))).toBe(true);
    expect(isUniqueViolation(prismaError("P2010", "40001"))).toBe(false);
  });
});
