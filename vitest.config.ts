import os from "node:os";
import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";
import { POSTGRES_FILES } from "./tests/postgres-files";
import { testClockEnvironment } from "./tests/helpers/test-clock.mjs";

/**
 * Four projects (docs/testing.md#one-part-at-a-time):
 * - unit: pure code (the domain, forms, extensions' functions, ...): no database, no server, no
 *   child process, so no base database is made for it; seconds. `npm run test:unit`.
 * - integration: the app's modules in-process on a database of their own (a copy of the
 *   migrated base that the global setup makes). `npm run test:integration`.
 * - processes: files that start server.js, other processes or threads, kill them or hold the
 *   SQLite writer from outside. `npm run test:processes`.
 * - postgres: with TEST_POSTGRES_URL only (npm run test:postgres), the integration and processes
 *   files that depend on the engine (tests/postgres-files.ts), on PostgreSQL; all of them with
 *   POSTGRES_ALL=1 (npm run test:full).
 * `npx vitest run` (and npm test) runs the first three.
 */

/** Test files that start processes or threads of their own (see processes below). */
const PROCESS_FILES = [
  "tests/integration/action-processes.test.ts",
  "tests/integration/alert-crash-duplicates.test.ts",
  "tests/integration/alert-processes.test.ts",
  "tests/integration/busy-writer.test.ts",
  "tests/integration/busy-requests.test.ts",
  "tests/integration/offline-token-processes.test.ts",
  "tests/integration/secrets-at-rest.test.ts",
  "tests/integration/server.test.ts",
  "tests/integration/several-processes.test.ts",
];

/**
 * Tests beside the app's code that import a module opening the database client (which reads the
 * environment, .env included, when it is imported): they run with the integration project's
 * environment, not as unit tests, so a clean clone without .env passes as a developer's does.
 */
const DATABASE_MODULE_FILES = ["app/db/schema-columns.test.ts"];

/**
 * Pure tests that take seconds each (a schema read from disk and compared, a password-strength
 * estimator's dictionaries loaded, thousands of random cells): they run with the integration project, so that
 * `npm run test:unit` stays a loop of a few seconds.
 */
const SLOW_PURE_FILES = [
  "app/env.server.test.ts",
  "app/services/alerts/slack-oauth.test.ts",
  "app/domain/secret-strength.test.ts",
  "app/db/schema-parity.test.ts",
  "extensions/function-schemas.test.ts",
  "extensions/function-quickjs.test.ts",
];

/**
 * Workers: set, not left to Vitest's default (one fewer than the cores, so one on CI's two);
 * each test file has a database of its own, so files run side by side on every core.
 * VITEST_WORKERS overrides.
 */
const WORKERS = Number(process.env.VITEST_WORKERS) || Math.max(1, os.availableParallelism());

// The run's fixed clock (tests/helpers/test-clock.mjs), inherited by the workers and every
// process a test starts: a test of what happened "in the last hour" never meets the hour's end.
Object.assign(process.env, testClockEnvironment());

/** What the integration and processes projects share: a database for each test file. */
const withDatabase = {
  globalSetup: ["tests/helpers/global-setup.ts"],
  setupFiles: ["tests/helpers/test-env.ts"],
};

export default defineConfig({
  resolve: { alias: { "~": path.resolve("app") } },
  test: {
    environment: "node",
    // Each file gets fresh modules (and so its own database, see test-env.ts); unit shares them.
    isolate: true,
    maxWorkers: WORKERS,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // npm run test:coverage sets COVERAGE_DIR: V8 coverage of app/ and extensions/, one report per
    // engine, merged with the browser tests' server by scripts/coverage-report.mjs
    coverage: {
      enabled: Boolean(process.env.COVERAGE_DIR),
      provider: "v8",
      // a failing test still leaves what the others covered
      reportOnFailure: true,
      include: ["app/**/*.{ts,tsx}", "extensions/**/*.{ts,tsx,js}"],
      exclude: ["**/*.test.ts", "**/*.d.ts", "**/node_modules/**", "**/dist/**", "**/generated/**"],
      reporter: [["json", { file: "coverage-final.json" }]],
      reportsDirectory: `${process.env.COVERAGE_DIR ?? "coverage"}/vitest-${process.env.TEST_POSTGRES_URL ? "postgres" : "sqlite"}`,
    },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.ts", "extensions/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...DATABASE_MODULE_FILES, ...SLOW_PURE_FILES],
          // pure code keeps no state between files, so the files share their workers' modules:
          // a third of the time on two cores
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts", ...DATABASE_MODULE_FILES, ...SLOW_PURE_FILES],
          exclude: [...configDefaults.exclude, ...PROCESS_FILES],
          ...withDatabase,
        },
      },
      {
        extends: true,
        test: { name: "processes", include: PROCESS_FILES, ...withDatabase },
      },
      ...(process.env.TEST_POSTGRES_URL
        ? [
            {
              extends: true as const,
              test: {
                name: "postgres",
                // npm run test:full (POSTGRES_ALL=1): every integration and processes file
                include: process.env.POSTGRES_ALL ? ["tests/integration/**/*.test.ts"] : POSTGRES_FILES,
                ...withDatabase,
              },
            },
          ]
        : []),
    ],
  },
});
