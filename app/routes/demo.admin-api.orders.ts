import type { ActionFunctionArgs } from "@remix-run/node";
import { holdUnsentOrder } from "../demo/admin-stand-in";
import { demoStandInState } from "../demo/stand-in-state.server";
import { orderPayloadSchema } from "../domain/monitoring/order-payload";
import { getEnv } from "../env.server";
import { fieldErrors, jsonError, readJsonBody } from "../http/api.server";

/**
 * POST /demo/admin-api/orders: an order the demo store's stand-in of Shopify takes without sending
 * its webhook, the body an orders/create webhook's JSON. Reconciliation's next sweep lists it
 * and evaluates it (docs/operations.md#reconciliation). Only in the demo store.
 */
export const loader = () => new Response("Not Found", { status: 404 });

export const action = async ({ request }: ActionFunctionArgs) => {
  if (!getEnv().demoMode) return new Response("Not Found", { status: 404 });
  if (request.method !== "POST") return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
  const parsed = orderPayloadSchema.safeParse(await readJsonBody(request));
  if (!parsed.success) {
    return jsonError(400, "Not an orders/create webhook's JSON body", fieldErrors(parsed.error));
  }
  const order = holdUnsentOrder(demoStandInState, parsed.data);
  return Response.json(
    { id: order.id, name: order.name, updatedAt: order.updatedAt, webhookSent: false },
    { status: 201 },
  );
};
