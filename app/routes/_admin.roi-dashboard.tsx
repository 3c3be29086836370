import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { Badge, BlockStack, Box, Card, InlineGrid, Link, Select, Text } from "@shopify/polaris";
import { IllustratedEmptyState } from "../components/IllustratedEmptyState";
import { withEmbeddedQuery } from "../components/admin-nav";
import { AdminPage, PlanButton } from "../components/AdminPage";
import { FigureTable, MarginChart } from "../components/MarginChart";
import { NamedCard } from "../components/NamedCard";
import { CardHeading } from "../components/CardHeading";
import { formatShopDate } from "../domain/dates";
import { formatCents, formatCount } from "../domain/money";
import { MONEY_FIGURE_HELP, moneyBehindUrl, type MoneyFigure } from "../domain/monitoring/order-money";
import {
  PREVIOUS_RANGE_LABELS,
  ROI_BUCKET_NAMES,
  ROI_RANGES,
  ROI_RANGE_LABELS,
  ROI_RANGE_PHRASES,
  toRoiRange,
} from "../domain/roi/periods";
import { PLANS, planHasRoiDashboard, planName } from "../domain/billing/plans";
import { roiText, type RoiMeasure } from "../domain/roi/roi";
import { RULE_TYPE_LABELS } from "../domain/rules/rule-display";
import { settingsCostNote } from "../domain/costs/costs";
import { loadCostSettings } from "../services/costs/settings.server";
import { requireAdmin } from "../services/shops/admin-context.server";
import { roiReport } from "../services/roi/roi-report.server";

export const meta: MetaFunction = () => [{ title: "ROI Dashboard · Margin Guardrail" }];

export const loader = async ({ request, context: load }: LoaderFunctionArgs) => {
  const { shop, plan, demo } = await requireAdmin(request, load);
  const range = toRoiRange(new URL(request.url).searchParams.get("range"));
  if (!planHasRoiDashboard(plan)) return { locked: true as const, range };
  const now = new Date();
  const report = await roiReport({ ...shop, plan }, range, now);
  // the period's days so far, in the shop's zone and the admin's one date format (docs/product.md#dates-and-times)
  const lastDay = new Date(Math.min(now.getTime(), report.period.end.getTime() - 1));
  const dates = (date: Date) => formatShopDate(date, { timeZone: shop.timezone });
  const span = `${dates(report.period.start)} – ${dates(lastDay)}`;
  // which parts of an order's cost the margin floor counts (docs/product.md#costs)
  const costs = settingsCostNote(await loadCostSettings(shop.id));
  return { locked: false as const, demo, plan, report, span, costs };
};

/** A card's line naming the period its figure covers. */
function PeriodLine({ children }: { children: string }) {
  return (
    <Text as="p" variant="bodySm" tone="subdued">
      {children}
    </Text>
  );
}

function SummaryCard({
  label,
  value,
  period,
  how,
  previous,
  url,
  sample,
  words,
}: {
  sample: boolean;
  label: string;
  value: string;
  /** the figure's period: "This month" */
  period: string;
  how: string;
  /** the figure of the period before ("Last month: $12.00"); none for a projection */
  previous?: string;
  /** the Audit Log's list of the orders behind the figure */
  url?: string;
  /** the value is a sentence (no figure to show), set smaller than a figure */
  words?: boolean;
}) {
  return (
    <NamedCard name={label}>
      <BlockStack gap="200">
        <BlockStack gap="050">
          <CardHeading title={label} sample={sample} variant="headingSm" tone="subdued" />
          <PeriodLine>{period}</PeriodLine>
        </BlockStack>
        <Text as="p" variant={words ? "headingMd" : "headingXl"} numeric={!words}>
          {value}
        </Text>
        <Text as="p" variant="bodySm" tone="subdued">
          {how}
          {url ? (
            <>
              {" "}
              <Link url={url}>See the orders</Link>
            </>
          ) : null}
        </Text>
        {previous ? (
          <Text as="p" variant="bodySm">
            {previous}
          </Text>
        ) : null}
      </BlockStack>
    </NamedCard>
  );
}

/**
 * The stat cards as one even grid (docs/product.md#roi-dashboard): 1 column on a phone, 2 from
 * 490 px (Polaris's sm, where InlineGrid changes too), 4 from 1040 px; the cards of a row are
 * as tall as its tallest, and the wide card (cost analysis) takes two columns, so every row is full.
 * (No quotes or ">" in it: React escapes a style element's text on the server, not in the browser.)
 */
const CARD_GRID_CSS = `
.mg-roi-cards section, .mg-roi-cards .Polaris-ShadowBevel { height: 100%; }
@media (min-width: 30.625rem) { .mg-roi-wide { grid-column: span 2; } }`;

export default function RoiDashboard() {
  const data = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  if (data.locked) {
    return (
      <AdminPage title="ROI Dashboard" description="The value Margin Guardrail protected">
        <Card>
          <BlockStack gap="300" inlineAlign="start">
            <Text as="h2" variant="headingLg">
              The ROI dashboard comes with Core
            </Text>
            <PlanButton target="core" />
          </BlockStack>
        </Card>
      </AdminPage>
    );
  }
  const { report, plan, span } = data;
  if (!report.measured) {
    // a shop with nothing counted yet: what will show here and one next step, not figures of zero
    return (
      <AdminPage title="ROI Dashboard" description="The value Margin Guardrail protected">
        <Card>
          <IllustratedEmptyState
            image="/empty-dashboard.svg"
            heading="No return to measure yet"
            action={{ content: "Review your rules", url: withEmbeddedQuery("/rules", location.search) }}
          >
            No order has broken one of your rules and no checkout was blocked. When one does, this page shows the money
            your rules kept in the store, what they flagged, and the return on your subscription, by day, week or month.
          </IllustratedEmptyState>
        </Card>
      </AdminPage>
    );
  }
  const money = (cents: number) => formatCents(cents, report.currency);
  const period = ROI_RANGE_LABELS[report.range];
  const phrase = ROI_RANGE_PHRASES[report.range];
  const before = PREVIOUS_RANGE_LABELS[report.range];
  const price = money(PLANS[plan].priceUsd * 100);
  const roiBefore = (measure: RoiMeasure) => {
    switch (measure.kind) {
      case "percent":
        return roiText(measure, "");
      case "nothing-saved":
        return "nothing saved";
      case "no-cost":
        return "no cost";
      case "nothing-counted":
        return "no orders counted";
    }
  };
  const behind = (figure: MoneyFigure) =>
    withEmbeddedQuery(moneyBehindUrl(figure, report.period.start, report.period.end), location.search);
  const setRange = (range: string) => {
    const params = new URLSearchParams(location.search);
    params.set("range", range);
    navigate(`?${params.toString()}`);
  };
  // another period is on its way: the figures stay in place, dimmed, until it comes
  const busy = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  return (
    <AdminPage title="ROI Dashboard" description="The value Margin Guardrail protected">
      {/* cards run edge to edge below 490 px; the words above them keep the page's margin */}
      <Box paddingInline={{ xs: "400", sm: "0" }}>
        <InlineGrid columns={{ xs: 1, md: 2 }} gap="400">
          <Select
            label="Period"
            options={ROI_RANGES.map((range) => ({ label: ROI_RANGE_LABELS[range], value: range }))}
            value={report.range}
            onChange={setRange}
            helpText={`${period}: ${span}`}
          />
          <BlockStack gap="100">
            <Text as="p" tone="subdued">
              {`Days and amounts in your store's time zone (${report.timezone}) and currency (${report.currency}).`}
            </Text>
            {data.demo ? (
              <Text as="p" tone="subdued">
                <Badge tone="info">Sample data</Badge> Figures from the demo store&apos;s sample orders.
              </Text>
            ) : null}
          </BlockStack>
        </InlineGrid>
      </Box>
      <div aria-busy={busy} style={{ opacity: busy ? 0.5 : 1, transition: "opacity 150ms" }}>
        <BlockStack gap="400">
          <style>{CARD_GRID_CSS}</style>
          <div className="mg-roi-cards">
            <InlineGrid columns={{ xs: 1, sm: 2, lg: 4 }} gap="400">
              <SummaryCard
                sample={data.demo}
                label="Total saved"
                period={period}
                value={money(report.totalSavedCents)}
                how={MONEY_FIGURE_HELP.saved}
                previous={`${before}: ${money(report.previous.totalSavedCents)}`}
                url={behind("saved")}
              />
              <SummaryCard
                sample={data.demo}
                label="Blocked checkouts"
                period={period}
                value={formatCount(report.blockedCheckouts)}
                how="Checkouts the deployed checkout rule stopped"
                previous={`${before}: ${formatCount(report.previous.blockedCheckouts)}`}
              />
              <SummaryCard
                sample={data.demo}
                label="Alerts sent"
                period={period}
                value={formatCount(report.alertsSent)}
                how="Alerts delivered by e-mail, Slack or webhook"
                previous={`${before}: ${formatCount(report.previous.alertsSent)}`}
              />
              <SummaryCard
                sample={data.demo}
                label="Return on subscription"
                period={period}
                value={roiText(report.measure, phrase)}
                words={report.measure.kind !== "percent"}
                how="(Saved − subscription cost) ÷ subscription cost"
                previous={`${before}: ${roiBefore(report.previous.measure)}`}
              />
              <SummaryCard
                sample={data.demo}
                label="Flagged"
                period={period}
                value={money(report.flaggedCents)}
                how={MONEY_FIGURE_HELP.flagged}
                previous={`${before}: ${money(report.previous.flaggedCents)}`}
                url={behind("flagged")}
              />
              <SummaryCard
                sample={data.demo}
                label="Annual projection"
                period={`Next 12 months, at ${phrase}'s rate`}
                value={money(report.annualProjectionCents)}
                how={`Saved money at ${phrase}'s rate (${money(report.monthlyRateCents)} per 30 days, from ${report.period.elapsedDays} days so far) × 12`}
              />
              <div className="mg-roi-wide">
                <NamedCard name="Cost analysis">
                  <BlockStack gap="200">
                    <BlockStack gap="050">
                      <CardHeading title="Cost analysis" sample={data.demo} variant="headingSm" tone="subdued" />
                      <PeriodLine>{period}</PeriodLine>
                    </BlockStack>
                    <Text as="p">{`Saved: ${money(report.totalSavedCents)} (stopped at checkout ${money(report.stoppedCents)}, recovered from held orders ${money(report.recoveredCents)})`}</Text>
                    <Text as="p">{`Subscription cost: ${money(report.subscriptionCostCents)}`}</Text>
                    <Text as="p" variant="bodySm" tone="subdued">
                      {`${planName(plan)} at ${price} per 30 days × ${report.period.days} days in this period`}
                    </Text>
                    <Text as="p">{`Return on subscription: ${roiText(report.measure, phrase)}`}</Text>
                  </BlockStack>
                </NamedCard>
              </div>
            </InlineGrid>
          </div>
          <NamedCard name="Saved and flagged over time">
            <BlockStack gap="300">
              <BlockStack gap="050">
                <CardHeading title="Saved and flagged over time" sample={data.demo} />
                <PeriodLine>{`${period}, by ${ROI_BUCKET_NAMES[report.range]}, up to today`}</PeriodLine>
              </BlockStack>
              <MarginChart
                name={`Saved and flagged by ${ROI_BUCKET_NAMES[report.range]}, ${phrase}`}
                currency={report.currency}
                emptyText={`Nothing saved or flagged ${phrase} yet.`}
                points={report.byTimeframe.map((row) => ({
                  label: row.period,
                  axisLabel: row.axisLabel,
                  savedCents: row.savedCents,
                  flaggedCents: row.flaggedCents,
                  blocks: row.blocks,
                }))}
              />
            </BlockStack>
          </NamedCard>
          <NamedCard name="Savings by rule type">
            <BlockStack gap="300">
              <BlockStack gap="050">
                <CardHeading title="Savings by rule type" sample={data.demo} />
                <PeriodLine>{period}</PeriodLine>
              </BlockStack>
              {report.byRuleType.length === 0 ? (
                <Text as="p" tone="subdued">{`No order or checkout counted ${phrase} yet.`}</Text>
              ) : (
                <FigureTable
                  caption={`Savings by rule type, ${phrase}`}
                  headings={["Rule type", "Saved", "Share of saved", "Flagged", "Blocks"]}
                  rows={report.byRuleType.map((row) => [
                    RULE_TYPE_LABELS[row.type] ?? row.type,
                    money(row.savedCents),
                    `${row.percentage}%`,
                    money(row.flaggedCents),
                    formatCount(row.blocks),
                  ])}
                />
              )}
              {report.byRuleType.length > 0 ? (
                <Text as="p" variant="bodySm" tone="subdued">
                  Each order counts once, under the type of the rule behind its largest overage: an order that broke a
                  margin floor and a discount limit shows under one of them.
                </Text>
              ) : null}
              <Text as="p" variant="bodySm" tone="subdued">
                Margin floor amounts count {data.costs} (
                <Link url={withEmbeddedQuery("/settings/costs", location.search)}>cost settings</Link>, as they were
                when each order was checked).
              </Text>
            </BlockStack>
          </NamedCard>
        </BlockStack>
      </div>
    </AdminPage>
  );
}
