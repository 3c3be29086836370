import { Badge, BlockStack, Card, InlineStack, List, Text } from "@shopify/polaris";
import { dollarsToCents, formatWholeMoney } from "../domain/money";
import { PLANS, type PlanId } from "../domain/billing/plans";
import { planCardLines } from "../domain/billing/plan-features";

/**
 * A plan's name, badge, price and what it does (docs/product.md#plans; the list the downgrade
 * dialog names what stops from), with its own button below.
 */
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
          {/* the amount large, "/month" beside it small: it fits a third of the admin's 800 px */}
          <Text as="p" variant="heading2xl">
            {formatWholeMoney(dollarsToCents(plan.priceUsd))}
            {plan.priceUsd === 0 ? null : (
              <Text as="span" variant="bodyLg" tone="subdued">
                /month
              </Text>
            )}
          </Text>
          <List>
            {planCardLines(id).map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List>
          {children}
        </BlockStack>
      </Card>
    </section>
  );
}
