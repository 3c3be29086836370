/**
 * A stand-in of Slack for the demo store and the tests (docs/operations.md#slack-app):
 * the OAuth v2 consent screen (it approves at once, for the channel `DEMO_SLACK_CHANNEL`),
 * oauth.v2.access (the code for an incoming webhook, as Slack documents the answer) and the
 * incoming webhook itself (it answers "ok" as Slack does and keeps the messages in memory).
 * One fetch-style handler; paths are Slack's, below wherever it is served (the demo serves it
 * at /demo/slack, the integration tests on 127.0.0.1).
 */
import crypto from "node:crypto";

export const DEMO_SLACK_CHANNEL = "#margin-alerts";
const CODE_TTL_MS = 10 * 60_000;

export interface SlackStandInState {
  /** the client id and secret it accepts */
  client: { clientId: string; clientSecret: string };
  codes: Map<string, { redirectUri: string; expires: number }>;
  /** the messages posted to its incoming webhooks, oldest first */
  messages: { hook: string; body: unknown }[];
  /** tests: how oauth.v2.access fails (a Slack error code, or an HTTP status) */
  failExchange?: { error: string } | { status: number };
}

export function newSlackStandInState(client: SlackStandInState["client"]): SlackStandInState {
  return { client, codes: new Map(), messages: [] };
}

const json = (body: unknown, status = 200) => Response.json(body, { status });

/** GET …/oauth/v2/authorize: approves at once, back to redirect_uri with a code and the state. */
function authorize(state: SlackStandInState, url: URL): Response {
  const clientId = url.searchParams.get("client_id");
  const redirectUri = url.searchParams.get("redirect_uri");
  const scopes = (url.searchParams.get("scope") ?? "").split(",");
  if (clientId !== state.client.clientId) return new Response("Unknown client_id", { status: 400 });
  if (!redirectUri || !URL.canParse(redirectUri)) return new Response("Missing redirect_uri", { status: 400 });
  if (!scopes.includes("incoming-webhook")) return new Response("No incoming-webhook scope asked", { status: 400 });
  const code = `demo-code-${crypto.randomUUID()}`;
  state.codes.set(code, { redirectUri, expires: Date.now() + CODE_TTL_MS });
  const back = new URL(redirectUri);
  back.searchParams.set("code", code);
  const oauthState = url.searchParams.get("state");
  if (oauthState !== null) back.searchParams.set("state", oauthState);
  return new Response(null, { status: 302, headers: { Location: back.href } });
}

function clientOf(request: Request, form: URLSearchParams): { id: string | null; secret: string | null } {
  const basic = /^Basic (.+)$/.exec(request.headers.get("authorization") ?? "")?.[1];
  if (basic) {
    const [id, ...rest] = Buffer.from(basic, "base64").toString("utf8").split(":");
    return { id, secret: rest.join(":") };
  }
  return { id: form.get("client_id"), secret: form.get("client_secret") };
}

/** POST …/api/oauth.v2.access: a code (once) for the incoming webhook, as Slack answers it. */
async function access(state: SlackStandInState, request: Request, base: string): Promise<Response> {
  if (state.failExchange && "status" in state.failExchange) {
    return new Response("Internal error", { status: state.failExchange.status });
  }
  if (state.failExchange) return json({ ok: false, error: state.failExchange.error });
  const form = new URLSearchParams(await request.text());
  const client = clientOf(request, form);
  if (client.id !== state.client.clientId || client.secret !== state.client.clientSecret) {
    return json({ ok: false, error: "invalid_client" });
  }
  const code = form.get("code") ?? "";
  const issued = state.codes.get(code);
  state.codes.delete(code);
  if (!issued || issued.expires < Date.now()) return json({ ok: false, error: "invalid_code" });
  if (form.get("redirect_uri") !== issued.redirectUri) return json({ ok: false, error: "bad_redirect_uri" });
  const hook = `${base}/services/TDEMO0001/B${crypto.randomInt(1e8, 1e9)}/${crypto.randomBytes(12).toString("hex")}`;
  return json({
    ok: true,
    app_id: "ADEMO0001",
    authed_user: { id: "UDEMO0001" },
    scope: "incoming-webhook",
    token_type: "bot",
    access_token: `xoxb-demo-${crypto.randomBytes(8).toString("hex")}`,
    bot_user_id: "UDEMOBOT1",
    team: { id: "TDEMO0001", name: "Demo workspace" },
    enterprise: null,
    is_enterprise_install: false,
    incoming_webhook: {
      channel: DEMO_SLACK_CHANNEL,
      channel_id: "CDEMO0001",
      configuration_url: `${base}/services/TDEMO0001`,
      url: hook,
    },
  });
}

/** POST …/services/T…/B…/…: an incoming webhook; keeps the message, answers "ok". */
async function incomingWebhook(state: SlackStandInState, request: Request, path: string): Promise<Response> {
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch {
    return new Response("invalid_payload", { status: 400 });
  }
  state.messages.push({ hook: path, body });
  if (state.messages.length > 100) state.messages.shift();
  return new Response("ok", { status: 200, headers: { "Content-Type": "text/plain" } });
}

/**
 * Answers a request to the stand-in. `path` is the request's path below where it is served
 * ("/oauth/v2/authorize"); `base` is that place's absolute URL (the hooks' URLs start with it).
 */
export async function answerSlackStandIn(
  state: SlackStandInState,
  request: Request,
  path: string,
  base: string,
): Promise<Response> {
  const url = new URL(request.url);
  if (path === "/oauth/v2/authorize" && request.method === "GET") return authorize(state, url);
  if (path === "/api/oauth.v2.access" && request.method === "POST") return access(state, request, base);
  if (path.startsWith("/services/") && request.method === "POST") return incomingWebhook(state, request, path);
  if (path === "/messages" && request.method === "GET") return json({ messages: state.messages });
  return new Response("Not Found", { status: 404 });
}
