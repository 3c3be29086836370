import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { answerSlackStandIn, newSlackStandInState } from "../demo/slack-stand-in";
import { DEMO_SLACK_CLIENT, DEMO_SLACK_PATH, getEnv } from "../env.server";

/**
 * /demo/slack/*: the demo store's stand-in of Slack (app/demo/slack-stand-in.ts): "Add to
 * Slack"'s consent screen (approves at once), oauth.v2.access, and the incoming webhook the
 * demo's Slack alerts post to (GET /demo/slack/messages lists what it received). Only in the
 * demo store, and only while no real Slack app is configured; its state lives in this
 * process's memory.
 */
const state = newSlackStandInState(DEMO_SLACK_CLIENT);

function answer(request: Request, splat: string | undefined): Promise<Response> | Response {
  const env = getEnv();
  if (!env.demoMode) return new Response("Not Found", { status: 404 });
  const base = `${new URL(request.url).origin}${DEMO_SLACK_PATH}`;
  return answerSlackStandIn(state, request, `/${splat ?? ""}`, base);
}

export const loader = ({ request, params }: LoaderFunctionArgs) => answer(request, params["*"]);

export const action = ({ request, params }: ActionFunctionArgs) => answer(request, params["*"]);
