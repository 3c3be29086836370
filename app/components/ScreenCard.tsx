import { Box, Card, Page } from "@shopify/polaris";

/**
 * The one card of a full-page screen (errors, authentication, billing): narrow and set down the
 * page. Standing alone it is the page's `<main>` landmark; inside the admin's Frame, which has its
 * own `<main>`, pass `landmark={false}`.
 */
export function ScreenCard({ children, landmark = true }: { children: React.ReactNode; landmark?: boolean }) {
  const card = (
    <Page narrowWidth>
      <Box paddingBlockStart="1600">
        <Card>{children}</Card>
      </Box>
    </Page>
  );
  return landmark ? <main>{card}</main> : card;
}
