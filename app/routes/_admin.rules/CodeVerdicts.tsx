import { Badge, BlockStack, InlineStack, Text } from "@shopify/polaris";

interface Verdict {
  code: string;
  rejected: boolean;
  valueText?: string;
  notRejectable?: boolean;
}

/**
 * The preview's verdict at a glance (docs/product.md#code-rules): which codes
 * the cart keeps and which it turns away, each with the value Shopify last gave for it, and the
 * message the customer would see.
 */
export function CodeVerdicts({ decisions, message }: { decisions: Verdict[]; message?: string }) {
  const kept = decisions.filter((decision) => !decision.rejected);
  const rejected = decisions.filter((decision) => decision.rejected);
  const name = (decision: Verdict) =>
    `${decision.code} (${decision.valueText ?? "value not known"})${decision.notRejectable ? ", can't be rejected" : ""}`;
  return (
    <BlockStack gap="100">
      <InlineStack gap="200" blockAlign="center">
        <Text as="span" variant="bodySm" fontWeight="semibold">
          Kept
        </Text>
        {kept.length === 0 ? <Text as="span">none</Text> : null}
        {kept.map((decision) => (
          <Badge key={decision.code} tone="success">
            {name(decision)}
          </Badge>
        ))}
      </InlineStack>
      <InlineStack gap="200" blockAlign="center">
        <Text as="span" variant="bodySm" fontWeight="semibold">
          Turned away
        </Text>
        {rejected.length === 0 ? <Text as="span">none</Text> : null}
        {rejected.map((decision) => (
          <Badge key={decision.code} tone="critical">
            {name(decision)}
          </Badge>
        ))}
      </InlineStack>
      {rejected.length > 0 && message ? (
        <Text as="p" tone="subdued">
          The customer sees: “{message}”
        </Text>
      ) : null}
    </BlockStack>
  );
}
