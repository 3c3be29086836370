import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Badge, BlockStack, Button, InlineStack, Text } from "@shopify/polaris";
import { StandaloneProvider } from "../components/StandaloneProvider";
import { billingErrorPath } from "../domain/billing/billing-errors";
import { dollarsToCents, formatCents } from "../domain/money";
import { PLANS, isPurchasable, planName, toPlanId, type PlanId } from "../domain/billing/plans";
import { getEnv } from "../env.server";
import { storePlan } from "../services/billing/plan-truth.server";
import { demoShop } from "../services/shops/admin-context.server";
import { ScreenCard } from "../components/ScreenCard";

export const meta: MetaFunction = () => [{ title: "Approve subscription · Demo store" }];

/**
 * The demo store's stand-in for Shopify's subscription confirmation page
 * (docs/product.md#demo-store): served only in demo mode, never in production, so the
 * billing flow can be clicked through without Shopify. Approving stores the plan as Shopify's
 * answer would; declining leads where a declined charge does.
 */
function demoPlan(request: Request): PlanId {
  if (!getEnv().demoMode) throw new Response("Not Found", { status: 404 });
  const plan = toPlanId(new URL(request.url).searchParams.get("plan"));
  if (!plan || !isPurchasable(plan, getEnv().plusPlanEnabled)) {
    throw new Response("That plan cannot be bought", { status: 400 });
  }
  return plan;
}

export const loader = ({ request }: LoaderFunctionArgs) => {
  const plan = demoPlan(request);
  return { plan, price: PLANS[plan].priceUsd, test: getEnv().billingTest };
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const plan = demoPlan(request);
  const shop = await demoShop();
  const form = await request.formData();
  if (form.get("intent") !== "approve") throw redirect(billingErrorPath("declined", undefined, shop.domain));
  const now = new Date();
  await storePlan(
    shop.id,
    {
      plan,
      subscriptionId: `demo-subscription-${now.getTime()}`,
      subscriptionStatus: "ACTIVE",
      trialEndsOn: null,
      currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
    },
    { checkedAt: now },
  );
  throw redirect(`/billing/success?${new URLSearchParams({ shop: shop.domain }).toString()}`);
};

export default function DemoConfirmation() {
  const { plan, price, test } = useLoaderData<typeof loader>();
  return (
    <StandaloneProvider>
      <ScreenCard>
        <BlockStack gap="400">
          <InlineStack gap="200" blockAlign="center">
            <Text as="h1" variant="headingLg">
              Approve subscription
            </Text>
            <Badge tone="info">Demo store: stands in for Shopify</Badge>
          </InlineStack>
          <Text as="p">
            {`Margin Guardrail ${planName(plan)}: ${formatCents(dollarsToCents(price))} USD every 30 days${test ? " (test charge, nothing is billed)" : ""}.`}
          </Text>
          <InlineStack gap="300">
            <Form method="post">
              <input type="hidden" name="intent" value="approve" />
              <Button submit variant="primary">
                Approve
              </Button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="decline" />
              <Button submit>Decline</Button>
            </Form>
          </InlineStack>
        </BlockStack>
      </ScreenCard>
    </StandaloneProvider>
  );
}
