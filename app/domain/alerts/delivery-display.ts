/**
 * A delivery of Recent deliveries in the merchant's words (docs/product.md#alerts): its status,
 * and its attempts only where it made some of its own.
 */

export interface DeliveryFacts {
  /** pending | held | digested | sending | sent | dead | dropped */
  status: string;
  attempts: number;
  /** the alert went out inside a digest: the digest's row made the attempts */
  inDigest: boolean;
}

export type DeliveryTone = "success" | "critical" | "attention" | "info";

const STATUS: Record<string, { label: string; tone?: DeliveryTone }> = {
  sent: { label: "Sent", tone: "success" },
  pending: { label: "Waiting to retry", tone: "attention" },
  sending: { label: "Sending", tone: "info" },
  held: { label: "Held for digest", tone: "info" },
  digested: { label: "In a digest", tone: "info" },
  dead: { label: "Failed", tone: "critical" },
  dropped: { label: "Not sent (plan)" },
};

export function deliveryStatus(delivery: DeliveryFacts): { label: string; tone?: DeliveryTone } {
  if (delivery.status === "sent" && delivery.inDigest) return { label: "Sent in a digest", tone: "success" };
  if (delivery.status === "pending" && delivery.attempts === 0) return { label: "Queued", tone: "info" };
  return STATUS[delivery.status] ?? { label: delivery.status };
}

/** "1 attempt", "3 attempts"; null for a delivery that made no attempt of its own (queued, held, in a digest). */
export function deliveryAttempts(delivery: DeliveryFacts): string | null {
  if (delivery.attempts <= 0) return null;
  return `${delivery.attempts} ${delivery.attempts === 1 ? "attempt" : "attempts"}`;
}
