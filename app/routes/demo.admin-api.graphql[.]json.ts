import type { ActionFunctionArgs } from "@remix-run/node";
import { answerStandIn } from "../demo/admin-stand-in";
import { demoStandInState as state } from "../demo/stand-in-state.server";
import { getEnv } from "../env.server";
import { readJsonBody } from "../http/api.server";

/**
 * POST /demo/admin-api/graphql.json: the demo store's stand-in of Shopify's Admin GraphQL API
 * (app/demo/admin-stand-in.ts), which the demo's order actions and code rules call instead of
 * Shopify. It exists only in the demo store; its state lives in this process's memory.
 */

export const loader = () => new Response("Not Found", { status: 404 });

export const action = async ({ request }: ActionFunctionArgs) => {
  if (!getEnv().demoMode) return new Response("Not Found", { status: 404 });
  if (request.method !== "POST") return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
  return Response.json(answerStandIn(state, await readJsonBody(request)));
};
