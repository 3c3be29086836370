import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation, useNavigate } from "@remix-run/react";
import vizStyles from "@shopify/polaris-viz/build/esm/styles.css";
import { Badge, BlockStack, Card, DataTable, InlineGrid, Link, Select, Text } from "@shopify/polaris";
import { withEmbeddedQuery } from "../components/admin-nav";
import { AdminPage, PlanButton } from "../components/AdminPage";
import { MarginChart } from "../components/MarginChart";
import { NamedCard } from "../components/NamedCard";
import { CardHeading } from "../components/CardHeading";
import { formatCents } from "../domain/money";
import { MONEY_FIGURE_HELP, moneyBehindUrl, type MoneyFigure } from "../domain/order-money";
import { ROI_RANGES, ROI_RANGE_LABELS, toRoiRange, type RoiRange } from "../domain/periods";
import { PLANS, planName } from "../domain/plans";
import { RULE_TYPE_LABELS } from "../domain/rule-display";
import { requireAdmin } from "../services/shops/admin-context.server";
import { roiReport } from "../services/roi/roi-report.server";

export const meta: MetaFunction = () => [{ title: "ROI Dashboard · Margin Guardrail" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: vizStyles }];

export const loader = async ({ request, context: load }: LoaderFunctionArgs) => {
  const { shop, plan, demo } = await requireAdmin(request, load);
  const range = toRoiRange(new URL(request.url).searchParams.get("range"));
  if (plan === "free") return { locked: true as const, range };
  const report = await roiReport({ ...shop, plan }, range);
  return { locked: false as const, demo, plan, report };
};

/** What "previous" means for each period, in the cards' comparison line. */
const PREVIOUS_LABELS: Record<RoiRange, string> = {
  this_week: "Last week",
  this_month: "Last month",
  this_quarter: "Last quarter",
  this_year: "Last year",
};

function SummaryCard({
  label,
  value,
  how,
  previous,
  url,
  sample,
}: {
  sample: boolean;
  label: string;
  value: string;
  how: string;
  previous: string;
  /** the Audit Log's list of the orders behind the figure */
  url?: string;
}) {
  return (
    <NamedCard name={label}>
      <BlockStack gap="200">
        <CardHeading title={label} sample={sample} variant="headingSm" tone="subdued" />
        <Text as="p" variant="headingXl" numeric>
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
        <Text as="p" variant="bodySm">
          {previous}
        </Text>
      </BlockStack>
    </NamedCard>
  );
}

const percent = (value: number | null) => (value === null ? "–" : `${value.toLocaleString("en-US")}%`);

export default function RoiDashboard() {
  const data = useLoaderData<typeof loader>();
  const navigate = useNavigate();
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
  const { report, plan } = data;
  const money = (cents: number) => formatCents(cents, report.currency);
  const before = PREVIOUS_LABELS[report.range];
  const price = money(PLANS[plan].priceUsd * 100);
  const behind = (figure: MoneyFigure) =>
    withEmbeddedQuery(moneyBehindUrl(figure, report.period.start, report.period.end), location.search);
  const setRange = (range: string) => {
    const params = new URLSearchParams(location.search);
    params.set("range", range);
    navigate(`?${params.toString()}`);
  };
  return (
    <AdminPage title="ROI Dashboard" description="The value Margin Guardrail protected">
      <InlineGrid columns={{ xs: 1, md: 2 }} gap="400">
        <Select
          label="Period"
          options={ROI_RANGES.map((range) => ({ label: ROI_RANGE_LABELS[range], value: range }))}
          value={report.range}
          onChange={setRange}
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
      <InlineGrid columns={{ xs: 1, md: 4 }} gap="400">
        <SummaryCard
          sample={data.demo}
          label="Total saved"
          value={money(report.totalSavedCents)}
          how={MONEY_FIGURE_HELP.saved}
          previous={`${before}: ${money(report.previous.totalSavedCents)}`}
          url={behind("saved")}
        />
        <SummaryCard
          sample={data.demo}
          label="Blocked checkouts"
          value={report.blockedCheckouts.toLocaleString("en-US")}
          how="Checkouts the deployed checkout rule stopped"
          previous={`${before}: ${report.previous.blockedCheckouts.toLocaleString("en-US")}`}
        />
        <SummaryCard
          sample={data.demo}
          label="Alerts sent"
          value={report.alertsSent.toLocaleString("en-US")}
          how="Alerts delivered by e-mail, Slack or webhook"
          previous={`${before}: ${report.previous.alertsSent.toLocaleString("en-US")}`}
        />
        <SummaryCard
          sample={data.demo}
          label="ROI"
          value={percent(report.roiPercentage)}
          how="(Saved − subscription cost) ÷ subscription cost"
          previous={`${before}: ${percent(report.previous.roiPercentage)}`}
        />
      </InlineGrid>
      <InlineGrid columns={{ xs: 1, md: 3 }} gap="400">
        <NamedCard name="Flagged">
          <BlockStack gap="200">
            <CardHeading title="Flagged" sample={data.demo} />
            <Text as="p" variant="headingLg" numeric>
              {money(report.flaggedCents)}
            </Text>
            <Text as="p" variant="bodySm" tone="subdued">
              {MONEY_FIGURE_HELP.flagged} <Link url={behind("flagged")}>See the orders</Link>
            </Text>
            <Text as="p" variant="bodySm">{`${before}: ${money(report.previous.flaggedCents)}`}</Text>
          </BlockStack>
        </NamedCard>
        <NamedCard name="Cost analysis">
          <BlockStack gap="200">
            <CardHeading title="Cost analysis" sample={data.demo} />
            <Text as="p">{`Saved: ${money(report.totalSavedCents)} (stopped at checkout ${money(report.stoppedCents)}, recovered from held orders ${money(report.recoveredCents)})`}</Text>
            <Text as="p">{`Subscription cost: ${money(report.subscriptionCostCents)}`}</Text>
            <Text as="p" variant="bodySm" tone="subdued">
              {`${planName(plan)} at ${price} per 30 days × ${report.period.days} days in this period`}
            </Text>
            <Text as="p">{`Return: ${report.roi === null ? "–" : `${report.roi}×`} the cost (${percent(report.roiPercentage)})`}</Text>
          </BlockStack>
        </NamedCard>
        <NamedCard name="Annual projection">
          <BlockStack gap="200">
            <CardHeading title="Annual projection" sample={data.demo} />
            <Text as="p" variant="headingLg" numeric>
              {money(report.annualProjectionCents)}
            </Text>
            <Text as="p" variant="bodySm" tone="subdued">
              {`This period's rate of saved money (${money(report.monthlyRateCents)} per 30 days, from ${report.period.elapsedDays} days so far) × 12`}
            </Text>
          </BlockStack>
        </NamedCard>
      </InlineGrid>
      <NamedCard name="Saved over time">
        <BlockStack gap="300">
          <CardHeading title="Saved over time" sample={data.demo} />
          <MarginChart
            label="Saved"
            points={report.byTimeframe.map((row) => ({ key: row.period, value: row.savedCents / 100 }))}
          />
        </BlockStack>
      </NamedCard>
      <Card padding="0">
        <DataTable
          columnContentTypes={["text", "numeric", "numeric", "numeric", "numeric"]}
          headings={["Savings by rule type", "Saved", "Share of saved", "Flagged", "Blocks"]}
          rows={report.byRuleType.map((row) => [
            RULE_TYPE_LABELS[row.type] ?? row.type,
            money(row.savedCents),
            `${row.percentage}%`,
            money(row.flaggedCents),
            row.blocks,
          ])}
        />
      </Card>
      <Card padding="0">
        <DataTable
          columnContentTypes={["text", "numeric", "numeric", "numeric"]}
          headings={["Period", "Saved", "Flagged", "Blocks"]}
          rows={report.byTimeframe.map((row) => [
            row.period,
            money(row.savedCents),
            money(row.flaggedCents),
            row.blocks,
          ])}
        />
      </Card>
    </AdminPage>
  );
}
