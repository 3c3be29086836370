import { Badge, BlockStack, Card, DataTable, Text } from "@shopify/polaris";
import type { DeliveryView } from "../../services/alerts/delivery.server";
import { shopLocalTime } from "../../domain/time-zones";

const CHANNEL_NAMES: Record<string, string> = {
  email: "E-mail",
  slack: "Slack",
  webhook: "Webhook",
  order_tag: "Order tag",
  order_hold: "Fulfilment hold",
  flow_trigger: "Shopify Flow",
  notice: "Notice e-mail",
};

const STATUS: Record<string, { label: string; tone?: "success" | "critical" | "attention" | "info" }> = {
  sent: { label: "Sent", tone: "success" },
  pending: { label: "Waiting to retry", tone: "attention" },
  sending: { label: "Sending", tone: "info" },
  held: { label: "Held for digest", tone: "info" },
  digested: { label: "In a digest", tone: "info" },
  dead: { label: "Failed", tone: "critical" },
  dropped: { label: "Not sent (plan)" },
};

/** The shop's latest deliveries: what was sent, what waits and why, what failed. */
export function DeliveryLog({ deliveries, timeZone }: { deliveries: DeliveryView[]; timeZone: string }) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Recent deliveries
        </Text>
        {deliveries.length === 0 ? (
          <Text as="p" tone="subdued">
            No alerts yet. When an order breaks a rule, its alert shows here with its delivery status.
          </Text>
        ) : (
          <DataTable
            columnContentTypes={["text", "text", "text", "text", "numeric", "text"]}
            headings={["Queued", "Alert", "Channel", "Status", "Attempts", "Last error"]}
            rows={deliveries.map((delivery) => {
              const status = STATUS[delivery.status] ?? { label: delivery.status };
              const pending = delivery.status === "pending" && delivery.attempts === 0;
              return [
                shopLocalTime(delivery.createdAt, timeZone),
                delivery.notice ??
                  (delivery.digestOf !== null
                    ? `Digest of ${delivery.digestOf} breach${delivery.digestOf === 1 ? "" : "es"}`
                    : `${delivery.orderName ?? "?"}${delivery.severity ? ` · ${delivery.severity}` : ""}`),
                CHANNEL_NAMES[delivery.channel] ?? delivery.channel,
                <Badge key="status" tone={pending ? "info" : status.tone}>
                  {pending ? "Queued" : status.label}
                </Badge>,
                delivery.attempts,
                delivery.lastError ?? "",
              ];
            })}
          />
        )}
      </BlockStack>
    </Card>
  );
}
