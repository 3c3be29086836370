import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Badge, BlockStack, Button, InlineGrid, InlineStack, List, Text } from "@shopify/polaris";
import { useState } from "react";
import { ContactSalesModal } from "../components/marketing/ContactSalesModal";
import { AdminPage, PlanButton } from "../components/AdminPage";
import { NamedCard } from "../components/NamedCard";
import { PLANS, PLAN_IDS } from "../domain/plans";
import { requireAdmin } from "../services/admin-context.server";

export const meta: MetaFunction = () => [{ title: "Pricing · Margin Guardrail" }];

export const loader = async ({ request }: LoaderFunctionArgs) => {
  await requireAdmin(request);
  return null;
};

export default function Pricing() {
  const [contactOpen, setContactOpen] = useState(false);
  return (
    <AdminPage title="Pricing" description="Choose the protection your store needs">
      <InlineGrid columns={{ xs: 1, md: 3 }} gap="400">
        {PLAN_IDS.map((id) => {
          const plan = PLANS[id];
          return (
            <NamedCard key={id} name={plan.name}>
              <BlockStack gap="300">
                <InlineStack align="space-between" blockAlign="center">
                  <Text as="h2" variant="headingLg">
                    {plan.name}
                  </Text>
                  {plan.badge ? <Badge tone="success">{plan.badge}</Badge> : null}
                  {plan.comingSoon ? <Badge tone="info">Coming Soon</Badge> : null}
                </InlineStack>
                <Text as="p" variant="heading2xl">
                  {plan.priceUsd === 0 ? "$0" : `$${plan.priceUsd}/month`}
                </Text>
                <List>
                  {plan.contents.map((item) => (
                    <List.Item key={item}>{item}</List.Item>
                  ))}
                </List>
                <PlanButton target={id} />
              </BlockStack>
            </NamedCard>
          );
        })}
      </InlineGrid>
      <InlineStack align="center">
        <Button onClick={() => setContactOpen(true)}>Contact Sales</Button>
      </InlineStack>
      <ContactSalesModal open={contactOpen} onClose={() => setContactOpen(false)} />
    </AdminPage>
  );
}
