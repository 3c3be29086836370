import { BlockStack, Box, Button, Text } from "@shopify/polaris";

export interface EmptyStateAction {
  content: string;
  url?: string;
  onAction?: () => void;
}

/**
 * An empty state as Shopify's own indexes draw it: our illustration (public/empty-*.svg, all
 * 226 × 180), a heading, one sentence and one next action. Polaris's EmptyState hides its image
 * until React has seen it load, so the illustration painted a second or more after the page
 * (the page's LCP, docs/testing.md#browser-tests); this one is in the server's HTML with
 * its size, so it paints with the page and moves nothing.
 */
export function IllustratedEmptyState({
  image,
  heading,
  action,
  children,
}: {
  image: string;
  heading: string;
  action: EmptyStateAction;
  children: React.ReactNode;
}) {
  return (
    <Box paddingBlock="800" paddingInline="400">
      <BlockStack gap="400" inlineAlign="center">
        <img src={image} alt="" width={226} height={180} style={{ maxWidth: "100%", height: "auto" }} />
        <BlockStack gap="200" inlineAlign="center">
          <Text as="h2" variant="headingMd" alignment="center">
            {heading}
          </Text>
          <Box maxWidth="32rem">
            <Text as="p" alignment="center">
              {children}
            </Text>
          </Box>
        </BlockStack>
        <Button variant="primary" url={action.url} onClick={action.onAction}>
          {action.content}
        </Button>
      </BlockStack>
    </Box>
  );
}
