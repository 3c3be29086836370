import { Badge, BlockStack, Box, Card, DataTable, InlineStack, Link, Text } from "@shopify/polaris";
import { useLocation } from "@remix-run/react";
import type { DeliveryView } from "../../services/alerts/delivery.server";
import { shopLocalTime } from "../../domain/time-zones";
import { alertAuditUrl } from "../../domain/alerts/alert-bell";
import { deliveryAttempts, deliveryStatus } from "../../domain/alerts/delivery-display";
import { withEmbeddedQuery } from "../../components/admin-nav";

const CHANNEL_NAMES: Record<string, string> = {
  email: "E-mail",
  slack: "Slack",
  webhook: "Webhook",
  order_tag: "Order tag",
  order_hold: "Fulfilment hold",
  flow_trigger: "Shopify Flow",
  notice: "Notice e-mail",
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
  const status = deliveryStatus(delivery);
  return <Badge tone={status.tone}>{status.label}</Badge>;
}

/** The alert's order, linked to the Audit Log searched for it (as the Dashboard's events are); a digest or notice as words. */
function AlertCell({ delivery, strong = false }: { delivery: DeliveryView; strong?: boolean }) {
  const { search } = useLocation();
  const weight = strong ? "semibold" : undefined;
  if (delivery.notice || delivery.digestOf !== null || !delivery.orderName) {
    return (
      <Text as="span" fontWeight={weight}>
        {alertLabel(delivery)}
      </Text>
    );
  }
  return (
    <Text as="span" fontWeight={weight}>
      <Link
        url={withEmbeddedQuery(alertAuditUrl({ orderName: delivery.orderName, discountCodes: [] }), search)}
        accessibilityLabel={`Order ${delivery.orderName} in the Audit Log`}
      >
        {delivery.orderName}
      </Link>
      {delivery.severity ? ` · ${delivery.severity}` : ""}
    </Text>
  );
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
                  <AlertCell key="alert" delivery={delivery} />,
                  CHANNEL_NAMES[delivery.channel] ?? delivery.channel,
                  <StatusBadge key="status" delivery={delivery} />,
                  // a delivery's own tries: none for one queued or sent inside a digest
                  delivery.attempts > 0 ? delivery.attempts : "",
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
                        <AlertCell delivery={delivery} strong />
                        <StatusBadge delivery={delivery} />
                      </InlineStack>
                      <Text as="span" tone="subdued">
                        {[
                          CHANNEL_NAMES[delivery.channel] ?? delivery.channel,
                          shopLocalTime(delivery.createdAt, timeZone),
                          deliveryAttempts(delivery),
                        ]
                          .filter(Boolean)
                          .join(" · ")}
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
