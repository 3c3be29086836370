#!/usr/bin/env node
// npm run test:postgres: the integration suite, multi-process tests included, on a real PostgreSQL
// server (docs/architecture.md#sqlite-and-postgresql). Installs Debian's postgresql
// package when missing (as root, scripts/install-postgres.mjs; otherwise says how), starts a
// throwaway cluster on a free port in a temp folder, runs the suite against it, and removes the
// cluster. Extra arguments go to Vitest.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { ensurePostgres, startCluster } from "./postgres.mjs";

const { bin, missing } = ensurePostgres();
if (missing) {
  console.error(`✖ ${missing}`);
  process.exit(1);
}
const cluster = await startCluster({ bin });
console.log(`PostgreSQL test cluster on 127.0.0.1:${cluster.port}`);
const stop = () => cluster.stop();
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    stop();
    process.exit(1);
  });
}
let status = 1;
try {
  // the app servers the suite starts load the build (tests/helpers/app-server.ts builds it if missing)
  if (!fs.existsSync("build/index.js")) {
    spawnSync("node", ["scripts/build.mjs"], { stdio: "inherit" });
  }
  // the files that depend on the engine, and a sample of the portable paths (tests/postgres-files.ts)
  const projects = ["--project", "postgres"];
  const result = spawnSync("npx", ["vitest", "run", ...projects, ...process.argv.slice(2)], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "test", TEST_POSTGRES_URL: cluster.adminUrl },
  });
  status = result.status ?? 1;
} finally {
  stop();
}
process.exit(status);
