/**
 * The test suite on PostgreSQL (npm run test:postgres, docs/architecture.md#sqlite-and-postgresql):
 * TEST_POSTGRES_URL names a server's maintenance database; a base database is migrated once and
 * every test file gets its own copy of it (CREATE DATABASE ... TEMPLATE), dropped afterwards.
 */
import crypto from "node:crypto";
import pg from "pg";
import { migratePostgres } from "../../scripts/migrate-postgres.mjs";

const BASE = "mg_test_base";

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function onServer<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function createPostgresBase(adminUrl: string): Promise<void> {
  await onServer(adminUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS "${BASE}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${BASE}"`);
  });
  await migratePostgres(withDatabase(adminUrl, BASE));
}

/** A new database copied from the migrated base; returns its URL and how to drop it. */
export async function createPostgresTestDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `mg_test_${crypto.randomUUID().replaceAll("-", "")}`;
  await onServer(adminUrl, (client) => client.query(`CREATE DATABASE "${name}" TEMPLATE "${BASE}"`));
  return {
    url: withDatabase(adminUrl, name),
    drop: () =>
      onServer(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => {}),
  };
}

/** The first column of a query's first row, read straight from the database an app server uses (either engine). */
export async function readValue(databaseUrl: string, query: string): Promise<unknown> {
  if (databaseUrl.startsWith("file:")) {
    const { default: Database } = await import("better-sqlite3");
    const db = new Database(databaseUrl.slice("file:".length), { readonly: true });
    try {
      return Object.values(db.prepare(query).get() as Record<string, unknown>)[0];
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(query);
    return Object.values(rows[0] as Record<string, unknown>)[0];
  } finally {
    await client.end();
  }
}
