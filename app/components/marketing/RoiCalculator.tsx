import { BlockStack, Card, InlineGrid, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { dollarsToCents, formatWholeMoney, formatWholePercent } from "../../domain/money";
import {
  CORE_SAVINGS_SHARE,
  PLUS_SAVINGS_SHARE,
  ROI_CALCULATOR_DEFAULTS,
  calculateRoi,
  type RoiCalculatorInput,
} from "../../domain/roi/roi-calculator";

const FIELDS: { key: keyof RoiCalculatorInput; label: string; prefix?: string; suffix?: string }[] = [
  { key: "averageOrderValue", label: "Average order value", prefix: "$" },
  { key: "monthlyPromoAttempts", label: "Monthly promo attempts" },
  { key: "stackingRatePercent", label: "Stacking rate", suffix: "%" },
  { key: "extraDiscountLeakedPercent", label: "Extra discount leaked", suffix: "%" },
];

/**
 * The landing page's ROI calculator; figures update as the merchant types. While Plus is not sold,
 * its figure says so: blocking is not a saving a merchant can buy yet.
 */
export function RoiCalculator({ plusEnabled }: { plusEnabled: boolean }) {
  const [values, setValues] = useState<Record<keyof RoiCalculatorInput, string>>({
    averageOrderValue: String(ROI_CALCULATOR_DEFAULTS.averageOrderValue),
    monthlyPromoAttempts: String(ROI_CALCULATOR_DEFAULTS.monthlyPromoAttempts),
    stackingRatePercent: String(ROI_CALCULATOR_DEFAULTS.stackingRatePercent),
    extraDiscountLeakedPercent: String(ROI_CALCULATOR_DEFAULTS.extraDiscountLeakedPercent),
  });
  const result = calculateRoi(values);
  return (
    <InlineGrid columns={{ xs: 1, md: 2 }} gap="400">
      <Card>
        <BlockStack gap="300">
          {FIELDS.map((field) => (
            <TextField
              key={field.key}
              label={field.label}
              type="number"
              inputMode="decimal"
              min={0}
              prefix={field.prefix}
              suffix={field.suffix}
              value={values[field.key]}
              onChange={(value) => setValues((current) => ({ ...current, [field.key]: value }))}
              autoComplete="off"
            />
          ))}
        </BlockStack>
      </Card>
      <Card>
        <BlockStack gap="400">
          <section aria-label="Monthly leakage">
            <Text as="h3" variant="headingSm" tone="subdued">
              Monthly leakage
            </Text>
            <Text as="p" variant="heading2xl" numeric>
              {formatWholeMoney(dollarsToCents(result.monthlyLeakage))}
            </Text>
          </section>
          <section aria-label="Core savings">
            <Text as="h3" variant="headingSm" tone="subdued">
              Saved with Core (held orders)
            </Text>
            <Text as="p" variant="headingXl" numeric>
              {formatWholeMoney(dollarsToCents(result.coreSavings))}/month
            </Text>
          </section>
          <section aria-label="Plus savings">
            <Text as="h3" variant="headingSm" tone="subdued">
              {plusEnabled ? "Saved with Plus (blocking)" : "Saved with Plus (blocking, coming soon)"}
            </Text>
            <Text as="p" variant="headingXl" numeric>
              {formatWholeMoney(dollarsToCents(result.plusSavings))}/month
            </Text>
          </section>
          <Text as="p" variant="bodySm" tone="subdued">
            {`Leakage = order value × promo attempts × stacking rate × extra discount leaked. An alert saves nothing by itself: the app shows what it only alerted you about as flagged, never as saved. Core saves when it holds a breaching order and you cancel it or edit its discount down, about ${formatWholePercent(CORE_SAVINGS_SHARE * 100)} of the leakage if you act on what it holds; Plus blocks at checkout, about ${formatWholePercent(PLUS_SAVINGS_SHARE * 100)}. The ROI dashboard counts saved money the same way. Estimates, not a promise.`}
          </Text>
        </BlockStack>
      </Card>
    </InlineGrid>
  );
}
