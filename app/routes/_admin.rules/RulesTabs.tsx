import { useLocation } from "@remix-run/react";
import { Tabs } from "@shopify/polaris";
import { withEmbeddedQuery } from "../../components/admin-nav";

/** The Rules area's pages (docs/product.md#rules), one form per page. */
export const RULES_PAGES = [
  { id: "rules", content: "Rules", path: "/rules" },
  { id: "code-rules", content: "Code rules", path: "/rules/code-rules" },
  { id: "settings", content: "Stacking & blocking", path: "/rules/settings" },
] as const;

export type RulesPageId = (typeof RULES_PAGES)[number]["id"];

/**
 * Polaris's Tabs draw their tabs only once they have measured them in the browser: from the
 * server's HTML on, their row keeps a tab's height, so the page below does not move when they
 * appear (0.02 of layout shift otherwise; docs/product.md#rules).
 */
const KEEP_ROW_HEIGHT = ".mg-rules-tabs .Polaris-Tabs:not(.Polaris-Tabs__TabsMeasurer){min-height:var(--p-height-700)}";

/** The tabs over every Rules page: links, so they work before the page has hydrated. */
export function RulesTabs({ selected }: { selected: RulesPageId }) {
  const { search } = useLocation();
  return (
    <div className="mg-rules-tabs">
      <style>{KEEP_ROW_HEIGHT}</style>
      <Tabs
        selected={RULES_PAGES.findIndex((page) => page.id === selected)}
        tabs={RULES_PAGES.map((page) => ({
          id: `rules-tab-${page.id}`,
          content: page.content,
          url: withEmbeddedQuery(page.path, search),
        }))}
      />
    </div>
  );
}
