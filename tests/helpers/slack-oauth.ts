import http from "node:http";
import type { AddressInfo } from "node:net";
import { answerSlackStandIn, newSlackStandInState, type SlackStandInState } from "../../app/demo/slack-stand-in";

/** The Slack app the tests configure (SLACK_CLIENT_ID, SLACK_CLIENT_SECRET). */
export const TEST_SLACK_CLIENT = { clientId: "1111.2222", clientSecret: "slack-test-client-secret" };

/**
 * Slack's OAuth on 127.0.0.1 for the tests: the demo's stand-in (app/demo/slack-stand-in.ts)
 * served at the root, as https://slack.com serves /oauth/v2/authorize and /api/oauth.v2.access,
 * with the incoming webhooks it hands out. `state.failExchange` makes oauth.v2.access fail.
 */
export async function startSlackOAuth(client = TEST_SLACK_CLIENT) {
  const state: SlackStandInState = newSlackStandInState(client);
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const body = request.method === "GET" || request.method === "HEAD" ? undefined : Buffer.concat(chunks);
      const answer = await answerSlackStandIn(
        state,
        new Request(`${base}${request.url}`, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body,
        }),
        new URL(request.url ?? "/", base).pathname,
        base,
      );
      response.writeHead(answer.status, Object.fromEntries(answer.headers));
      response.end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
