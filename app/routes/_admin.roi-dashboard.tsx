import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigate, useLocation } from "@remix-run/react";
import { Badge, BlockStack, Card, DataTable, InlineGrid, Select, Text } from "@shopify/polaris";
import { AdminPage, PlanButton } from "../components/AdminPage";
import { formatCents } from "../domain/money";
import { ROI_RANGES, ROI_RANGE_LABELS, rangeDays, toRoiRange } from "../domain/periods";
import { PLANS, planName } from "../domain/plans";
import { RULE_TYPE_LABELS } from "../domain/rule-display";
import { requireAdmin } from "../services/shops/admin-context.server";
import { loadRoi } from "../services/roi/roi.server";

export const meta: MetaFunction = () => [{ title: "ROI Dashboard · Margin Guardrail" }];

export const loader = async ({ request, context: load }: LoaderFunctionArgs) => {
  const { shop, plan, demo } = await requireAdmin(request, load);
  const range = toRoiRange(new URL(request.url).searchParams.get("range"));
  if (plan === "free") return { locked: true as const, range };
  const now = new Date();
  const roi = await loadRoi(shop.id, plan, range, now);
  return { locked: false as const, range, demo, plan, periodDays: rangeDays(range, now), ...roi };
};

function SummaryCard({ label, value, help }: { label: string; value: string; help?: string }) {
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingSm" tone="subdued">
          {label}
        </Text>
        <Text as="p" variant="headingXl" numeric>
          {value}
        </Text>
        {help ? (
          <Text as="p" variant="bodySm" tone="subdued">
            {help}
          </Text>
        ) : null}
      </BlockStack>
    </Card>
  );
}

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
          value={data.range}
          onChange={setRange}
        />
        {data.demo ? (
          <Text as="p" tone="subdued">
            <Badge tone="info">Sample data</Badge> Figures from the demo store&apos;s sample orders.
          </Text>
        ) : null}
      </InlineGrid>
      <InlineGrid columns={{ xs: 1, md: 4 }} gap="400">
        <SummaryCard label="Total saved" value={formatCents(data.summary.totalSavedCents)} />
        <SummaryCard label="Blocked checkouts" value={String(data.summary.blockedCheckouts)} />
        <SummaryCard label="Alerts sent" value={String(data.summary.alertsSent)} />
        <SummaryCard
          label="ROI"
          value={data.summary.roiPercentage === null ? "–" : `${data.summary.roiPercentage}%`}
          help={`Saved against ${formatCents(data.summary.subscriptionCostCents)} of ${planName(data.plan)} for ${data.periodDays} days (${formatCents(PLANS[data.plan].priceUsd * 100)} per 30 days)`}
        />
      </InlineGrid>
      <Card padding="0">
        <DataTable
          columnContentTypes={["text", "numeric", "numeric"]}
          headings={["Savings by rule type", "Breaches", "Saved"]}
          rows={data.byRuleType.map((row) => [
            RULE_TYPE_LABELS[row.ruleKey] ?? row.ruleKey,
            row.count,
            formatCents(row.savedCents),
          ])}
        />
      </Card>
    </AdminPage>
  );
}
