import { Badge, BlockStack, Box, Card, DataTable, InlineStack, Text } from "@shopify/polaris";
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

/**
 * Where the card is under 800 px wide (a phone, or beside the admin's sidebar on a laptop) the
 * table is a list: six columns and a long error do not fit, and a sideways scroller cannot be
 * scrolled from the keyboard. A container query, so nothing swaps after hydration.
 */
const NARROW_CSS = `
.mg-deliveries { container-type: inline-size; }
.mg-deliveries-list { display: none; margin: 0; padding: 0; list-style: none; }
@container (max-width: 799px) {
  .mg-deliveries-table { display: none; }
  .mg-deliveries-list { display: block; }
}`;

function alertLabel(delivery: DeliveryView): string {
  if (delivery.notice) return delivery.notice;
  if (delivery.digestOf !== null) return `Digest of ${delivery.digestOf} breach${delivery.digestOf === 1 ? "" : "es"}`;
  return `${delivery.orderName ?? "?"}${delivery.severity ? ` · ${delivery.severity}` : ""}`;
}

function StatusBadge({ delivery }: { delivery: DeliveryView }) {
  const status = STATUS[delivery.status] ?? { label: delivery.status };
  const queued = delivery.status === "pending" && delivery.attempts === 0;
  return <Badge tone={queued ? "info" : status.tone}>{queued ? "Queued" : status.label}</Badge>;
}

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
          <div className="mg-deliveries">
            <style>{NARROW_CSS}</style>
            <div className="mg-deliveries-table">
              <DataTable
                columnContentTypes={["text", "text", "text", "text", "numeric", "text"]}
                headings={["Queued", "Alert", "Channel", "Status", "Attempts", "Last error"]}
                rows={deliveries.map((delivery) => [
                  shopLocalTime(delivery.createdAt, timeZone),
                  alertLabel(delivery),
                  CHANNEL_NAMES[delivery.channel] ?? delivery.channel,
                  <StatusBadge key="status" delivery={delivery} />,
                  delivery.attempts,
                  delivery.lastError ?? "",
                ])}
              />
            </div>
            <ul className="mg-deliveries-list" aria-label="Recent deliveries">
              {deliveries.map((delivery, index) => (
                <li key={index}>
                  <Box paddingBlock="200" borderBlockStartWidth={index > 0 ? "025" : undefined} borderColor="border">
                    <BlockStack gap="100">
                      <InlineStack align="space-between" gap="200" wrap>
                        <Text as="span" fontWeight="semibold">
                          {alertLabel(delivery)}
                        </Text>
                        <StatusBadge delivery={delivery} />
                      </InlineStack>
                      <Text as="span" tone="subdued">
                        {`${CHANNEL_NAMES[delivery.channel] ?? delivery.channel} · ${shopLocalTime(delivery.createdAt, timeZone)} · ${delivery.attempts} ${delivery.attempts === 1 ? "attempt" : "attempts"}`}
                      </Text>
                      {delivery.lastError ? (
                        <Text as="span" tone="critical" breakWord>
                          {delivery.lastError}
                        </Text>
                      ) : null}
                    </BlockStack>
                  </Box>
                </li>
              ))}
            </ul>
          </div>
        )}
      </BlockStack>
    </Card>
  );
}
