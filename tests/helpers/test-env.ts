import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll } from "vitest";
import { BASE_DATABASE, TMP_DIR } from "../../scripts/migrations";
import { createPostgresTestDatabase } from "./postgres-databases";

/** Credentials of @shopify/shopify-api/test-helpers, so its getJwt and getHmac sign for us. */
export const TEST_API_KEY = "testApiKey";
export const TEST_API_SECRET = "testApiSecretKey";
export const TEST_APP_URL = "https://my-test-app.myshopify.io";

// Each test file's own database: a copy of the migrated base, on SQLite or, with
// TEST_POSTGRES_URL (npm run test:postgres), on PostgreSQL.
const file = path.join(TMP_DIR, `test-${crypto.randomUUID()}.sqlite`);
const postgres = process.env.TEST_POSTGRES_URL ? await createPostgresTestDatabase(process.env.TEST_POSTGRES_URL) : null;
if (!postgres) fs.copyFileSync(BASE_DATABASE, file);

Object.assign(process.env, {
  NODE_ENV: "test",
  DATABASE_URL: postgres ? postgres.url : `file:${file}`,
  SHOPIFY_API_KEY: TEST_API_KEY,
  SHOPIFY_API_SECRET: TEST_API_SECRET,
  SHOPIFY_APP_URL: TEST_APP_URL,
});

// No outside network in tests: a request to a shop's Admin API that no fake answers (a test
// that did not install tests/helpers/fake-admin-api.ts) fails at once instead of reaching out.
// Shopify's library takes globalThis.fetch when the app's modules are imported, after this.
const realFetch = globalThis.fetch;
globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (url.hostname.endsWith(".myshopify.com")) {
    return Promise.reject(new TypeError(`No outside network in tests: ${url.origin} has no fake here`));
  }
  return realFetch(input, init);
}) as typeof fetch;

afterAll(async () => {
  if (postgres) await postgres.drop();
  else for (const suffix of ["", "-wal", "-shm", "-journal"]) fs.rmSync(file + suffix, { force: true });
});
