import { Badge, BlockStack, InlineStack, Link, Text } from "@shopify/polaris";
import type { LinkedFinding } from "../../services/preflight/hygiene.server";

const severityTone = { high: "critical", medium: "warning", low: "info" } as const;
const severityLabel = { high: "High", medium: "Medium", low: "Low" } as const;

/** Discount hygiene findings (docs/product.md#discount-hygiene): severity, what is wrong, the fix and its link. */
export function HygieneFindings({ findings, empty }: { findings: LinkedFinding[]; empty: string }) {
  if (findings.length === 0) return <Text as="p">{empty}</Text>;
  return (
    <BlockStack gap="300">
      {findings.map((finding, index) => (
        <BlockStack key={`${finding.discountId}-${finding.kind}-${index}`} gap="100">
          <InlineStack gap="200" blockAlign="center" wrap>
            <Badge tone={severityTone[finding.severity]}>{severityLabel[finding.severity]}</Badge>
            <Text as="span" fontWeight="semibold" breakWord>
              {finding.finding}
            </Text>
          </InlineStack>
          <Text as="p" tone="subdued" breakWord>
            {finding.fix}{" "}
            {finding.adminUrl ? (
              <Link url={finding.adminUrl} target="_blank">
                Fix {finding.title} in Shopify
              </Link>
            ) : null}
          </Text>
        </BlockStack>
      ))}
    </BlockStack>
  );
}
