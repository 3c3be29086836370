import { BlockStack, Card, Text } from "@shopify/polaris";

/** One of the Preflight page's cards: a region named by its heading, with a line on what it does. */
export function PreflightSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <section aria-labelledby={`${id}-heading`}>
        <BlockStack gap="400">
          <BlockStack gap="100">
            <Text as="h2" variant="headingMd" id={`${id}-heading`}>
              {title}
            </Text>
            <Text as="p" tone="subdued">
              {description}
            </Text>
          </BlockStack>
          {children}
        </BlockStack>
      </section>
    </Card>
  );
}
