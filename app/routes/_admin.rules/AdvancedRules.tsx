import { Badge, BlockStack, Card, Icon, InlineGrid, InlineStack, Text } from "@shopify/polaris";
import { LockIcon } from "@shopify/polaris-icons";
import { DISCOUNT_METHOD_KINDS } from "../../domain/rules";

const ADVANCED = [
  { title: "Stacking Prevention", body: "Stop combinations of discount kinds before the order is placed." },
  {
    title: "Real-Time Checkout Blocking",
    body: "Block a checkout whose discounts break a rule, with a message to the customer.",
  },
  { title: "Collection-Specific Rules", body: "Different limits per collection, enforced at checkout." },
];

/** The three locked Advanced Rules cards (docs/product.md#rules). */
export function AdvancedRules() {
  return (
    <BlockStack gap="300">
      <Text as="h3" variant="headingMd">
        Advanced Rules
      </Text>
      <InlineGrid columns={{ xs: 1, md: 3 }} gap="300">
        {ADVANCED.map((card) => (
          <section key={card.title} aria-label={card.title}>
            <Card background="bg-surface-secondary">
              <BlockStack gap="200">
                <InlineStack gap="200" blockAlign="center" wrap={false}>
                  <span aria-hidden="true">
                    <Icon source={LockIcon} tone="subdued" />
                  </span>
                  <Text as="h4" variant="headingSm">
                    {card.title}
                  </Text>
                </InlineStack>
                <Text as="p" tone="subdued">
                  {card.body}
                </Text>
                <InlineStack>
                  <Badge tone="info">Coming Soon to Plus Plan</Badge>
                </InlineStack>
              </BlockStack>
            </Card>
          </section>
        ))}
      </InlineGrid>
    </BlockStack>
  );
}

/** The static list of discount method kinds (docs/product.md#rules). */
export function DiscountMethodKinds() {
  return (
    <BlockStack gap="200">
      <Text as="h3" variant="headingMd">
        Discount methods we check
      </Text>
      <BlockStack gap="100" as="ul">
        {DISCOUNT_METHOD_KINDS.map((method) => (
          <InlineStack key={method.kind} gap="200" as="li">
            <Text as="span" fontWeight="semibold">
              {method.kind}
            </Text>
            <Text as="span" tone="subdued">
              {method.description}
            </Text>
          </InlineStack>
        ))}
      </BlockStack>
    </BlockStack>
  );
}
