// Expiring offline access tokens across OS processes (docs/operations.md#shopify-access-tokens):
// two app processes on one database, each with the shop's pair in its session cache, reach the
// moment the pair is due for refresh with ten workers each needing the Admin API: Shopify's token
// endpoint (a fake that rotates the pair and refuses a refresh token used before) is asked once,
// and every worker of both processes ends with the newest pair; a process storing the pair it
// cached before the refresh is refused. On SQLite and on PostgreSQL (npm run test:postgres).
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import readline from "node:readline";
import { Session } from "@shopify/shopify-api";
import { afterAll, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { openSessionToken } from "../../app/db/encrypted-session-storage.server";
import { REFRESH_AHEAD_MS } from "../../app/db/offline-token.server";
import { getEnv } from "../../app/env.server";
import { sessionStorage } from "../../app/shopify.server";
import { startFakeTokenEndpoint } from "../helpers/fake-token-endpoint";

const children: ChildProcessWithoutNullStreams[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
});

/** One app process (tests/helpers/offline-token-process.ts), answering each command with a JSON line. */
function appProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/helpers/offline-token-process.ts"], {
    env: { ...process.env, ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  children.push(child);
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const answers: Record<string, unknown>[] = [];
  const waiting: ((answer: Record<string, unknown>) => void)[] = [];
  readline.createInterface({ input: child.stdout }).on("line", (line) => {
    if (!line.startsWith("{")) return;
    const answer = JSON.parse(line) as Record<string, unknown>;
    const next = waiting.shift();
    if (next) next(answer);
    else answers.push(answer);
  });
  const next = () =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const queued = answers.shift();
      if (queued) return resolve(queued);
      const timer = setTimeout(() => reject(new Error(`no answer from the app process: ${stderr}`)), 60_000);
      waiting.push((answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
    });
  return {
    next,
    ask: (command: string) => {
      child.stdin.write(`${command}\n`);
      return next();
    },
  };
}

describe("two app processes on one database", () => {
  it("refresh a shop's pair once when both need it at once, and both end with the newest pair", async () => {
    const endpoint = await startFakeTokenEndpoint({ delayMs: 200 });
    const shop = "tokens-processes.myshopify.com";
    const env = { FAKE_TOKEN_PORT: String(endpoint.port), TOKEN_SHOP: shop, TOKEN_WORKERS: "10" };
    const [a, b] = [appProcess(env), appProcess(env)];
    expect(await a.next()).toHaveProperty("started");
    expect(await b.next()).toHaveProperty("started");

    // installed, due for refresh in 8 seconds; both processes load (and cache) the pair before then
    const pair = endpoint.issue(shop);
    const expires = new Date(Date.now() + REFRESH_AHEAD_MS + 8_000);
    await sessionStorage.storeSession(
      new Session({
        id: `offline_${shop}`,
        shop,
        state: "",
        isOnline: false,
        scope: "read_orders",
        accessToken: pair.accessToken,
        refreshToken: pair.refreshToken,
        expires,
        refreshTokenExpires: new Date(Date.now() + 90 * 86_400_000),
      }),
    );
    expect(await Promise.all([a.ask("load"), b.ask("load")])).toEqual([
      { loaded: pair.accessToken },
      { loaded: pair.accessToken },
    ]);
    const due = expires.getTime() - REFRESH_AHEAD_MS;
    expect(Date.now()).toBeLessThan(due);
    await new Promise((resolve) => setTimeout(resolve, due - Date.now() + 50));

    // both processes, ten workers each, at once
    const [fromA, fromB] = await Promise.all([a.ask("go"), b.ask("go")]);
    expect(endpoint.counts).toEqual({ refreshed: 1, refused: 0 });
    const newest = endpoint.newest(shop)!;
    for (const answer of [fromA, fromB]) {
      expect(answer).toEqual({
        failures: [],
        accessTokens: [newest.accessToken],
        refreshTokens: [newest.refreshToken],
      });
    }
    const row = await prisma.session.findUniqueOrThrow({ where: { id: `offline_${shop}` } });
    const keys = getEnv().secretKeys;
    expect(openSessionToken(shop, row.accessToken, keys)).toBe(newest.accessToken);
    expect(openSessionToken(shop, row.refreshToken!, keys)).toBe(newest.refreshToken);
    expect(row.refreshLeasedBy).toBeNull();

    // a process putting back the pair it cached before the refresh is refused; the newest pair stays
    expect(await a.ask("stale")).toEqual({ stored: false, accessToken: newest.accessToken });
    expect(
      openSessionToken(shop, (await prisma.session.findUniqueOrThrow({ where: { id: row.id } })).refreshToken!, keys),
    ).toBe(newest.refreshToken);
    await endpoint.close();
  }, 120_000);
});
