import type { ActionFunctionArgs } from "@remix-run/node";
import { receiveOrderWebhook } from "../services/order-webhooks.server";

// Handles orders/updated (subscribed in shopify.app.toml).
export const action = ({ request }: ActionFunctionArgs) => receiveOrderWebhook(request);
