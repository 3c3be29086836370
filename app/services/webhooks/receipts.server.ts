import prisma from "../../db.server";
import { isUniqueViolation } from "../../db/errors";

export interface WebhookDelivery {
  webhookId: string;
  shop: string;
  topic: string;
}

/**
 * Records a delivery as processed. Returns false when the same webhook id was already
 * recorded, so a redelivery (or a concurrent duplicate) is acknowledged and does nothing.
 */
export async function claimWebhook(delivery: WebhookDelivery): Promise<boolean> {
  try {
    await prisma.processedWebhook.create({
      data: {
        webhookId: delivery.webhookId,
        shopDomain: delivery.shop,
        topic: delivery.topic,
      },
    });
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) {
      return false;
    }
    throw error;
  }
}

/** Forgets a claim whose handler failed, so Shopify's retry is processed. */
export async function releaseWebhook(webhookId: string): Promise<void> {
  await prisma.processedWebhook.deleteMany({ where: { webhookId } });
}

/**
 * Runs `handler` once per webhook id: "duplicate" (and nothing run) when the id was claimed
 * before. A handler that throws releases the claim and rethrows, so Shopify sees a failure and
 * delivers again.
 */
export async function handleWebhookOnce(
  delivery: WebhookDelivery,
  handler: () => Promise<void>,
): Promise<"handled" | "duplicate"> {
  const first = await claimWebhook(delivery);
  if (!first) return "duplicate";
  try {
    await handler();
  } catch (error) {
    await releaseWebhook(delivery.webhookId);
    throw error;
  }
  return "handled";
}
