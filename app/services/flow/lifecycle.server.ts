import crypto from "node:crypto";
import * as z from "zod";
import prisma from "../../db.server";
import { LEAK_FLOW_TRIGGER } from "../../domain/leaks/code-leaks";
import { SHOP_DOMAIN } from "../../domain/shops/shop-domain";
import { getEnv } from "../../env.server";
import { forgetShopRules } from "../rules/cache.server";

/**
 * Shopify Flow's trigger lifecycle callback (docs/product.md#order-actions): Flow says whether a
 * shop has an enabled workflow that starts with "Margin rule breached", or with "Discount code
 * probably leaked" (docs/product.md#leaked-codes). The app stores each and fires a trigger only
 * for the shops whose workflows use it. A callback older than the one stored changes nothing
 * (Flow's rule: the newest timestamp wins).
 */

export const flowLifecycleSchema = z.object({
  flow_trigger_definition_id: z.string({ error: "flow_trigger_definition_id is required" }).min(1).max(255),
  has_enabled_flow: z.boolean({ error: "has_enabled_flow must be true or false" }),
  shop_id: z.union([z.number(), z.string().regex(/^\d+$/)], { error: "shop_id must be a number" }),
  shopify_domain: z
    .string({ error: "shopify_domain is required" })
    .regex(SHOP_DOMAIN, "shopify_domain is not a shop domain"),
  timestamp: z.iso.datetime({ offset: true, error: "timestamp must be an ISO 8601 time" }),
});
export type FlowLifecycle = z.infer<typeof flowLifecycleSchema>;

/** Flow signs the callback like a webhook: base64 HMAC-SHA256 of the raw body with the app's secret. */
export function flowSignatureValid(body: string, header: string | null): boolean {
  if (!header) return false;
  const expected = crypto.createHmac("sha256", getEnv().shopifyApiSecret).update(body, "utf8").digest();
  const given = Buffer.from(header, "base64");
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/**
 * Which trigger a callback is about (docs/product.md#leaked-codes).
 * Shopify documents flow_trigger_definition_id as the trigger's identifier and shows its name as
 * the example: "Discount code probably leaked" or its handle, in any case, is the leak trigger;
 * anything else is "Margin rule breached", as every callback was before the second trigger.
 */
export function triggerOfCallback(definitionId: string): "breach" | "leak" {
  const id = definitionId.trim().toLowerCase();
  return id === LEAK_FLOW_TRIGGER.handle || id === LEAK_FLOW_TRIGGER.name.toLowerCase() ? "leak" : "breach";
}

/** Stores the callback for its trigger; says whether it changed what the shop's state is. */
export async function recordFlowLifecycle(callback: FlowLifecycle): Promise<"updated" | "stale" | "unknown shop"> {
  const shop = await prisma.shop.findUnique({ where: { domain: callback.shopify_domain } });
  if (!shop) return "unknown shop";
  const at = new Date(callback.timestamp);
  const updated =
    triggerOfCallback(callback.flow_trigger_definition_id) === "leak"
      ? await prisma.shop.updateMany({
          where: { id: shop.id, OR: [{ flowLeakTriggerUpdatedAt: null }, { flowLeakTriggerUpdatedAt: { lt: at } }] },
          data: { flowLeakTriggerEnabled: callback.has_enabled_flow, flowLeakTriggerUpdatedAt: at },
        })
      : await prisma.shop.updateMany({
          where: { id: shop.id, OR: [{ flowTriggerUpdatedAt: null }, { flowTriggerUpdatedAt: { lt: at } }] },
          data: { flowTriggerEnabled: callback.has_enabled_flow, flowTriggerUpdatedAt: at },
        });
  if (updated.count === 0) return "stale";
  forgetShopRules(shop.id);
  return "updated";
}
