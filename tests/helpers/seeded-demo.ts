// The demo store for the Vitest files that read it (demo-*.test.ts): seeded once per run, at a
// fixed instant, by the first file that asks (the others wait for it), then copied into each
// asking file's own database. SQLite only: these files run on SQLite (tests/postgres-files.ts).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { BASE_DATABASE, TMP_DIR } from "../../scripts/migrations";
import { waitUntil } from "./app-server";

/** The instant the demo store is seeded at: what its tests take as now. */
export const DEMO_SEEDED_AT = new Date("2026-11-21T12:40:00Z");

/** The seeded demo store of this run, and what the seed said it made. */
export const SEEDED_DEMO = path.join(TMP_DIR, `demo-${path.basename(BASE_DATABASE)}`);
const SEEDED_SUMMARY = `${SEEDED_DEMO}.json`;
const SEEDING = `${SEEDED_DEMO}.seeding`;

export interface SeededDemo {
  shop: { id: string; domain: string };
  orders: number;
  events: number;
  /** the holds placed, and the merchant's review of them (app/demo/seed-holds.server.ts) */
  holds: { held: number; cancelled: number; edited: number; released: number; events: number };
}

/** Removes a seeded demo store an earlier run left (Vitest's global setup), so each run seeds anew. */
export function forgetSeededDemo() {
  for (const file of [SEEDED_DEMO, SEEDED_SUMMARY]) fs.rmSync(file, { force: true });
  fs.rmSync(SEEDING, { recursive: true, force: true });
}

/** A seeded SQLite file made ready to copy: its write-ahead log folded in, one file left. */
export function asOneFile(file: string) {
  const db = new Database(file);
  db.pragma("journal_mode = DELETE");
  db.close();
}

function seedOnce() {
  const made = `${SEEDED_DEMO}.${process.pid}`;
  fs.copyFileSync(BASE_DATABASE, made);
  const result = spawnSync("npx", ["tsx", "tests/helpers/seed-demo-file.ts", DEMO_SEEDED_AT.toISOString()], {
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: `file:${made}`, SHOPIFY_API_KEY: "", NODE_ENV: "development" },
  });
  if (result.status !== 0) throw new Error(`seeding the demo store failed:\n${result.stdout}${result.stderr}`);
  const summary = result.stdout.trim().split("\n").at(-1)!;
  asOneFile(made);
  fs.renameSync(made, SEEDED_DEMO);
  fs.writeFileSync(SEEDED_SUMMARY, summary);
}

/**
 * This file's database becomes a copy of the seeded demo store. Call it before anything opens the
 * database (a beforeAll first in the file, before the app's modules are imported).
 */
export async function seededDemoStore(): Promise<SeededDemo> {
  if (process.env.TEST_POSTGRES_URL) throw new Error("the seeded demo store is SQLite's: run this file on SQLite");
  if (!fs.existsSync(SEEDED_SUMMARY)) {
    let mine = false;
    try {
      fs.mkdirSync(SEEDING);
      mine = true;
    } catch {
      // another file seeds it: wait for it below
    }
    if (mine) {
      try {
        seedOnce();
      } finally {
        fs.rmSync(SEEDING, { recursive: true, force: true });
      }
    } else await waitUntil(async () => fs.existsSync(SEEDED_SUMMARY) || !fs.existsSync(SEEDING), 120_000);
    if (!fs.existsSync(SEEDED_SUMMARY)) throw new Error("the demo store was not seeded (see the file that seeded it)");
  }
  const target = process.env.DATABASE_URL!.replace(/^file:/, "");
  for (const suffix of ["-wal", "-shm", "-journal"]) fs.rmSync(target + suffix, { force: true });
  fs.copyFileSync(SEEDED_DEMO, target);
  return JSON.parse(fs.readFileSync(SEEDED_SUMMARY, "utf8")) as SeededDemo;
}
