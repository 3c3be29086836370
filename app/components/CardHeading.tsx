import { Badge, InlineStack, Text, type TextProps } from "@shopify/polaris";

/**
 * A card's title, with "Sample data" beside it in the demo store: every figure made from the
 * demo's sample orders says so on its own card (docs/product.md#demo-store).
 */
export function CardHeading({
  title,
  sample,
  variant = "headingMd",
  tone,
}: {
  title: string;
  sample: boolean;
  variant?: TextProps["variant"];
  tone?: TextProps["tone"];
}) {
  return (
    <InlineStack align="space-between" blockAlign="center" gap="200" wrap={false}>
      <Text as="h2" variant={variant} tone={tone}>
        {title}
      </Text>
      {sample ? <Badge tone="info">Sample data</Badge> : null}
    </InlineStack>
  );
}
