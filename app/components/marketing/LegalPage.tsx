import { Text } from "@shopify/polaris";
import { MarketingLayout } from "./MarketingLayout";

export const LEGAL_UPDATED = "November 21, 2026";

/** A legal or support page in both modes: the public frame around a readable article. */
export function LegalPage({
  title,
  children,
  dated = true,
}: {
  title: string;
  children: React.ReactNode;
  /** legal texts say when they last changed */
  dated?: boolean;
}) {
  return (
    <MarketingLayout>
      <article className="mg-legal">
        <h1>{title}</h1>
        {dated ? (
          <Text as="p" tone="subdued">
            Last updated {LEGAL_UPDATED}
          </Text>
        ) : null}
        {children}
      </article>
    </MarketingLayout>
  );
}
