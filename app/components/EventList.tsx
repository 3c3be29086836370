import { Badge, BlockStack, Box, InlineStack, Link, Text } from "@shopify/polaris";
import type { AuditEventView } from "../domain/audit/audit-view";

const SEVERITY_TONES: Record<string, "info" | "attention" | "warning" | "critical" | undefined> = {
  low: "info",
  medium: "attention",
  high: "warning",
  critical: "critical",
};

export function SeverityBadge({ severity }: { severity: string }) {
  return <Badge tone={SEVERITY_TONES[severity]}>{severity}</Badge>;
}

/** An event as the list shows it; an order's entry also names every rule the order broke. */
export type EventListItem = AuditEventView & { brokenRules?: string[] };

/**
 * A compact list of audit events (or one entry per order), newest first; an event's order links
 * to `orderUrl` of its name (the Audit Log filtered to the order) when given.
 */
export function EventList({
  events,
  emptyText,
  orderUrl,
}: {
  events: EventListItem[];
  emptyText: string;
  orderUrl?: (orderName: string) => string;
}) {
  if (events.length === 0) {
    return (
      <Text as="p" tone="subdued">
        {emptyText}
      </Text>
    );
  }
  return (
    <BlockStack gap="300" as="ul">
      {events.map((event) => (
        <Box as="li" key={event.id} paddingBlockEnd="200" borderBlockEndWidth="025" borderColor="border">
          <BlockStack gap="100">
            <InlineStack gap="200" blockAlign="center">
              <Text as="span" fontWeight="semibold">
                {event.typeLabel}
              </Text>
              <SeverityBadge severity={event.severity} />
              {event.orderName ? (
                orderUrl ? (
                  <Link
                    url={orderUrl(event.orderName)}
                    accessibilityLabel={`Order ${event.orderName} in the Audit Log`}
                  >
                    {event.orderName}
                  </Link>
                ) : (
                  <Text as="span">{event.orderName}</Text>
                )
              ) : null}
              {event.discountPercent ? (
                <Text as="span" tone="subdued">
                  {event.discountPercent}
                </Text>
              ) : null}
              {event.totalDiscount ? (
                <Text as="span" tone="subdued">
                  {event.totalDiscount}
                </Text>
              ) : null}
              {event.discountCodes.map((code, index) => (
                <Badge key={`${index}-${code}`}>{code}</Badge>
              ))}
              {event.moreCodes > 0 ? (
                <Text as="span" tone="subdued">
                  {`and ${event.moreCodes} more`}
                </Text>
              ) : null}
            </InlineStack>
            <Text as="p">{event.message}</Text>
            {event.brokenRules && event.brokenRules.length > 1 ? (
              <Text as="p" tone="subdued">
                {`${event.brokenRules.length} rules broken: ${event.brokenRules.join("; ")}`}
              </Text>
            ) : null}
            <Text as="p" variant="bodySm" tone="subdued">
              <time dateTime={event.createdAt}>{event.time}</time>
            </Text>
          </BlockStack>
        </Box>
      ))}
    </BlockStack>
  );
}
