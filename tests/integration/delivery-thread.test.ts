// The alert delivery thread's parts (docs/decisions/0015-alert-delivery-thread.md): its direct
// SQLite connection, the writer turn it shares with the main thread's Prisma connection, and
// the thread's restart when it dies. Delivery through the thread itself is exercised by every
// test that runs server.js (tests/integration/alert-processes.test.ts, the e2e suite).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import prisma from "../../app/db.server";
import { sqliteWriter } from "../../app/db/raw-sql.server";
import { awaitWriterTurn, holdWriterTurn } from "../../app/db/writer-turn.server";
import { createLogger } from "../../app/logger.server";
import { startDeliveryThread } from "../../app/services/alerts/delivery-thread.server";

const DATABASE = process.env.DATABASE_URL!.replace(/^file:/, "");

const settledWithin = async (promise: Promise<unknown>, ms: number) => {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setTimeout(resolve, ms));
  return settled;
};

afterEach(() => holdWriterTurn(false));

// the direct connection is SQLite's only (docs/decisions/0015-alert-delivery-thread.md)
describe.skipIf(process.env.TEST_POSTGRES_URL)("the delivery thread's direct SQLite connection", () => {
  it("commits a transaction's statements together, and rolls all of them back when one fails", async () => {
    const writer = sqliteWriter(DATABASE, 5_000);
    try {
      const now = Date.now();
      await writer.transaction(async (tx) => {
        await tx.$executeRaw`INSERT INTO "Shop" ("id", "domain", "plan", "createdAt", "updatedAt") VALUES ('direct-1', 'direct-1.myshopify.com', 'core', ${now}, ${now})`;
        await tx.$executeRaw`UPDATE "Shop" SET "plan" = 'plus' WHERE "id" = 'direct-1'`;
      });
      expect((await prisma.shop.findUniqueOrThrow({ where: { id: "direct-1" } })).plan).toBe("plus");

      await expect(
        writer.transaction(async (tx) => {
          await tx.$executeRaw`UPDATE "Shop" SET "plan" = 'free' WHERE "id" = 'direct-1'`;
          await tx.$executeRaw`INSERT INTO "Shop" ("id", "domain", "plan", "createdAt", "updatedAt") VALUES ('direct-2', 'direct-1.myshopify.com', 'core', ${now}, ${now})`;
        }),
      ).rejects.toThrow(/UNIQUE/);
      expect((await prisma.shop.findUniqueOrThrow({ where: { id: "direct-1" } })).plan).toBe("plus");
      expect(await prisma.shop.findUnique({ where: { id: "direct-2" } })).toBeNull();

      const rows = await writer.sql.$queryRaw<{ domain: string; active: number }[]>`
        SELECT "domain", ${true} AS "active" FROM "Shop" WHERE "id" = ${"direct-1"}`;
      expect(rows).toEqual([{ domain: "direct-1.myshopify.com", active: 1 }]);
    } finally {
      writer.close();
    }
  });

  it("holds the writer turn for the length of a transaction, and lets go of it after", async () => {
    const writer = sqliteWriter(DATABASE, 5_000);
    try {
      let waited: Promise<void> | null = null;
      await writer.transaction(async (tx) => {
        await tx.$executeRaw`UPDATE "Shop" SET "plan" = 'core' WHERE "id" = 'direct-1'`;
        waited = awaitWriterTurn();
        expect(await settledWithin(waited, 30)).toBe(false);
      });
      expect(await settledWithin(waited!, 30)).toBe(true);
    } finally {
      writer.close();
    }
  });
});

// The writer turn is SQLite's (one writer per file); PostgreSQL's client does not take it, so on
// PostgreSQL this only passed when the first connection happened to take longer than 50 ms.
describe.skipIf(process.env.TEST_POSTGRES_URL)("the main thread's Prisma connection", () => {
  it("waits for the writer turn, without blocking its thread, before it writes", async () => {
    holdWriterTurn(true);
    const now = new Date();
    const write = prisma.shop.create({ data: { domain: "turn-wait.myshopify.com", plan: "core", createdAt: now } });
    // the event loop keeps running meanwhile: this timer fires while the write waits
    expect(await settledWithin(write, 50)).toBe(false);
    holdWriterTurn(false);
    await write;
    expect(await prisma.shop.count({ where: { domain: "turn-wait.myshopify.com" } })).toBe(1);
  });
});

describe("the delivery thread", () => {
  it("is started again, after a growing delay, when it dies, and not once it was stopped", async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "delivery-thread-"));
    const entry = path.join(folder, "dies.mjs");
    fs.writeFileSync(
      entry,
      'import { parentPort } from "node:worker_threads";\nparentPort.postMessage("ready");\nprocess.exit(3);\n',
    );
    const logged: string[] = [];
    const logger = createLogger({ level: "error", write: (line) => logged.push(line) });
    try {
      const thread = startDeliveryThread(new URL(`file://${entry}`), "unused", logger);
      await vi.waitFor(
        () => {
          const exits = logged.filter((line) => line.includes("exited (code 3)"));
          expect(exits.length).toBeGreaterThanOrEqual(2);
        },
        { timeout: 5_000, interval: 50 },
      );
      await thread.stop();
      const before = logged.length;
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(logged.length).toBe(before);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
