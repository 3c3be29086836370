// A throwaway PostgreSQL server for tests and benchmarks (docs/architecture.md#sqlite-and-postgresql):
// Debian's postgresql package, installed when missing (as root, scripts/install-postgres.mjs), and a
// cluster in a temp folder on a free loopback port, trusted local connections only, removed when stopped.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { isRoot } from "./debian-packages.mjs";
import { POSTGRES_MISSING, installPostgres, postgresBin } from "./install-postgres.mjs";

/**
 * Where PostgreSQL's server programs are: installed from Debian's packages when missing and this
 * is root with apt-get (scripts/install-postgres.mjs, npm run install:postgres). Returns { bin } or
 * { missing: "how to install it" }.
 */
export function ensurePostgres({ install = true, log = console.log } = {}) {
  const found = postgresBin();
  if (found) return { bin: found };
  if (!install) return { missing: POSTGRES_MISSING };
  return installPostgres({ log });
}

/** A port nothing listens on now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: "utf8", ...options });
  if (result.status !== 0) {
    throw new Error(`${path.basename(command)} ${args.join(" ")} failed: ${result.stderr || result.stdout}`);
  }
  return result.stdout;
}

/**
 * Starts a new cluster; resolves to { url (of database `database`), adminUrl, port, stop() }.
 * As root the server runs as the `postgres` user, which PostgreSQL requires.
 */
export async function startCluster({ bin, database = "margin_guardrail" }) {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "margin-guardrail-pg-"));
  const data = path.join(dir, "data");
  const asServer = (command, args) =>
    isRoot()
      ? run("runuser", ["-u", "postgres", "--", path.join(bin, command), ...args])
      : run(path.join(bin, command), args);
  if (isRoot()) run("chown", ["postgres", dir]);
  asServer("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8", "--locale=C"]);
  const options = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    `-c unix_socket_directories=${dir}`,
    // a throwaway cluster: durability is not what is measured or tested
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c max_connections=200",
  ].join(" ");
  asServer("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "server.log"), "-w", "start"]);
  const adminUrl = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  run(path.join(bin, "createdb"), ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", database]);
  let stopped = false;
  return {
    port,
    adminUrl,
    url: `postgresql://postgres@127.0.0.1:${port}/${database}`,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        asServer("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
