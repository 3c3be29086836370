// A throwaway PostgreSQL server for tests and benchmarks (docs/decisions/0020-postgresql-and-several-processes.md):
// Debian's postgresql package, installed when missing (as root), and a cluster in a temp folder on a
// free loopback port, trusted local connections only, removed when stopped.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const LIB = "/usr/lib/postgresql";

/** The newest installed server's bin folder, or null. */
function serverBin() {
  if (!fs.existsSync(LIB)) return null;
  const versions = fs
    .readdirSync(LIB)
    .filter((version) => fs.existsSync(path.join(LIB, version, "bin", "pg_ctl")))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? path.join(LIB, versions[0], "bin") : null;
}

const isRoot = () => typeof process.getuid === "function" && process.getuid() === 0;
const hasApt = () => spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0;

/** PostgreSQL's server is installed here, or ensurePostgres can install it (root with apt-get). */
export function postgresAvailable() {
  return serverBin() !== null || (isRoot() && hasApt());
}

/**
 * Where PostgreSQL's server programs are: installed from Debian's packages when missing and this
 * is root with apt-get. Returns { bin } or { missing: "how to install it" }.
 */
export function ensurePostgres({ install = true, log = console.log } = {}) {
  const found = serverBin();
  if (found) return { bin: found };
  const how =
    "PostgreSQL's server is not installed. Install Debian's postgresql package (apt-get install -y postgresql, as root), then run this again.";
  if (!install || !isRoot() || !hasApt()) return { missing: how };
  log("Installing Debian's postgresql package (apt-get)...");
  const result = spawnSync(
    "sh",
    ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null"],
    { stdio: "inherit" },
  );
  const bin = result.status === 0 ? serverBin() : null;
  return bin ? { bin } : { missing: `apt-get could not install postgresql. ${how}` };
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
