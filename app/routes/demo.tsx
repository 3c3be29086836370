import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getEnv } from "../env.server";
import { BlockStack, Box, Button, InlineStack, Text } from "@shopify/polaris";
import { MarketingLayout } from "../components/marketing/MarketingLayout";
import { marketingLinks } from "../components/marketing/links";
import { useFramed } from "../components/marketing/useFramed";

export const links = marketingLinks;
export const meta: MetaFunction = () => [{ title: "Product tour · Margin Guardrail" }];

export const loader = () => ({ plusEnabled: getEnv().plusPlanEnabled });

/** Screenshots of the demo store, made by `npm run tour:screenshots` (scripts/tour-screenshots.mjs). */
const TOUR = [
  {
    title: "1. Define a rule",
    body: "Set the limits your margins can take: a maximum discount percent or amount, a margin floor computed from your product costs, one promotion per order, or a rule for one collection. Each rule flags the orders that break it; on Core it alerts you and can hold the order.",
    image: "/tour/1-define-a-rule.png",
    alt: "The Rules page of the demo store, listing its rules with their thresholds and status",
  },
  {
    title: "2. Catch a risky order",
    body: "Every order Shopify sends is checked against your rules. A breach lands in the audit log with the numbers behind it: the order, its codes, the discount percent and amount, the rule and how far past its threshold it went.",
    image: "/tour/2-catch-a-risky-order.png",
    alt: "The Audit Log of the demo store, with orders that broke a rule, their codes, discounts and severity",
  },
  {
    title: "3. See the value protected",
    body: "The dashboard and the ROI dashboard show what the app saved (held orders you cancelled or edited down, checkouts blocked) apart from what it only flagged, by rule type and period, against what the subscription costs.",
    image: "/tour/3-see-the-value-protected.png",
    alt: "The ROI Dashboard of the demo store: value protected, alerts sent and savings by rule type",
  },
];

/** What the first step adds about blocking: only what a merchant can have. */
const blockingLine = (plusEnabled: boolean) =>
  plusEnabled ? " On Plus it can block the checkout." : " Checkout blocking comes with Plus, coming soon.";

export default function DemoTour() {
  const framed = useFramed();
  const { plusEnabled } = useLoaderData<typeof loader>();
  return (
    <MarketingLayout>
      <section className="mg-section" aria-label="Product tour">
        <BlockStack gap="800">
          <BlockStack gap="200" inlineAlign="center">
            <Text as="h1" variant="heading2xl" alignment="center">
              Margin Guardrail in three steps
            </Text>
            <Text as="p" tone="subdued" alignment="center">
              A two-minute tour of the app, on our demo store. The screens are the real app; the orders are sample data.
            </Text>
          </BlockStack>
          {TOUR.map((step, index) => (
            <section key={step.title} aria-label={step.title} className="mg-tour-step">
              <BlockStack gap="300">
                <Text as="h2" variant="headingXl">
                  {step.title}
                </Text>
                <Text as="p" variant="bodyLg">
                  {index === 0 ? step.body + blockingLine(plusEnabled) : step.body}
                </Text>
              </BlockStack>
              {/* the first screenshot is the page's largest paint on a phone: fetched at once, not when laid out */}
              <img src={step.image} alt={step.alt} width={1280} height={800} loading={index === 0 ? "eager" : "lazy"} />
            </section>
          ))}
          <Box padding="800" background="bg-surface" borderRadius="300">
            <BlockStack gap="300" inlineAlign="center">
              <Text as="h2" variant="headingXl" alignment="center">
                Protect your margins today
              </Text>
              <Text as="p" tone="subdued" alignment="center">
                Free for 2 rules. Setup takes under 5 minutes.
              </Text>
              {framed ? null : (
                <InlineStack gap="300">
                  <Button variant="primary" size="large" url="/auth">
                    Add to Shopify
                  </Button>
                  <Button size="large" url="/#pricing">
                    See pricing
                  </Button>
                </InlineStack>
              )}
            </BlockStack>
          </Box>
        </BlockStack>
      </section>
    </MarketingLayout>
  );
}
