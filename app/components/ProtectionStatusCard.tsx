import { Badge, BlockStack, Box, Button, Divider, InlineStack, Text } from "@shopify/polaris";
import { useLocation } from "@remix-run/react";
import { Fragment } from "react";
import { formatShopDateTime } from "../domain/dates";
import {
  LAYER_TITLES,
  overallState,
  type LayerState,
  type ProtectionLayer,
} from "../domain/protection/protection-status";
import { withEmbeddedQuery } from "./admin-nav";
import { NamedCard } from "./NamedCard";
import { useActionFetcher } from "./useActionFetcher";

const STATE_BADGES: Record<LayerState, { tone?: "success" | "warning" | "critical"; label: string }> = {
  ok: { tone: "success", label: "Working" },
  warning: { tone: "warning", label: "Needs attention" },
  failing: { tone: "critical", label: "Not protecting" },
  off: { label: "Off" },
};

const OVERALL: Record<Exclude<LayerState, "off">, string> = {
  ok: "Every layer of protection is working.",
  warning: "Protection is working, with something to look at.",
  failing: "Part of your protection is off. Orders it should catch can go through unnoticed.",
};

/** Every layer that is on works; the others are off the plan or not set (each says which). */
const SOME_OFF = "Every layer that is on is working.";

/** With every layer working but no rule on, nothing is guarded yet: the layers are ready, no order is checked. */
const READY_NO_RULE = "Every layer is ready; no order is checked until a rule is on.";

/**
 * The Dashboard's Protection status card (docs/product.md#protection-status): each layer of the
 * app's protection, whether it works, since when, and where to repair it.
 */
export function ProtectionStatusCard({
  layers,
  timeZone,
  activeRules,
}: {
  layers: ProtectionLayer[];
  timeZone: string;
  activeRules: number;
}) {
  const location = useLocation();
  // "Check now": a reconciliation sweep of the shop, its counts in the toast; the page reloads the card
  const check = useActionFetcher("protection-check");
  const checking = check.state !== "idle";
  const overall = overallState(layers);
  return (
    <NamedCard name="Protection status">
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <Text as="h2" variant="headingMd">
            Protection status
          </Text>
          <Badge tone={STATE_BADGES[overall].tone}>{STATE_BADGES[overall].label}</Badge>
        </InlineStack>
        <Text as="p" tone={overall === "ok" ? "subdued" : undefined}>
          {overall === "ok" && activeRules === 0
            ? READY_NO_RULE
            : overall === "ok" && layers.some((layer) => layer.state === "off")
              ? SOME_OFF
              : OVERALL[overall]}
        </Text>
        <BlockStack gap="200">
          {layers.map((layer, index) => (
            <Fragment key={layer.key}>
              {index > 0 ? <Divider /> : null}
              <Box>
                <BlockStack gap="100">
                  <InlineStack align="space-between" blockAlign="center" gap="200" wrap>
                    <Text as="h3" variant="headingSm">
                      {LAYER_TITLES[layer.key]}
                    </Text>
                    <Badge tone={STATE_BADGES[layer.state].tone}>{STATE_BADGES[layer.state].label}</Badge>
                  </InlineStack>
                  <Text as="p">{layer.detail}</Text>
                  <InlineStack align="space-between" blockAlign="center" gap="200" wrap>
                    <Text as="p" variant="bodySm" tone="subdued">
                      {layer.since ? `Since ${formatShopDateTime(layer.since, { timeZone })}` : ""}
                    </Text>
                    <InlineStack gap="300">
                      {layer.key === "webhooks" ? (
                        <Button
                          variant="plain"
                          loading={checking}
                          onClick={() => check.submit({ intent: "reconcile" }, { method: "post" })}
                        >
                          Check now
                        </Button>
                      ) : null}
                      {layer.fix && layer.state !== "ok" ? (
                        <Button variant="plain" url={withEmbeddedQuery(layer.fix.url, location.search)}>
                          {layer.fix.label}
                        </Button>
                      ) : null}
                    </InlineStack>
                  </InlineStack>
                </BlockStack>
              </Box>
            </Fragment>
          ))}
        </BlockStack>
      </BlockStack>
    </NamedCard>
  );
}
