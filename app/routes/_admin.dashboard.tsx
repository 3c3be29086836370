import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { withEmbeddedQuery } from "../components/admin-nav";
import { Banner, BlockStack, Card, InlineGrid, InlineStack, Layout, Link, Text } from "@shopify/polaris";
import { IllustratedEmptyState } from "../components/IllustratedEmptyState";
import { AdminPage, PlanButton, useAdminLayout } from "../components/AdminPage";
import { NamedCard } from "../components/NamedCard";
import { ProtectionStatusCard } from "../components/ProtectionStatusCard";
import { protectionStatus } from "../services/protection/status.server";
import { reconcileShopNow } from "../services/reconciliation/reconcile.server";
import { sweepSummary } from "../domain/protection/protection-status";
import { CardHeading } from "../components/CardHeading";
import { EventList } from "../components/EventList";
import { formatCents, formatCount } from "../domain/money";
import { headerPlanTarget, isComingSoon, planName, type PlanId } from "../domain/billing/plans";
import { requireAdmin } from "../services/shops/admin-context.server";
import { loadDashboard } from "../services/dashboard/dashboard.server";
import { ROI_WINDOW_DAYS } from "../domain/roi/windows";
import { formatShopDate } from "../domain/dates";
import { roiText } from "../domain/roi/roi";
import { dashboardPlanPromotion } from "../domain/promotions/promotions";
import { dismissedPromotions, dismissPromotion } from "../services/promotions/promotions.server";
import { pageAction, plainIntent, saved } from "../http/page-action.server";
import { ok } from "../domain/result";
import { useActionFetcher } from "../components/useActionFetcher";
import { PausedRulesBanner } from "../components/PausedRulesBanner";
import { pausedRulesView } from "../services/rules/plan-limit.server";
import { ONBOARDING_DONE } from "../domain/shops/onboarding";
import {
  MONEY_FIGURE_HELP,
  MONEY_FIGURE_NAMES,
  moneyBehindUrl,
  type MoneyFigure as MoneyFigureName,
} from "../domain/monitoring/order-money";

export const meta: MetaFunction = () => [{ title: "Dashboard · Margin Guardrail" }];

export const loader = async ({ request, context: load }: LoaderFunctionArgs) => {
  const context = await requireAdmin(request, load);
  // a newly installed shop lands on onboarding until it completes or skips it
  if (context.shop.onboardingStep < ONBOARDING_DONE) {
    throw redirect(`/onboarding${new URL(request.url).search}`);
  }
  const [dashboard, paused, dismissed, protection] = await Promise.all([
    loadDashboard({ ...context.shop, plan: context.plan }),
    pausedRulesView(context.shop.id, context.plan),
    dismissedPromotions(context.shop.id),
    protectionStatus({ ...context.shop, plan: context.plan }),
  ]);
  const promotion = dashboardPlanPromotion(context.plan, headerPlanTarget(context.plan));
  return {
    ...dashboard,
    paused,
    protection: protection.layers,
    timeZone: context.shop.timezone,
    plan: context.plan,
    demo: context.demo,
    // the plan banner, unless the shop dismissed it (docs/product.md#dashboard)
    promotion: dismissed.has(promotion) ? null : promotion,
    // the ROI summary's first day (it starts at the shop's midnight), in the admin's date format
    roiSinceDay: formatShopDate(dashboard.roiSince, { timeZone: context.shop.timezone }),
  };
};

/** The Dashboard's actions: dismissing a promotion, for the shop. */
// made inside a function: a route module's top level reaches the browser's bundle
const dashboardAction = () =>
  pageAction<{ shopId: string }>(
    {
      dismissPromotion: plainIntent(
        { success: "Banner dismissed", failure: "Banner not dismissed" },
        async (form, { shopId }) => saved(await dismissPromotion(shopId, form.get("promotion"))),
      ),
      // the Protection status card's "Check now": a reconciliation sweep (docs/operations.md#reconciliation)
      reconcile: plainIntent({ failure: "Check not run" }, async (_form, { shopId }) => {
        const swept = await reconcileShopNow(shopId);
        if (!swept.ok) return swept;
        const { checked, missed, evaluated } = swept.value;
        return ok({ title: sweepSummary({ checked, missed, evaluated }) });
      }),
    },
    "Banner not dismissed",
  );

export const action = async ({ request, context: load }: ActionFunctionArgs) =>
  dashboardAction()(request, { shopId: (await requireAdmin(request, load)).shop.id });

function StatCard({
  label,
  value,
  period,
  help,
  sample,
}: {
  label: string;
  value: number;
  /** what the count covers: "Now", "All time" (every figure names its period) */
  period: string;
  help: React.ReactNode;
  sample: boolean;
}) {
  return (
    <NamedCard name={label}>
      <BlockStack gap="200">
        <BlockStack gap="050">
          <CardHeading title={label} sample={sample} variant="headingSm" tone="subdued" />
          <Text as="p" variant="bodySm" tone="subdued">
            {period}
          </Text>
        </BlockStack>
        <Text as="p" variant="heading2xl" numeric>
          {formatCount(value)}
        </Text>
        <Text as="p" variant="bodySm" tone="subdued">
          {help}
        </Text>
      </BlockStack>
    </NamedCard>
  );
}

/** A money figure with what it counts and a link to the orders behind it (docs/product.md#what-the-figures-count). */
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

/**
 * The plan banner, dismissible; the dismissal is kept for the shop on the server. It offers the
 * plan button only when the merchant can act on it: not Plus while Plus is coming soon.
 */
function PlanBanner({ promotion, plan }: { promotion: string; plan: PlanId }) {
  const fetcher = useActionFetcher("dismiss-promotion");
  const { plusEnabled } = useAdminLayout();
  const target = headerPlanTarget(plan);
  // gone at once; back if the server refused (its toast says why)
  const dismissing = fetcher.state !== "idle" || fetcher.data?.ok === true;
  if (dismissing) return null;
  return (
    <Banner
      title="Protect your margins from double discounts"
      tone="info"
      onDismiss={() => {
        // the dismiss button goes with the banner: focus stays in the page, at the start of its content
        const main = document.getElementById("AppFrameMain");
        main?.setAttribute("tabindex", "-1");
        main?.focus();
        fetcher.submit({ intent: "dismissPromotion", promotion }, { method: "post" });
      }}
    >
      <BlockStack gap="200">
        <Text as="p">
          You are on the <strong>{planName(plan)}</strong> plan.
          {plan === "free"
            ? " Upgrade to Core for 10 rules, alerts by e-mail, Slack and webhook, and the ROI dashboard."
            : " Margin Guardrail checks every order's discounts against your rules."}
        </Text>
        {isComingSoon(target, plusEnabled) ? null : (
          <InlineStack>
            <PlanButton target={target} />
          </InlineStack>
        )}
      </BlockStack>
    </Banner>
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
    roiSinceDay,
    plan,
    demo,
    paused,
    promotion,
    measured,
    protection,
    timeZone,
  } = useLoaderData<typeof loader>();
  const location = useLocation();
  const rulesUrl = withEmbeddedQuery("/rules", location.search);
  const lastDays = `in the last ${ROI_WINDOW_DAYS} days`;
  return (
    <AdminPage title="Dashboard" description="Monitor and protect your store margins">
      {promotion ? <PlanBanner promotion={promotion} plan={plan} /> : null}
      {paused ? <PausedRulesBanner paused={paused} action={{ content: "Review paused rules", url: rulesUrl }} /> : null}
      <ProtectionStatusCard layers={protection} timeZone={timeZone} activeRules={activeRules} />
      {measured ? null : (
        // nothing counted yet: what will show here and one next step, not figures of zero
        <Card>
          <IllustratedEmptyState
            image="/empty-dashboard.svg"
            heading="Nothing to measure yet"
            action={{ content: activeRules > 0 ? "Review your rules" : "Add a rule", url: rulesUrl }}
          >
            {activeRules > 0
              ? `Margin Guardrail checks every new order against your ${activeRules} active ${activeRules === 1 ? "rule" : "rules"}. `
              : "No rule is on yet, so no order is checked. "}
            When an order breaks a rule or a checkout is blocked, it shows here with the money it counts: saved,
            flagged, and the return on your subscription.
          </IllustratedEmptyState>
        </Card>
      )}
      {measured ? (
        <>
          <InlineGrid columns={{ xs: 1, md: 3 }} gap="400">
            <StatCard
              label="Active Rules"
              period="Now"
              value={activeRules}
              help="Rules and collection rules turned on"
              sample={demo}
            />
            <StatCard
              label="Blocked Checkouts"
              period="All time"
              value={blockedCheckouts}
              help="Checkouts stopped by a rule"
              sample={demo}
            />
            <StatCard
              sample={demo}
              label="Alerts Sent"
              period="All time"
              value={alertsSent}
              help={
                alertsOn ? (
                  `Delivered by e-mail, Slack or webhook; ${formatCount(breaches)} breaches recorded`
                ) : (
                  <>
                    {`Alerts are off; ${formatCount(breaches)} breaches recorded. `}
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
                  <BlockStack gap="050">
                    <Text as="h2" variant="headingMd">
                      Real-time Monitoring
                    </Text>
                    <Text as="p" variant="bodySm" tone="subdued">
                      The 5 latest events
                    </Text>
                  </BlockStack>
                  <EventList
                    events={recentEvents}
                    orderUrl={(orderName) =>
                      withEmbeddedQuery(`/audit-log?q=${encodeURIComponent(orderName)}`, location.search)
                    }
                    emptyText="No events yet. Orders that break a rule will appear here."
                  />
                </BlockStack>
              </NamedCard>
            </Layout.Section>
            <Layout.Section variant="oneThird">
              <NamedCard name="ROI Summary">
                <BlockStack gap="300">
                  <BlockStack gap="050">
                    <CardHeading title="ROI Summary" sample={demo} />
                    <Text as="p" tone="subdued">
                      {`Last ${ROI_WINDOW_DAYS} days, since ${roiSinceDay}`}
                    </Text>
                  </BlockStack>
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
                      {formatCount(roi.blockedCheckouts)}
                    </Text>
                  </InlineStack>
                  <InlineStack align="space-between">
                    <Text as="span">Alerts sent</Text>
                    <Text as="span" numeric>
                      {formatCount(roi.alertsSent)}
                    </Text>
                  </InlineStack>
                  <InlineStack align="space-between">
                    <Text as="span">Subscription cost</Text>
                    <Text as="span" numeric>
                      {formatCents(roi.subscriptionCostCents)}
                    </Text>
                  </InlineStack>
                  <InlineStack align="space-between" gap="200">
                    <Text as="span">Return on subscription</Text>
                    <Text as="span" numeric={roi.measure.kind === "percent"} fontWeight="semibold">
                      {roiText(roi.measure, lastDays)}
                    </Text>
                  </InlineStack>
                  <Text as="p" variant="bodySm" tone="subdued">
                    Configure blocking in Integration → Shopify Plus Features
                  </Text>
                </BlockStack>
              </NamedCard>
            </Layout.Section>
          </Layout>
        </>
      ) : null}
    </AdminPage>
  );
}
