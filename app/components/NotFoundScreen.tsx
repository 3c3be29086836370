import { BlockStack, Button, Text } from "@shopify/polaris";
import { ScreenCard } from "./ScreenCard";

/** The catch-all not-found page of docs/product.md#authentication-gate-and-errors. */
export function NotFoundScreen({ homeUrl = "/", landmark = true }: { homeUrl?: string; landmark?: boolean }) {
  return (
    <ScreenCard landmark={landmark}>
      <BlockStack gap="400" inlineAlign="start">
        <Text as="h1" variant="headingLg">
          404 Page Not Found
        </Text>
        <Text as="p" tone="subdued">
          The page you are looking for does not exist or has moved.
        </Text>
        <Button url={homeUrl}>{homeUrl.startsWith("/dashboard") ? "Go to Dashboard" : "Go to the home page"}</Button>
      </BlockStack>
    </ScreenCard>
  );
}
