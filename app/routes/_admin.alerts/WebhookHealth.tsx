import type { FetcherWithComponents } from "@remix-run/react";
import { Banner, BlockStack, Text } from "@shopify/polaris";
import { useActionFetcher } from "../../components/useActionFetcher";
import { shopLocalTime } from "../../domain/time-zones";
import type { WebhookEndpointView } from "../../services/alerts/settings.server";
import type { AlertsActionResult } from "./actions.server";

/**
 * The Alerts page's banners for webhook URLs that are not well
 * (docs/product.md#alerts): one that answered 410 Gone is disabled until
 * "Enable again"; one whose alerts were given up after three days shows "delivery failing"
 * until it accepts one again.
 */
export function WebhookHealth({ endpoints, timeZone }: { endpoints: WebhookEndpointView[]; timeZone: string }) {
  // here, not in a banner: the answer removes the banner, and its toast must still show
  const fetcher = useActionFetcher<AlertsActionResult>("alerts-enable-webhook");
  if (endpoints.length === 0) return null;
  return (
    <BlockStack gap="300">
      {endpoints.map((endpoint) => (
        <EndpointBanner key={endpoint.key} endpoint={endpoint} timeZone={timeZone} fetcher={fetcher} />
      ))}
    </BlockStack>
  );
}

function EndpointBanner({
  endpoint,
  timeZone,
  fetcher,
}: {
  endpoint: WebhookEndpointView;
  timeZone: string;
  fetcher: FetcherWithComponents<AlertsActionResult>;
}) {
  const since = endpoint.since ? shopLocalTime(endpoint.since, timeZone) : "";
  const enable = {
    content: "Enable again",
    loading: fetcher.state !== "idle" && fetcher.formData?.get("endpoint") === endpoint.key,
    onAction: () => fetcher.submit({ intent: "enableWebhook", endpoint: endpoint.key }, { method: "post" }),
  };
  return endpoint.status === "gone" ? (
    <Banner tone="critical" title={`Webhook to ${endpoint.host} disabled`} action={enable}>
      <Text as="p" data-testid="webhook-disabled">
        It answered 410 Gone on {since}, so no more alerts are sent to it. Enable it again once the receiver is back, or
        remove the URL.
      </Text>
    </Banner>
  ) : (
    <Banner tone="warning" title={`Webhook delivery failing: ${endpoint.host}`} action={enable}>
      <Text as="p" data-testid="webhook-failing">
        Alerts to it have failed since {since} and were given up after three days ({endpoint.detail}). New alerts are
        still tried; this clears when one is delivered.
      </Text>
    </Banner>
  );
}
