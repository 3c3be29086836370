import { useLocation } from "@remix-run/react";
import { Tabs } from "@shopify/polaris";
import { withEmbeddedQuery } from "../../components/admin-nav";

/** The Rules area's pages (docs/decisions/0048-rules-pages.md), one form per page. */
export const RULES_PAGES = [
  { id: "rules", content: "Rules", path: "/rules" },
  { id: "code-rules", content: "Code rules", path: "/rules/code-rules" },
  { id: "settings", content: "Stacking & blocking", path: "/rules/settings" },
] as const;

export type RulesPageId = (typeof RULES_PAGES)[number]["id"];

/** The tabs over every Rules page: links, so they work before the page has hydrated. */
export function RulesTabs({ selected }: { selected: RulesPageId }) {
  const { search } = useLocation();
  return (
    <Tabs
      selected={RULES_PAGES.findIndex((page) => page.id === selected)}
      tabs={RULES_PAGES.map((page) => ({
        id: `rules-tab-${page.id}`,
        content: page.content,
        url: withEmbeddedQuery(page.path, search),
      }))}
    />
  );
}
