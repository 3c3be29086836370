import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net, { type AddressInfo } from "node:net";
import path from "node:path";
import { BASE_DATABASE, TMP_DIR, createMigratedDatabase } from "../../scripts/migrations";
import { webhookHeaders } from "../../app/demo/webhook-headers";
import { createPostgresTestDatabase } from "./postgres-databases";

/** The production build, built once if this checkout has none (npm test builds it first). */
export function ensureBuild(): void {
  if (fs.existsSync("build/index.js")) return;
  const result = spawnSync("node", ["scripts/build.mjs"], { stdio: "inherit" });
  if (result.status !== 0) throw new Error("the production build failed");
}

/** The secret startAppServer gives its servers, which signs the webhooks posted to them. */
export const APP_SERVER_SECRET = "server-test-secret";
/** The demo store's shop, which a server in demo mode serves. */
export const DEMO_SHOP = "margin-guardrail-demo.myshopify.com";

/**
 * A webhook for the demo shop, signed like Shopify's (a string payload is sent as it is), for
 * `fetch` to post to `/webhooks/<topic>`.
 */
export function signedWebhook(
  topic: string,
  payload: unknown,
  options: { webhookId?: string; secret?: string } = {},
): { method: "POST"; body: string; headers: Record<string, string> } {
  const body = typeof payload === "string" ? payload : JSON.stringify(payload);
  return {
    method: "POST",
    body,
    headers: webhookHeaders(topic, DEMO_SHOP, body, options.secret ?? APP_SERVER_SECRET, options.webhookId),
  };
}

/** Resolves once `check` holds, asking every 100 ms; fails after `timeoutMs`. */
export async function waitUntil(check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** App servers started on one shared database, all stopped together at the end. */
export function serversOn(databaseUrl: string) {
  const servers: AppServer[] = [];
  return {
    async start(): Promise<AppServer> {
      const server = await startAppServer({}, { databaseUrl });
      servers.push(server);
      return server;
    },
    stopAll: () => Promise.all(servers.splice(0).map((server) => server.stop())),
  };
}

export interface AppServer {
  url: string;
  /** DATABASE_URL less its file: prefix: the SQLite file, or the PostgreSQL URL */
  database: string;
  databaseUrl: string;
  process: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

let nextPort = 3400 + Math.floor(Math.random() * 500);
/**
 * The ports above 1024 that fetch refuses to connect to ("bad port" in the Fetch standard; undici's
 * "Error: bad port"): a server started on one would never be reached.
 */
const FETCH_BAD_PORTS = new Set([
  3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/** The next port for a boot that is refused before it listens, never one fetch refuses. */
function takePort(): number {
  while (FETCH_BAD_PORTS.has(nextPort)) nextPort++;
  return nextPort++;
}

/**
 * A port the OS holds free now (a listen on port 0), never one fetch refuses. Vitest's forks each
 * start servers: a port counted from a range of this fork's own could be one another fork's server
 * holds, and this server's readiness check would then be answered by that one.
 */
async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const probe = net.createServer();
      probe.once("error", reject);
      probe.listen(0, "127.0.0.1", () => {
        const { port: taken } = probe.address() as AddressInfo;
        probe.close(() => resolve(taken));
      });
    });
    if (!FETCH_BAD_PORTS.has(port)) return port;
  }
}

/** A fresh copy of the migrated base database, of the engine the tests run on, and how to remove it. */
async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (process.env.TEST_POSTGRES_URL) return createPostgresTestDatabase(process.env.TEST_POSTGRES_URL);
  const file = path.join(TMP_DIR, `server-${crypto.randomUUID()}.sqlite`);
  // Vitest's global setup makes the base; `npm run test:e2e` alone may run before it ever did
  if (!fs.existsSync(BASE_DATABASE)) createMigratedDatabase(BASE_DATABASE);
  fs.copyFileSync(BASE_DATABASE, file);
  return {
    url: `file:${file}`,
    drop: async () => {
      for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
    },
  };
}

/**
 * Runs `node server.js` on 127.0.0.1, on a fresh copy of the migrated database, or on
 * `options.database` (a SQLite file) or `options.databaseUrl` (either engine), shared with other
 * processes: stopping leaves it in place.
 */
export async function startAppServer(
  env: Record<string, string> = {},
  options: { database?: string; databaseUrl?: string } = {},
): Promise<AppServer> {
  ensureBuild();
  const shared = options.databaseUrl ?? (options.database ? `file:${options.database}` : null);
  const owned = shared ? null : await freshDatabase();
  const databaseUrl = shared ?? owned!.url;
  const database = databaseUrl.replace(/^file:/, "");
  const port = await freePort();
  let output = "";
  // NODE_ENV=demo is ours; @types/node knows three values only
  const childEnv: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    // the run's fixed clock, where it has one (tests/helpers/test-clock.mjs)
    NODE_OPTIONS: process.env.NODE_OPTIONS,
    TEST_CLOCK_OFFSET_MS: process.env.TEST_CLOCK_OFFSET_MS,
    NODE_ENV: "demo",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: databaseUrl,
    SHOPIFY_API_KEY: "",
    SHOPIFY_API_SECRET: APP_SERVER_SECRET,
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
    await owned?.drop();
  };
  // what the last try got, said when the server never answers (a status, or the fetch's error and its cause)
  let last = "no answer yet";
  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server.js exited with ${child.exitCode ?? child.signalCode}:\n${output}`);
    try {
      const response = await fetch(`${url}/support`);
      if (response.ok) break;
      last = `GET /support answered ${response.status}: ${(await response.text()).slice(0, 300)}`;
    } catch (error) {
      // not listening yet
      const cause = (error as { cause?: unknown }).cause;
      last = `GET /support failed: ${String(error)}${cause ? ` (${String(cause)})` : ""}`;
    }
    // a minute: on a busy machine (CI, PostgreSQL's run after SQLite's) 30 s was once too short
    if (attempt > 600) {
      await stop();
      throw new Error(`server.js did not start (${last}; signal ${child.signalCode ?? "none"}):\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // answered by this server, not by another that holds the port: this one is still running
  if (child.exitCode !== null || child.signalCode !== null)
    throw new Error(`server.js exited with ${child.exitCode ?? child.signalCode} once /support answered:\n${output}`);
  return { url, database, databaseUrl, process: child, output: () => output, stop };
}

/**
 * Puts a demo server's shop on Core as a merchant does: a shop is Free until a subscription is
 * approved (docs/product.md#plans), here on the demo's stand-in of Shopify's confirmation page.
 */
export async function approveDemoCore(serverUrl: string): Promise<void> {
  await fetch(`${serverUrl}/dashboard`);
  const upgrade = await fetch(`${serverUrl}/api/billing/upgrade?plan=core`, { method: "POST" });
  const { confirmationUrl } = (await upgrade.json()) as { confirmationUrl: string };
  const approved = await fetch(new URL(confirmationUrl, serverUrl), {
    method: "POST",
    body: new URLSearchParams({ intent: "approve" }),
    redirect: "manual",
  });
  if (approved.status !== 302) throw new Error(`Core was not approved: ${approved.status}`);
}

/** Runs server.js until it exits (a refused boot), returning its exit code and output. */
export function bootOnce(env: Record<string, string>, cwd = process.cwd()): { status: number | null; output: string } {
  ensureBuild();
  const result = spawnSync(process.execPath, [path.resolve("server.js"), path.resolve("build/index.js")], {
    cwd,
    env: { PATH: process.env.PATH, PORT: String(takePort()), HOST: "127.0.0.1", ...env } as Record<
      string,
      string
    > as NodeJS.ProcessEnv,
    encoding: "utf8",
    timeout: 20_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}
