import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { withEmbeddedQuery } from "../components/admin-nav";
import { Banner, BlockStack, InlineGrid, InlineStack, Layout, Link, Text } from "@shopify/polaris";
import { AdminPage, PlanButton } from "../components/AdminPage";
import { NamedCard } from "../components/NamedCard";
import { CardHeading } from "../components/CardHeading";
import { EventList } from "../components/EventList";
import { formatCents } from "../domain/money";
import { headerPlanTarget, planName } from "../domain/plans";
import { requireAdmin } from "../services/shops/admin-context.server";
import { loadDashboard } from "../services/dashboard/dashboard.server";
import { ROI_WINDOW_DAYS } from "../domain/windows";
import { PausedRulesBanner } from "../components/PausedRulesBanner";
import { pausedRulesView } from "../services/rules/rules.server";
import { ONBOARDING_DONE } from "../domain/onboarding";
import {
  MONEY_FIGURE_HELP,
  MONEY_FIGURE_NAMES,
  moneyBehindUrl,
  type MoneyFigure as MoneyFigureName,
} from "../domain/order-money";

export const meta: MetaFunction = () => [{ title: "Dashboard · Margin Guardrail" }];

export const loader = async ({ request, context: load }: LoaderFunctionArgs) => {
  const context = await requireAdmin(request, load);
  // a newly installed shop lands on onboarding until it completes or skips it
  if (context.shop.onboardingStep < ONBOARDING_DONE) {
    throw redirect(`/onboarding${new URL(request.url).search}`);
  }
  const [dashboard, paused] = await Promise.all([
    loadDashboard({ ...context.shop, plan: context.plan }),
    pausedRulesView(context.shop.id, context.plan),
  ]);
  return { ...dashboard, paused, plan: context.plan, demo: context.demo };
};

function StatCard({
  label,
  value,
  help,
  sample,
}: {
  label: string;
  value: number;
  help: React.ReactNode;
  sample: boolean;
}) {
  return (
    <NamedCard name={label}>
      <BlockStack gap="200">
        <CardHeading title={label} sample={sample} variant="headingSm" tone="subdued" />
        <Text as="p" variant="heading2xl" numeric>
          {value.toLocaleString("en-US")}
        </Text>
        <Text as="p" variant="bodySm" tone="subdued">
          {help}
        </Text>
      </BlockStack>
    </NamedCard>
  );
}

/** A money figure with what it counts and a link to the orders behind it (docs/decisions/0025-what-saved-means.md). */
function MoneyFigure({
  figure,
  cents,
  url,
  large,
}: {
  figure: MoneyFigureName;
  cents: number;
  url: string;
  large?: boolean;
}) {
  return (
    <BlockStack gap="100">
      <InlineStack align="space-between" blockAlign="baseline">
        <Text as="p" variant={large ? "headingSm" : "bodyMd"}>
          {MONEY_FIGURE_NAMES[figure]}
        </Text>
        <Text as="p" variant={large ? "headingLg" : "bodyMd"} numeric>
          {formatCents(cents)}
        </Text>
      </InlineStack>
      <Text as="p" variant="bodySm" tone="subdued">
        {MONEY_FIGURE_HELP[figure]} <Link url={url}>See the orders</Link>
      </Text>
    </BlockStack>
  );
}

export default function Dashboard() {
  const {
    activeRules,
    blockedCheckouts,
    alertsSent,
    breaches,
    alertsOn,
    recentEvents,
    roi,
    roiSince,
    plan,
    demo,
    paused,
  } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <AdminPage title="Dashboard" description="Monitor and protect your store margins">
      <Banner title="Protect your margins from double discounts" tone="info">
        <BlockStack gap="200">
          <Text as="p">
            You are on the <strong>{planName(plan)}</strong> plan.
            {plan === "free"
              ? " Upgrade to Core for 10 rules, alerts by e-mail, Slack and webhook, and the ROI dashboard."
              : " Margin Guardrail checks every order's discounts against your rules."}
          </Text>
          <InlineStack>
            <PlanButton target={headerPlanTarget(plan)} />
          </InlineStack>
        </BlockStack>
      </Banner>
      {paused ? (
        <PausedRulesBanner
          paused={paused}
          action={{ content: "Review paused rules", url: withEmbeddedQuery("/rules", location.search) }}
        />
      ) : null}
      <InlineGrid columns={{ xs: 1, md: 3 }} gap="400">
        <StatCard label="Active Rules" value={activeRules} help="Rules and collection rules turned on" sample={demo} />
        <StatCard label="Blocked Checkouts" value={blockedCheckouts} help="Checkouts stopped by a rule" sample={demo} />
        <StatCard
          sample={demo}
          label="Alerts Sent"
          value={alertsSent}
          help={
            alertsOn ? (
              `Delivered by e-mail, Slack or webhook; ${breaches.toLocaleString("en-US")} breaches recorded`
            ) : (
              <>
                {`Alerts are off; ${breaches.toLocaleString("en-US")} breaches recorded. `}
                <Link url={withEmbeddedQuery("/alerts", location.search)}>Turn on alerts</Link>
              </>
            )
          }
        />
      </InlineGrid>
      <Layout>
        <Layout.Section>
          <NamedCard name="Real-time Monitoring">
            <BlockStack gap="400">
              <Text as="h2" variant="headingMd">
                Real-time Monitoring
              </Text>
              <EventList events={recentEvents} emptyText="No events yet. Orders that break a rule will appear here." />
            </BlockStack>
          </NamedCard>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <NamedCard name="ROI Summary">
            <BlockStack gap="300">
              <CardHeading title="ROI Summary" sample={demo} />
              <Text as="p" tone="subdued">
                Last {ROI_WINDOW_DAYS} days
              </Text>
              <MoneyFigure
                figure="saved"
                cents={roi.totalSavedCents}
                url={withEmbeddedQuery(moneyBehindUrl("saved", roiSince), location.search)}
                large
              />
              <MoneyFigure
                figure="flagged"
                cents={roi.flaggedCents}
                url={withEmbeddedQuery(moneyBehindUrl("flagged", roiSince), location.search)}
              />
              <InlineStack align="space-between">
                <Text as="span">Blocked checkouts</Text>
                <Text as="span" numeric>
                  {roi.blockedCheckouts}
                </Text>
              </InlineStack>
              <InlineStack align="space-between">
                <Text as="span">Alerts sent</Text>
                <Text as="span" numeric>
                  {roi.alertsSent}
                </Text>
              </InlineStack>
              <InlineStack align="space-between">
                <Text as="span">Subscription cost</Text>
                <Text as="span" numeric>
                  {formatCents(roi.subscriptionCostCents)}
                </Text>
              </InlineStack>
              <InlineStack align="space-between">
                <Text as="span">Return on subscription</Text>
                <Text as="span" numeric>
                  {roi.roiPercentage === null ? "Free plan" : `${roi.roiPercentage}%`}
                </Text>
              </InlineStack>
              <Text as="p" variant="bodySm" tone="subdued">
                Configure blocking in Integration → Shopify Plus Features
              </Text>
            </BlockStack>
          </NamedCard>
        </Layout.Section>
      </Layout>
    </AdminPage>
  );
}
