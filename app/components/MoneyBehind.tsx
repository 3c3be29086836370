import { BlockStack, Button, Card, DataTable, InlineStack, Text } from "@shopify/polaris";
import { formatCents } from "../domain/money";
import { MONEY_FIGURE_HELP, MONEY_FIGURE_NAMES } from "../domain/order-money";
import type { MoneyBehindView } from "../services/roi/money-figures.server";

/**
 * The orders and checkouts behind a money figure (docs/decisions/0025-what-saved-means.md), each
 * with what it counts, and their total: the figure the Dashboard or ROI dashboard showed.
 */
export function MoneyBehind({ view, onClose }: { view: MoneyBehindView; onClose: () => void }) {
  const money = (cents: number) => formatCents(cents, view.currency);
  const name = MONEY_FIGURE_NAMES[view.figure];
  return (
    <Card padding="0">
      <BlockStack gap="300">
        <div style={{ padding: "var(--p-space-400) var(--p-space-400) 0" }}>
          <BlockStack gap="200">
            <InlineStack align="space-between" blockAlign="center" gap="200">
              <Text as="h2" variant="headingMd">
                {`Orders behind ${name}: ${money(view.totalCents)}`}
              </Text>
              <Button onClick={onClose} variant="plain">
                Show all events
              </Button>
            </InlineStack>
            <Text as="p" tone="subdued">
              {`${view.period}. ${MONEY_FIGURE_HELP[view.figure]}`}
            </Text>
          </BlockStack>
        </div>
        {view.rows.length === 0 ? (
          <div style={{ padding: "0 var(--p-space-400) var(--p-space-400)" }}>
            <Text as="p">{`No order counts in ${name} in this period.`}</Text>
          </div>
        ) : (
          <DataTable
            columnContentTypes={["text", "text", "text", "numeric", "numeric", "numeric"]}
            headings={["Order", "First breach", "What happened", "Discount", "Over the limit", `Counted in ${name}`]}
            rows={view.rows.map((row) => [
              row.label,
              row.time,
              row.outcome,
              money(row.discountCents),
              money(row.overageCents),
              money(row.countedCents),
            ])}
            totals={["", "", "", "", "", money(view.totalCents)]}
            totalsName={{ singular: "Total", plural: "Total" }}
            showTotalsInFooter
            footerContent={
              view.count > view.rows.length
                ? `The ${view.rows.length} newest of ${view.count.toLocaleString("en-US")} orders; the total counts them all.`
                : `${view.count.toLocaleString("en-US")} ${view.count === 1 ? "order" : "orders"}`
            }
            increasedTableDensity
          />
        )}
      </BlockStack>
    </Card>
  );
}
