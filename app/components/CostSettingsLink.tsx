import { useLocation } from "@remix-run/react";
import { Card, Link, Text } from "@shopify/polaris";
import { withEmbeddedQuery } from "./admin-nav";

/** Where the margin floor's costs are set (docs/product.md#costs): shown on Rules › Settings. */
export function CostSettingsLink() {
  const { search } = useLocation();
  return (
    <Card>
      <Text as="p">
        The margin floor counts unit costs at the order&apos;s date, and payment fees and shipping when you turn them
        on. <Link url={withEmbeddedQuery("/settings/costs", search)}>Cost settings</Link>
      </Text>
    </Card>
  );
}
