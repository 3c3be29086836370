import { useLocation } from "@remix-run/react";
import { BlockStack, Button, InlineStack, Text } from "@shopify/polaris";
import { withEmbeddedQuery } from "./admin-nav";
import { ScreenCard } from "./ScreenCard";

/**
 * What the pages Shopify's Discounts page opens (docs/product.md#shopifys-discounts-page)
 * show for a path that names no discount of Margin Guardrail's (404), or when Shopify could not
 * say which discount it names (502): inside the admin's Frame, with a way on.
 */
function DiscountScreen({ title, text }: { title: string; text: string }) {
  const { search } = useLocation();
  return (
    <ScreenCard landmark={false}>
      <BlockStack gap="400" inlineAlign="start">
        <Text as="h1" variant="headingLg">
          {title}
        </Text>
        <Text as="p" tone="subdued">
          {text}
        </Text>
        <InlineStack gap="300">
          <Button url={withEmbeddedQuery("/rules/code-rules", search)}>Go to Code rules</Button>
          <Button variant="plain" url={withEmbeddedQuery("/dashboard", search)}>
            Go to Dashboard
          </Button>
        </InlineStack>
      </BlockStack>
    </ScreenCard>
  );
}

export function DiscountNotFound() {
  return (
    <DiscountScreen
      title="Discount not found"
      text="Margin Guardrail has no such discount: it may have been deleted in Shopify, or it belongs to another app. Your store's code-rules discount is managed on the Code rules page."
    />
  );
}

export function DiscountUnreachable({ message }: { message: string }) {
  return <DiscountScreen title="Shopify did not answer" text={message} />;
}
