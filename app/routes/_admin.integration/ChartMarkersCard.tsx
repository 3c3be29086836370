import { Badge, BlockStack, Checkbox, InlineStack, Text } from "@shopify/polaris";
import { PlanButton } from "../../components/AdminPage";
import { NamedCard } from "../../components/NamedCard";
import { formatCount } from "../../domain/money";
import { useIntegrationSettings } from "./SettingsForm";

/**
 * What the card knows of the shop's markers: the saved switch, whether its plan has them and
 * Shopify granted the scope, how many are up.
 */
export interface ChartMarkersStatus {
  on: boolean;
  available: boolean;
  granted: boolean;
  shown: number;
}

const markers = (count: number) => `${formatCount(count)} marker${count === 1 ? "" : "s"}`;

/**
 * The "Markers on Shopify's charts" card (docs/product.md#markers-on-shopifys-charts): the
 * merchant's switch, in the page's settings form, with what it does and why none are put.
 */
export function ChartMarkersCard({ on, available, granted, shown }: ChartMarkersStatus) {
  // the box is the form's (saved by the page's save bar); the badge and the count say what is saved
  const { chartMarkers } = useIntegrationSettings().fields;
  const badge = !available ? "Core and Plus" : !on ? "Off" : granted ? "On" : "Not granted";
  return (
    <NamedCard name="Markers on Shopify's charts">
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <Text as="h2" variant="headingMd">
            Markers on Shopify&apos;s charts
          </Text>
          <Badge tone={available && on && granted ? "success" : undefined}>{badge}</Badge>
        </InlineStack>
        <Text as="p">
          A leaked code, a promotion that breaks your margin floor going live and a protection layer that stopped
          working appear as markers on your analytics charts in Shopify, next to the sales they moved. Each marker goes
          once its finding is resolved.
        </Text>
        <input {...chartMarkers.hidden} />
        <Checkbox
          label="Show findings on Shopify's analytics charts"
          // a disabled box's help text is drawn too faint to read (axe: contrast); below Core it has none
          helpText={available ? "Turning this off takes every marker off your charts within 5 minutes." : undefined}
          checked={chartMarkers.value === "true"}
          disabled={!available}
          onChange={(checked) => chartMarkers.change(String(checked))}
        />
        {!available ? (
          <BlockStack gap="200" inlineAlign="start">
            <Text as="p" tone="subdued">
              Markers come with the Core plan.
            </Text>
            <PlanButton target="core" />
          </BlockStack>
        ) : !granted ? (
          <Text as="p" tone="subdued">
            Shopify has not granted the permission to add markers to your charts yet, so none are added. Shopify asks
            you to grant it the next time you open the app from your Shopify admin.
          </Text>
        ) : (
          <Text as="p" tone="subdued">
            {shown === 0
              ? "No markers on your charts now."
              : on
                ? `${markers(shown)} on your charts now.`
                : `${markers(shown)} on your charts now, taken off within 5 minutes.`}
          </Text>
        )}
      </BlockStack>
    </NamedCard>
  );
}
