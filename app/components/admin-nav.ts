/** The sidebar links of docs/product.md#admin-header, in the product's order, at the product's paths. */
export const ADMIN_NAV_LINKS = [
  { label: "Dashboard", url: "/dashboard" },
  { label: "Rules", url: "/rules" },
  { label: "Preflight", url: "/preflight" },
  { label: "Discount codes", url: "/codes" },
  { label: "Costs", url: "/settings/costs" },
  { label: "Alerts", url: "/alerts" },
  { label: "Audit Log", url: "/audit-log" },
  { label: "ROI Dashboard", url: "/roi-dashboard" },
  { label: "Integration", url: "/integration" },
  { label: "Pricing", url: "/pricing" },
] as const;

export const FOOTER_LINKS = [
  { label: "Privacy Policy", url: "/privacy-policy" },
  { label: "Terms of Service", url: "/terms-of-service" },
  { label: "Data Deletion", url: "/data-deletion" },
  { label: "Support", url: "/support" },
] as const;

/** Keeps the embedded query (shop, host, embedded) on internal links, as Shopify expects. */
export function withEmbeddedQuery(url: string, search: string): string {
  const current = new URLSearchParams(search);
  const [path, own = ""] = url.split("?", 2);
  const kept = new URLSearchParams(own);
  for (const key of ["shop", "host", "embedded"]) {
    const value = current.get(key);
    if (value && !kept.has(key)) kept.set(key, value);
  }
  const query = kept.toString();
  return query ? `${path}?${query}` : path;
}
