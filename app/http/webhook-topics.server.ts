/**
 * Every webhook topic the app subscribes to (shopify.app.toml), its payload's schema and its
 * handler, in one table that both ways in use: the server's fast path, by the request's path,
 * and the Remix routes app/routes/webhooks.*.tsx (docs/architecture.md#webhook-fast-path).
 */
import { checkoutPayloadSchema } from "../domain/checkout/checkout-payload";
import { discountPayload, redeemCodePayload } from "../domain/code-rules/discount-payload";
import { orderPayloadSchema } from "../domain/monitoring/order-payload";
import {
  anyObjectPayload,
  appSubscriptionPayload,
  customersDataRequestPayload,
  customersRedactPayload,
  inventoryItemPayload,
  orderEditPayload,
  scopesUpdatePayload,
  shopRedactPayload,
} from "../domain/webhooks/webhook-payloads";
import { applySubscriptionUpdate } from "../services/billing/plan-truth.server";
import { receiveCheckoutWebhook } from "../services/checkout/checkout-webhooks.server";
import { followDiscountChange, followRedeemCodeChange } from "../services/code-rules/code-rules.server";
import { preflightAfterDiscountChange, snapshotAfterDiscountChange } from "./preflight-api.server";
import { queueOrderWebhook } from "../services/monitoring/order-webhooks.server";
import { queueEditedOrder } from "../services/monitoring/order-edits.server";
import { applyInventoryItemCost } from "../services/monitoring/variant-facts.server";
import {
  markShopUninstalled,
  recordCustomerDataRequest,
  redactCustomer,
  redactShop,
  updateGrantedScopes,
} from "../services/privacy/privacy.server";
import { handleWebhookOnce } from "../services/webhooks/receipts.server";
import {
  checkoutWebhookAnswer,
  onceWebhookAnswer,
  orderWebhookAnswer,
  webhookTopic,
  type WebhookTopic,
} from "./webhooks.server";

/** orders/create, orders/updated: the order queued under its webhook id in one statement, evaluated by the worker. */
const orders = (topic: string) =>
  webhookTopic({
    topic,
    schema: orderPayloadSchema,
    session: false,
    handle: async (webhook) => orderWebhookAnswer(await queueOrderWebhook(webhook)),
  });

/** checkouts/create, checkouts/update: blocked checkouts and shadow mode, decided before the answer. */
const checkouts = (topic: string) =>
  webhookTopic({
    topic,
    schema: checkoutPayloadSchema,
    session: false,
    handle: async (webhook) => checkoutWebhookAnswer(await receiveCheckoutWebhook(webhook)),
  });

/**
 * discounts/*: the code's value read again for the code rules' cap (docs/product.md#code-rules), and
 * the discount again in the list one discount's check reads.
 */
const discounts = (topic: string) =>
  webhookTopic({
    topic,
    schema: discountPayload,
    session: false,
    handle: async (webhook) =>
      onceWebhookAnswer(
        await handleWebhookOnce(webhook, async () => {
          await followDiscountChange(webhook.shop, webhook.payload.admin_graphql_api_id);
          // the discounts kept for one discount's check (docs/product.md#checking-one-discount)
          await snapshotAfterDiscountChange(webhook.shop, webhook.payload.admin_graphql_api_id, topic);
          // the promotion preflight again, alerting on a worse stack (docs/product.md#promotion-preflight)
          if (topic !== "discounts/delete") await preflightAfterDiscountChange(webhook.shop);
        }),
      ),
  });

/**
 * discounts/redeemcode_added, discounts/redeemcode_removed: the one code added to or removed from a
 * discount, applied to the stored codes at once (docs/product.md#what-the-app-reads-of-discounts).
 */
const redeemCodes = (topic: "discounts/redeemcode_added" | "discounts/redeemcode_removed") =>
  webhookTopic({
    topic,
    schema: redeemCodePayload,
    session: false,
    handle: async (webhook) =>
      onceWebhookAnswer(
        await handleWebhookOnce(webhook, async () => {
          await followRedeemCodeChange(webhook.shop, {
            topic,
            discountId: webhook.payload.admin_graphql_api_id,
            code: webhook.payload.redeem_code?.code,
          });
        }),
      ),
  });

export const WEBHOOK_TOPICS = {
  "orders/create": orders("orders/create"),
  "orders/updated": orders("orders/updated"),
  // an edit runs no Function: the edited order is read and evaluated again (docs/product.md#protection-gaps)
  "orders/edited": webhookTopic({
    topic: "orders/edited",
    schema: orderEditPayload,
    session: false,
    handle: async (webhook) => orderWebhookAnswer(await queueEditedOrder(webhook)),
  }),
  "checkouts/create": checkouts("checkouts/create"),
  "checkouts/update": checkouts("checkouts/update"),
  "discounts/create": discounts("discounts/create"),
  "discounts/update": discounts("discounts/update"),
  "discounts/delete": discounts("discounts/delete"),
  "discounts/redeemcode_added": redeemCodes("discounts/redeemcode_added"),
  "discounts/redeemcode_removed": redeemCodes("discounts/redeemcode_removed"),
  // mandatory compliance topics (shopify.app.toml, compliance_topics), each handled once per webhook id
  "customers/data_request": webhookTopic({
    topic: "customers/data_request",
    schema: customersDataRequestPayload,
    session: true,
    handle: async (webhook) =>
      onceWebhookAnswer(
        await handleWebhookOnce(webhook, async () => {
          await recordCustomerDataRequest({
            shopDomain: webhook.shop,
            dataRequestId: String(webhook.payload.data_request?.id ?? webhook.webhookId),
            customerId: webhook.payload.customer?.id,
            orderIds: webhook.payload.orders_requested,
          });
        }),
      ),
  }),
  "customers/redact": webhookTopic({
    topic: "customers/redact",
    schema: customersRedactPayload,
    session: true,
    handle: async (webhook) =>
      onceWebhookAnswer(
        await handleWebhookOnce(webhook, async () => {
          await redactCustomer({
            shopDomain: webhook.shop,
            customerId: webhook.payload.customer?.id,
            orderIds: webhook.payload.orders_to_redact,
          });
        }),
      ),
  }),
  "shop/redact": webhookTopic({
    topic: "shop/redact",
    schema: shopRedactPayload,
    session: true,
    handle: async (webhook) => onceWebhookAnswer(await handleWebhookOnce(webhook, () => redactShop(webhook.shop))),
  }),
  "app/uninstalled": webhookTopic({
    topic: "app/uninstalled",
    schema: anyObjectPayload,
    session: true,
    handle: async (webhook) =>
      onceWebhookAnswer(await handleWebhookOnce(webhook, () => markShopUninstalled(webhook.shop))),
  }),
  "app/scopes_update": webhookTopic({
    topic: "app/scopes_update",
    schema: scopesUpdatePayload,
    session: true,
    handle: async (webhook) =>
      onceWebhookAnswer(
        await handleWebhookOnce(webhook, () =>
          updateGrantedScopes(webhook.shop, webhook.session?.id, webhook.payload.current),
        ),
      ),
  }),
  // the plan follows Shopify's Billing API, once per delivery (docs/product.md#plans)
  "app_subscriptions/update": webhookTopic({
    topic: "app_subscriptions/update",
    schema: appSubscriptionPayload,
    session: true,
    handle: async (webhook) =>
      onceWebhookAnswer(
        await handleWebhookOnce(webhook, () => applySubscriptionUpdate(webhook.shop, webhook.payload.app_subscription)),
      ),
  }),
  // the cached unit cost follows Shopify's
  "inventory_items/update": webhookTopic({
    topic: "inventory_items/update",
    schema: inventoryItemPayload,
    session: true,
    handle: async (webhook) =>
      onceWebhookAnswer(
        await handleWebhookOnce(webhook, async () => {
          const item = webhook.payload;
          const id = item.admin_graphql_api_id ?? `gid://shopify/InventoryItem/${item.id}`;
          await applyInventoryItemCost(webhook.shop, id, item.cost, item.updated_at);
        }),
      ),
  }),
} as const;

export type WebhookTopicName = keyof typeof WEBHOOK_TOPICS;

/** The topic a request's path delivers (`/webhooks/orders/create` → orders/create), or null. */
export function topicAtPath(pathname: string): WebhookTopic | null {
  if (!pathname.startsWith("/webhooks/")) return null;
  const topic = pathname.slice("/webhooks/".length);
  return Object.hasOwn(WEBHOOK_TOPICS, topic) ? WEBHOOK_TOPICS[topic as WebhookTopicName] : null;
}
