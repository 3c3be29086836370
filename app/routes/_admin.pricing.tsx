import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Button, InlineGrid, InlineStack } from "@shopify/polaris";
import { useState } from "react";
import { ContactSalesModal } from "../components/marketing/ContactSalesModal";
import { AdminPage, PlanButton, useAdminLayout } from "../components/AdminPage";
import { PlanCard } from "../components/PlanCard";
import { PLANS, PLAN_IDS, isComingSoon } from "../domain/billing/plans";
import { requireAdmin } from "../services/shops/admin-context.server";

export const meta: MetaFunction = () => [{ title: "Pricing · Margin Guardrail" }];

export const loader = async ({ request, context: load }: LoaderFunctionArgs) => {
  await requireAdmin(request, load);
  return null;
};

export default function Pricing() {
  const [contactOpen, setContactOpen] = useState(false);
  const { plusEnabled } = useAdminLayout();
  return (
    <AdminPage title="Pricing" description="Choose the protection your store needs">
      <InlineGrid columns={{ xs: 1, md: 3 }} gap="400">
        {PLAN_IDS.map((id) => (
          <PlanCard key={id} plan={id} name={PLANS[id].name} comingSoon={isComingSoon(id, plusEnabled)}>
            <PlanButton target={id} />
          </PlanCard>
        ))}
      </InlineGrid>
      <InlineStack align="center">
        <Button onClick={() => setContactOpen(true)}>Contact Sales</Button>
      </InlineStack>
      <ContactSalesModal open={contactOpen} onClose={() => setContactOpen(false)} />
    </AdminPage>
  );
}
