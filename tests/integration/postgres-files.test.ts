// The PostgreSQL run's list (tests/postgres-files.ts) keeps up with the tests: a test file that
// uses raw SQL, or imports a module of app/db/*.sql.server.ts, depends on the engine and must run
// on PostgreSQL too.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { POSTGRES_FILES } from "../postgres-files";

const RAW_SQL = /\$(queryRaw|executeRaw)(Unsafe)?\b/;
const SQL_MODULE = /(^|\/)app\/db\/[^/]+\.sql\.server(\.ts)?$/;

/** The app modules a test file imports, statically or with import(), resolved to paths from the root. */
export function importedPaths(file: string, text: string): string[] {
  const specifiers = [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*)["']([^"']+)["']/g)].map((match) => match[1]);
  return specifiers
    .map((specifier) =>
      specifier.startsWith("~/")
        ? path.join("app", specifier.slice(2))
        : specifier.startsWith(".")
          ? path.join(path.dirname(file), specifier)
          : null,
    )
    .filter((resolved): resolved is string => resolved !== null)
    .map((resolved) => resolved.split(path.sep).join("/"));
}

/** Why `file` depends on the engine, or null when nothing in it does. */
export function engineUse(file: string, text: string): string | null {
  if (RAW_SQL.test(text)) return "raw SQL";
  const module = importedPaths(file, text).find((imported) => SQL_MODULE.test(imported));
  return module ? `imports ${module}` : null;
}

describe("the PostgreSQL run's list", () => {
  it("names every test file that uses raw SQL or an app/db/*.sql.server.ts module", () => {
    const files = fs
      .readdirSync("tests/integration")
      // this file's own examples below are not raw SQL it runs
      .filter((name) => name.endsWith(".test.ts") && name !== "postgres-files.test.ts")
      .map((name) => `tests/integration/${name}`);
    const missing = files
      .map((file) => ({ file, why: engineUse(file, fs.readFileSync(file, "utf8")) }))
      .filter(({ file, why }) => why !== null && !POSTGRES_FILES.includes(file))
      .map(({ file, why }) => `${file}: ${why}`);
    expect(missing, "add them to tests/postgres-files.ts").toEqual([]);
  });

  it("sees raw SQL and the engine's modules, and lists only files that exist", () => {
    expect(engineUse("tests/integration/a.test.ts", "await prisma.$queryRawUnsafe('SELECT 1')")).toBe("raw SQL");
    expect(engineUse("tests/integration/a.test.ts", 'const m = await import("../../app/db/outbox.sql.server");')).toBe(
      "imports app/db/outbox.sql.server",
    );
    expect(engineUse("tests/integration/a.test.ts", 'import { x } from "~/db/order-queue.sql.server";')).toBe(
      "imports app/db/order-queue.sql.server",
    );
    expect(engineUse("tests/integration/a.test.ts", 'import prisma from "../../app/db.server";')).toBeNull();
    expect(POSTGRES_FILES.filter((file) => !fs.existsSync(file))).toEqual([]);
  });
});
