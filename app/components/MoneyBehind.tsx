import { BlockStack, Button, Card, IndexTable, InlineStack, Text } from "@shopify/polaris";
import { formatCents, formatCount } from "../domain/money";
import { MONEY_FIGURE_HELP, MONEY_FIGURE_NAMES } from "../domain/monitoring/order-money";
import type { MoneyBehindView } from "../services/roi/money-figures.server";
import { useNarrow } from "./audit-log/useNarrow";

/**
 * The orders and checkouts behind a money figure (docs/product.md#what-the-figures-count), each
 * with what it counts, and their total: the figure the Dashboard or ROI dashboard showed.
 */
export function MoneyBehind({ view, onClose }: { view: MoneyBehindView; onClose: () => void }) {
  const money = (cents: number) => formatCents(cents, view.currency);
  const name = MONEY_FIGURE_NAMES[view.figure];
  const [listBox, narrow] = useNarrow();
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
          // an index, not a sideways-scrolling table: a list where its box is narrow (docs/product.md#audit-log)
          <div ref={listBox}>
            <IndexTable
              resourceName={{ singular: "order", plural: "orders" }}
              itemCount={view.rows.length}
              headings={[
                { title: "Order" },
                { title: "What happened" },
                { title: "Discount", alignment: "end" },
                { title: "Over the limit", alignment: "end" },
                { title: `Counted in ${name}`, alignment: "end" },
              ]}
              selectable={false}
              condensed={narrow}
            >
              {view.rows.map((row, index) => (
                <IndexTable.Row id={String(index)} key={index} position={index}>
                  {narrow ? (
                    <IndexTable.Cell>
                      <BlockStack gap="050">
                        <Text as="span" fontWeight="semibold">
                          {row.label}
                        </Text>
                        <Text as="span" tone="subdued" variant="bodySm">
                          {row.time}
                        </Text>
                        <Text as="span">{row.outcome}</Text>
                        <Text as="span" tone="subdued">
                          {`Discount ${money(row.discountCents)} · over the limit ${money(row.overageCents)} · counted ${money(row.countedCents)}`}
                        </Text>
                      </BlockStack>
                    </IndexTable.Cell>
                  ) : (
                    <>
                      <IndexTable.Cell>
                        <BlockStack gap="050">
                          <Text as="span" fontWeight="semibold">
                            {row.label}
                          </Text>
                          <Text as="span" tone="subdued" variant="bodySm">
                            {row.time}
                          </Text>
                        </BlockStack>
                      </IndexTable.Cell>
                      <IndexTable.Cell>
                        <div style={{ whiteSpace: "normal" }}>{row.outcome}</div>
                      </IndexTable.Cell>
                      <IndexTable.Cell>
                        <Text as="span" alignment="end" numeric>
                          {money(row.discountCents)}
                        </Text>
                      </IndexTable.Cell>
                      <IndexTable.Cell>
                        <Text as="span" alignment="end" numeric>
                          {money(row.overageCents)}
                        </Text>
                      </IndexTable.Cell>
                      <IndexTable.Cell>
                        <Text as="span" alignment="end" numeric>
                          {money(row.countedCents)}
                        </Text>
                      </IndexTable.Cell>
                    </>
                  )}
                </IndexTable.Row>
              ))}
            </IndexTable>
            <div style={{ padding: "var(--p-space-300) var(--p-space-400)" }}>
              <Text as="p" tone="subdued">
                {`Total ${money(view.totalCents)}: `}
                {view.count > view.rows.length
                  ? `the ${view.rows.length} newest of ${formatCount(view.count)} orders shown; the total counts them all.`
                  : `${formatCount(view.count)} ${view.count === 1 ? "order" : "orders"}.`}
              </Text>
            </div>
          </div>
        )}
      </BlockStack>
    </Card>
  );
}
