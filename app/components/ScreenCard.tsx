import { Box, Card, Page } from "@shopify/polaris";

/** The one card of a full-page screen (errors, authentication, billing): narrow and set down the page. */
export function ScreenCard({ children }: { children: React.ReactNode }) {
  return (
    <Page narrowWidth>
      <Box paddingBlockStart="1600">
        <Card>{children}</Card>
      </Box>
    </Page>
  );
}
