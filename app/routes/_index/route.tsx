import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { BlockStack, Box, Button, Card, InlineGrid, InlineStack, Page, Text } from "@shopify/polaris";
import { StandaloneProvider } from "../../components/StandaloneProvider";
import { FOOTER_LINKS } from "../../components/admin-nav";
import { PLANS, PLAN_IDS } from "../../domain/plans";

export const meta: MetaFunction = () => [{ title: "Margin Guardrail · Stop double discounts" }];

/** `/` with shop or host is the embedded home (decisions.md #3); without, the public site. */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const url = new URL(request.url);
  if (url.searchParams.has("shop") || url.searchParams.has("host")) {
    throw redirect(`/dashboard?${url.searchParams.toString()}`);
  }
  return null;
};

const FEATURES = [
  {
    title: "Prevent stacking",
    body: "Catch orders where codes and automatic discounts combine into more than you meant to give.",
  },
  {
    title: "Real-time alerts",
    body: "Hear about a breach by e-mail, Slack or webhook the moment the order arrives.",
  },
  {
    title: "Configurable rules",
    body: "Maximum discount percent or amount, a margin floor from your product costs, per collection.",
  },
  {
    title: "Audit trail",
    body: "Every breach recorded with the numbers behind it, searchable and exportable.",
  },
];

export default function Landing() {
  return (
    <StandaloneProvider>
      <Page>
        <BlockStack gap="800">
          <Box paddingBlockStart="1200">
            <BlockStack gap="400" inlineAlign="start">
              <Text as="h1" variant="heading3xl">
                Margin Guardrail
              </Text>
              <Text as="p" variant="headingLg" tone="subdued">
                Protect your margins from double discounts and risky promotion stacking.
              </Text>
              <InlineStack gap="300">
                <Button variant="primary" url="/auth/login">
                  Add to Shopify
                </Button>
              </InlineStack>
            </BlockStack>
          </Box>
          <InlineGrid columns={{ xs: 1, md: 4 }} gap="400">
            {FEATURES.map((feature) => (
              <Card key={feature.title}>
                <BlockStack gap="200">
                  <Text as="h2" variant="headingMd">
                    {feature.title}
                  </Text>
                  <Text as="p">{feature.body}</Text>
                </BlockStack>
              </Card>
            ))}
          </InlineGrid>
          <InlineGrid columns={{ xs: 1, md: 3 }} gap="400">
            {PLAN_IDS.map((id) => (
              <Card key={id}>
                <BlockStack gap="200">
                  <Text as="h2" variant="headingMd">
                    {PLANS[id].name}
                  </Text>
                  <Text as="p" variant="headingLg">
                    {PLANS[id].priceUsd === 0 ? "$0" : `$${PLANS[id].priceUsd}/month`}
                  </Text>
                  <Text as="p" tone="subdued">
                    {PLANS[id].comingSoon ? "Coming Soon" : PLANS[id].contents.join(" · ")}
                  </Text>
                </BlockStack>
              </Card>
            ))}
          </InlineGrid>
          <InlineStack gap="400">
            {FOOTER_LINKS.map((link) => (
              <Button key={link.url} variant="plain" url={link.url}>
                {link.label}
              </Button>
            ))}
          </InlineStack>
        </BlockStack>
      </Page>
    </StandaloneProvider>
  );
}
