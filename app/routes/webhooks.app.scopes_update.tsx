import type { ActionFunctionArgs } from "@remix-run/node";
import { authenticate } from "../shopify.server";
import { updateGrantedScopes } from "../services/privacy.server";
import { handleWebhookOnce } from "../services/webhook-receipts.server";

// Handles app/scopes_update (subscribed in shopify.app.toml).
export const action = async ({ request }: ActionFunctionArgs) => {
  const { shop, topic, webhookId, payload, session } = await authenticate.webhook(request);
  const current: unknown = payload?.current;
  const scopes = Array.isArray(current)
    ? current.filter((scope): scope is string => typeof scope === "string")
    : [];
  return handleWebhookOnce({ shop, topic: String(topic), webhookId }, () =>
    updateGrantedScopes(shop, session?.id, scopes),
  );
};
