// One app process of tests/integration/offline-token-processes.test.ts: the app's session storage
// and Shopify's library, as a server process has them, on the test's database, with the shops'
// token endpoint sent to the test's fake (FAKE_TOKEN_PORT). Driven by lines on stdin, answered by
// one JSON line on stdout each:
//   load        loads the shop's offline session (so this process caches the pair it reads)
//   go          TOKEN_WORKERS workers ask the library for the shop's Admin API context at once
//   stale       stores the pair loaded first again, as a writer holding an old pair would
import readline from "node:readline";
import type { Session } from "@shopify/shopify-api";

const { sessionStorage, unauthenticated } = await import("../../app/shopify.server");
const { redirectTokenRequests } = await import("./fake-token-endpoint");
redirectTokenRequests(Number(process.env.FAKE_TOKEN_PORT));

const shop = process.env.TOKEN_SHOP!;
const workers = Number(process.env.TOKEN_WORKERS ?? "10");
let first: Session | undefined;

const answer = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);

async function handle(command: string) {
  if (command === "load") {
    first = await sessionStorage.loadSession(`offline_${shop}`);
    return answer({ loaded: first?.accessToken ?? null });
  }
  if (command === "go") {
    const settled = await Promise.allSettled(
      Array.from({ length: workers }, () => unauthenticated.admin(shop).then(({ session }) => session)),
    );
    const failures = settled.filter((result) => result.status === "rejected").map((result) => String(result.reason));
    const sessions = settled.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    return answer({
      failures,
      accessTokens: [...new Set(sessions.map((session) => session.accessToken))],
      refreshTokens: [...new Set(sessions.map((session) => session.refreshToken))],
    });
  }
  if (command === "stale") {
    const stored = await sessionStorage.storeSession(first!);
    const after = await sessionStorage.loadSession(`offline_${shop}`);
    return answer({ stored, accessToken: after?.accessToken ?? null });
  }
  if (command === "exit") process.exit(0);
}

answer({ started: process.pid });
const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
  try {
    await handle(line.trim());
  } catch (error) {
    answer({ error: String(error) });
  }
}
