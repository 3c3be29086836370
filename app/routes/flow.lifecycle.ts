import type { ActionFunctionArgs } from "@remix-run/node";
import { flowLifecycleSchema, flowSignatureValid, recordFlowLifecycle } from "../services/flow/lifecycle.server";

/**
 * POST /flow/lifecycle: Shopify Flow's lifecycle callback for the triggers "Margin rule breached"
 * (extensions/margin-rule-breached) and "Discount code probably leaked"
 * (extensions/discount-code-leaked); flow_trigger_definition_id says which
 * (docs/product.md#leaked-codes). Signed with the app's secret;
 * anything unsigned is refused with 401 and stores nothing. Flow needs a 2xx to let the merchant enable the workflow.
 */
export const loader = () => new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });

export const action = async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return loader();
  const body = await request.text();
  if (!flowSignatureValid(body, request.headers.get("x-shopify-hmac-sha256"))) {
    return Response.json({ error: "The callback's signature is not valid" }, { status: 401 });
  }
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return Response.json({ error: "The callback's body is not valid JSON" }, { status: 400 });
  }
  const parsed = flowLifecycleSchema.safeParse(json);
  if (!parsed.success) {
    const reason = parsed.error.issues.map((issue) => issue.message).join("; ");
    return Response.json({ error: `Not a Flow lifecycle callback: ${reason}` }, { status: 400 });
  }
  return Response.json({ result: await recordFlowLifecycle(parsed.data) });
};
