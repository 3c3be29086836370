import { Badge, BlockStack, Card, InlineStack, List, Text } from "@shopify/polaris";
import { dollarsToCents, formatWholeMoney } from "../domain/money";
import { PLANS, type PlanId } from "../domain/billing/plans";

/** A plan's name, badge, price and contents (docs/product.md#plans), with its own button below. */
export function PlanCard({
  plan: id,
  name,
  comingSoon,
  children,
}: {
  plan: PlanId;
  name: string;
  /** Plus while the Plus flag is off (isComingSoon) */
  comingSoon: boolean;
  children?: React.ReactNode;
}) {
  const plan = PLANS[id];
  return (
    <section aria-label={name}>
      <Card>
        <BlockStack gap="300">
          <InlineStack align="space-between" blockAlign="center">
            <Text as="h2" variant="headingLg">
              {plan.name}
            </Text>
            {plan.badge ? <Badge tone="success">{plan.badge}</Badge> : null}
            {comingSoon ? <Badge tone="info">Coming Soon</Badge> : null}
          </InlineStack>
          <Text as="p" variant="heading2xl">
            {`${formatWholeMoney(dollarsToCents(plan.priceUsd))}${plan.priceUsd === 0 ? "" : "/month"}`}
          </Text>
          <List>
            {plan.contents.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List>
          {children}
        </BlockStack>
      </Card>
    </section>
  );
}
