import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { Banner, BlockStack, Button, InlineStack, Text } from "@shopify/polaris";
import { withEmbeddedQuery } from "../components/admin-nav";
import { StandaloneProvider } from "../components/StandaloneProvider";
import { billingErrorView, type BillingErrorAction } from "../domain/billing/billing-errors";
import { isShopDomain } from "../domain/shops/shop-domain";
import { ScreenCard } from "../components/ScreenCard";

export const meta: MetaFunction = () => [{ title: "Billing · Margin Guardrail" }];

/**
 * /billing/error?type=&message=[&shop=] (docs/product.md#billing): where every
 * billing failure leads. It reads nothing of the shop, so it shows even when the session is
 * gone (the invalid_token variant exists for that case).
 */
export const loader = ({ request }: LoaderFunctionArgs) => {
  const url = new URL(request.url);
  const shop = url.searchParams.get("shop");
  return {
    ...billingErrorView(url.searchParams.get("type"), url.searchParams.get("message")),
    shop: shop && isShopDomain(shop) ? shop : null,
  };
};

function actionUrl(action: BillingErrorAction, shop: string | null, search: string): string {
  switch (action.to) {
    case "pricing":
      return withEmbeddedQuery("/pricing", search);
    case "verify":
      return withEmbeddedQuery("/billing/success", search);
    case "reconnect":
      return shop ? `/?${new URLSearchParams({ shop, force_oauth: "1" }).toString()}` : "/auth/login";
  }
}

export default function BillingError() {
  const { variant, message, shop } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <StandaloneProvider>
      <ScreenCard>
        <BlockStack gap="400">
          <Text as="h1" variant="headingLg">
            {variant.title}
          </Text>
          <Text as="p">{variant.description}</Text>
          {message ? (
            <Banner tone="critical" title="What happened">
              <p>{message}</p>
            </Banner>
          ) : null}
          <InlineStack gap="300">
            {variant.action ? (
              <Button variant="primary" url={actionUrl(variant.action, shop, search)}>
                {variant.action.label}
              </Button>
            ) : null}
            <Button url={withEmbeddedQuery("/dashboard", search)}>Go to Dashboard</Button>
            <Button variant="plain" url={withEmbeddedQuery("/support", search)}>
              Contact Support
            </Button>
          </InlineStack>
        </BlockStack>
      </ScreenCard>
    </StandaloneProvider>
  );
}
