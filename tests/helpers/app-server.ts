import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { BASE_DATABASE, TMP_DIR } from "../../scripts/migrations";

/** The production build, built once if this checkout has none (npm test builds it first). */
export function ensureBuild(): void {
  if (fs.existsSync("build/index.js")) return;
  const result = spawnSync("npx", ["remix", "build"], { stdio: "inherit" });
  if (result.status !== 0) throw new Error("remix build failed");
}

export interface AppServer {
  url: string;
  database: string;
  process: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

let nextPort = 3400 + Math.floor(Math.random() * 500);

/**
 * Runs `node server.js` on 127.0.0.1, on a fresh copy of the migrated database, or on
 * `options.database` (shared with other processes: stopping leaves it in place).
 */
export async function startAppServer(
  env: Record<string, string> = {},
  options: { database?: string } = {},
): Promise<AppServer> {
  ensureBuild();
  const database = options.database ?? path.join(TMP_DIR, `server-${crypto.randomUUID()}.sqlite`);
  if (!options.database) fs.copyFileSync(BASE_DATABASE, database);
  const port = nextPort++;
  let output = "";
  // NODE_ENV=demo is ours; @types/node knows three values only
  const childEnv: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    NODE_ENV: "demo",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: `file:${database}`,
    SHOPIFY_API_KEY: "",
    SHOPIFY_API_SECRET: "server-test-secret",
    MAIL_OUTBOX_DIR: path.join(TMP_DIR, "server-outbox"),
    ...env,
  };
  const child = spawn(process.execPath, ["server.js", "build/index.js"], {
    env: childEnv as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    // running: neither exited nor killed by a signal (a SIGKILL leaves exitCode null)
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
    if (!options.database) for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(database + suffix, { force: true });
  };
  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`server.js exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/support`)).ok) break;
    } catch {
      // not listening yet
    }
    if (attempt > 300) {
      await stop();
      throw new Error(`server.js did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, database, process: child, output: () => output, stop };
}

/** Runs server.js until it exits (a refused boot), returning its exit code and output. */
export function bootOnce(env: Record<string, string>, cwd = process.cwd()): { status: number | null; output: string } {
  ensureBuild();
  const result = spawnSync(process.execPath, [path.resolve("server.js"), path.resolve("build/index.js")], {
    cwd,
    env: { PATH: process.env.PATH, PORT: String(nextPort++), HOST: "127.0.0.1", ...env } as Record<
      string,
      string
    > as NodeJS.ProcessEnv,
    encoding: "utf8",
    timeout: 20_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}
