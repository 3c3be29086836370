import { isRouteErrorResponse } from "@remix-run/react";
import { BlockStack, Button, InlineStack, Spinner, Text } from "@shopify/polaris";
import { ScreenCard } from "./ScreenCard";

/** Shown while the embedded session is being established (docs/product.md#authentication-gate-and-errors). */
export function AuthLoadingCard() {
  return (
    <ScreenCard>
      <InlineStack gap="400" blockAlign="center" wrap={false}>
        <Spinner size="small" accessibilityLabel="Connecting" />
        <BlockStack gap="100">
          <Text as="h1" variant="headingMd">
            Loading Margin Guardrail
          </Text>
          <Text as="p" tone="subdued">
            Connecting to your Shopify store...
          </Text>
        </BlockStack>
      </InlineStack>
    </ScreenCard>
  );
}

/** Shown when no valid Shopify session can be established (docs/product.md#authentication-gate-and-errors). */
export function AuthRequiredCard() {
  return (
    <ScreenCard>
      <BlockStack gap="400" inlineAlign="start">
        <Text as="h1" variant="headingLg">
          Authentication Required
        </Text>
        <Text as="p">Please install this app from your Shopify admin to continue.</Text>
        <Button variant="primary" onClick={() => window.location.reload()}>
          Retry Connection
        </Button>
      </BlockStack>
    </ScreenCard>
  );
}

/** Shopify refused the session: no valid token, or the shop's access was revoked. */
export function isAuthFailure(error: unknown): boolean {
  return isRouteErrorResponse(error) && (error.status === 401 || error.status === 403);
}
