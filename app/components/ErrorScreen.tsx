import { BlockStack, Button, InlineStack, Text } from "@shopify/polaris";
import { useRevalidator } from "@remix-run/react";
import { ScreenCard } from "./ScreenCard";

/**
 * Error fallback (docs/product.md#authentication-gate-and-errors): 'Something went wrong', 'Refresh Page', 'Try Again'.
 * `landmark={false}` inside the admin's Frame, whose `<main>` it then sits in.
 */
export function ErrorScreen({ landmark = true }: { landmark?: boolean }) {
  const revalidator = useRevalidator();
  return (
    <ScreenCard landmark={landmark}>
      <BlockStack gap="400">
        <Text as="h1" variant="headingLg">
          Something went wrong
        </Text>
        <Text as="p" tone="subdued">
          An unexpected error stopped this page from loading. Your rules and settings are safe. Refresh the page, or try
          again.
        </Text>
        <InlineStack gap="300">
          <Button variant="primary" onClick={() => window.location.reload()}>
            Refresh Page
          </Button>
          <Button loading={revalidator.state === "loading"} onClick={() => revalidator.revalidate()}>
            Try Again
          </Button>
        </InlineStack>
      </BlockStack>
    </ScreenCard>
  );
}
