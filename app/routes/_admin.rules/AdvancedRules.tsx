import { Badge, BlockStack, Box, Button, Card, Icon, InlineGrid, InlineStack, Text } from "@shopify/polaris";
import { LockIcon } from "@shopify/polaris-icons";
import { useLocation } from "@remix-run/react";
import { DISCOUNT_METHOD_KINDS } from "../../domain/rules/rules";
import { DISCOUNT_KIND_DESCRIPTIONS, discountKindLabel } from "../../domain/monitoring/discount-kinds";
import type { PlanId } from "../../domain/billing/plans";
import { withEmbeddedQuery } from "../../components/admin-nav";

/** What a Plus-only feature's badge says: the plan named, and whether it can be had today. */
export function plusBadge(plan: PlanId, plusEnabled: boolean): { label: string; included: boolean } {
  if (plan === "plus") return { label: "On your plan", included: true };
  return { label: plusEnabled ? "Available on Plus" : "Plus plan · coming soon", included: false };
}

interface AdvancedCard {
  title: string;
  body: string;
  badge: { label: string; tone?: "success" | "info" };
  locked: boolean;
  link?: { content: string; url: string };
}

/**
 * The Advanced Rules cards (docs/product.md#rules), each saying what it does today
 * (docs/product.md#rules): stacking prevention and collection rules work on every
 * plan; checkout blocking is Plus's, shown locked with the plan named until the shop has it.
 */
export function AdvancedRules({ plan, plusEnabled }: { plan: PlanId; plusEnabled: boolean }) {
  const { search } = useLocation();
  const plus = plusBadge(plan, plusEnabled);
  const cards: AdvancedCard[] = [
    {
      title: "Stacking Prevention",
      body: "Flag orders that combine 2 or more discounts, or a pair of discount kinds you block. Add a Stacking Prevention rule, then choose the pairs.",
      badge: { label: "On every plan", tone: "success" },
      locked: false,
      link: { content: "Choose blocked combinations", url: withEmbeddedQuery("/rules/settings", search) },
    },
    {
      title: "Collection-Specific Rules",
      body: "Different limits per collection, checked on every order: add one with the collection rule form above.",
      badge: { label: "On every plan", tone: "success" },
      locked: false,
    },
    {
      title: "Real-Time Checkout Blocking",
      body: "Stop a checkout whose discounts go past your limit, with a message to the customer.",
      badge: { label: plus.label, tone: plus.included ? "success" : "info" },
      locked: !plus.included,
      link: plus.included
        ? { content: "Set up checkout blocking", url: withEmbeddedQuery("/integration", search) }
        : plusEnabled
          ? { content: "Compare plans", url: withEmbeddedQuery("/pricing", search) }
          : undefined,
    },
  ];
  return (
    <BlockStack gap="300">
      <Text as="h3" variant="headingMd">
        Advanced Rules
      </Text>
      {/* three columns from the admin's widest content (1040 px); narrower, one card a row */}
      <InlineGrid columns={{ xs: 1, lg: 3 }} gap="300">
        {cards.map((card) => (
          <section key={card.title} aria-label={card.title}>
            <Card background="bg-surface-secondary">
              <BlockStack gap="200">
                <InlineStack gap="200" blockAlign="center" wrap={false}>
                  {card.locked ? (
                    <span aria-hidden="true">
                      <Icon source={LockIcon} tone="subdued" />
                    </span>
                  ) : null}
                  <Text as="h4" variant="headingSm" tone={card.locked ? "subdued" : undefined}>
                    {card.title}
                  </Text>
                </InlineStack>
                <Text as="p" tone="subdued">
                  {card.body}
                </Text>
                <BlockStack gap="200" inlineAlign="start">
                  <Badge tone={card.badge.tone}>{card.badge.label}</Badge>
                  {card.link ? (
                    <Button variant="plain" url={card.link.url}>
                      {card.link.content}
                    </Button>
                  ) : null}
                </BlockStack>
              </BlockStack>
            </Card>
          </section>
        ))}
      </InlineGrid>
    </BlockStack>
  );
}

/** The discount kinds the rules check, in Shopify admin's words (docs/product.md#rules). */
export function DiscountMethodKinds() {
  return (
    <BlockStack gap="200">
      <Text as="h3" variant="headingMd">
        Discount methods we check
      </Text>
      <BlockStack gap="100" as="ul">
        {DISCOUNT_METHOD_KINDS.map((method) => (
          <Box as="li" key={method.kind}>
            <Text as="span" fontWeight="semibold">
              {discountKindLabel(method.kind)}
            </Text>
            <Text as="span" tone="subdued">
              {` · ${DISCOUNT_KIND_DESCRIPTIONS[method.kind]}`}
            </Text>
          </Box>
        ))}
      </BlockStack>
    </BlockStack>
  );
}
