// The pages the page matrix visits (docs/testing.md#browser-tests): every admin page, in
// every shop state, at the admin's content widths; every public page at a phone's and a laptop's.
import fs from "node:fs";
import { DEMO_DISCOUNT_CREATE_PATH, DEMO_DISCOUNT_DETAILS_PATH } from "../../../app/demo/demo-discount";
import { DEMO_SHOP } from "../../helpers/app-server";

export const ADMIN_WIDTHS = [375, 800, 1040] as const;
export const PUBLIC_WIDTHS = [375, 1280] as const;

export interface MatrixPage {
  /** file-name part of its screenshots */
  slug: string;
  /** what the page is asked for */
  path: string;
  /**
   * The page is being built: while its route answers 404 the matrix skips it, saying so in the
   * report's annotations, and checks it as soon as it answers.
   */
  pending?: true;
  /** the page answers with this HTTP status on purpose (404 page) */
  status?: number;
  /** the route's own path when `path` fills in its parameters ("/discounts/$functionId/new") */
  route?: string;
}

/** Every admin route (app/routes/_admin.*), as the merchant opens it. */
export const ADMIN_PAGES: MatrixPage[] = [
  { slug: "dashboard", path: "/dashboard" },
  { slug: "rules", path: "/rules" },
  { slug: "rules-code-rules", path: "/rules/code-rules", pending: true },
  { slug: "rules-settings", path: "/rules/settings", pending: true },
  { slug: "preflight", path: "/preflight" },
  { slug: "codes", path: "/codes" },
  { slug: "settings-costs", path: "/settings/costs" },
  { slug: "alerts", path: "/alerts" },
  { slug: "audit-log", path: "/audit-log" },
  { slug: "roi-dashboard", path: "/roi-dashboard" },
  { slug: "integration", path: "/integration" },
  { slug: "integration-slack", path: "/integration/slack" },
  { slug: "pricing", path: "/pricing" },
  { slug: "onboarding", path: "/onboarding" },
  { slug: "billing-success", path: `/billing/success?shop=${DEMO_SHOP}` },
  // the pages Shopify's Discounts page opens (docs/product.md#shopifys-discounts-page); a
  // fresh shop has no discount, so its details page is a 404 there and skipped as pending
  { slug: "discount-create", path: DEMO_DISCOUNT_CREATE_PATH, route: "/discounts/$functionId/new" },
  { slug: "discount-details", path: DEMO_DISCOUNT_DETAILS_PATH, route: "/discounts/$functionId/$id", pending: true },
];

/** Every public page of the demo store's server; the install page needs a server outside demo mode. */
export const PUBLIC_PAGES: MatrixPage[] = [
  { slug: "landing", path: "/" },
  { slug: "privacy-policy", path: "/privacy-policy" },
  { slug: "terms-of-service", path: "/terms-of-service" },
  { slug: "data-deletion", path: "/data-deletion" },
  { slug: "support", path: "/support" },
  { slug: "demo-tour", path: "/demo" },
  { slug: "billing-error", path: "/billing/error?type=declined&message=Your%20card%20was%20declined." },
  { slug: "billing-confirm", path: "/billing/confirm?plan=core" },
  { slug: "not-found", path: "/no-such-page", status: 404 },
];

export const INSTALL_PAGE: MatrixPage = { slug: "install", path: "/auth" };

/**
 * The URL path of an admin route file or folder under app/routes (Remix's flat routes):
 * "_admin.integration_.slack.tsx" is /integration/slack; null for the layout itself.
 */
export function adminRoutePath(entry: string): string | null {
  if (!entry.startsWith("_admin.")) return null;
  const name = entry.replace(/\.(tsx|ts|jsx|js)$/, "");
  const segments = name
    .split(".")
    .slice(1)
    .map((segment) => segment.replace(/_$/, ""))
    .filter((segment) => segment !== "_index");
  return segments.length ? `/${segments.join("/")}` : null;
}

/** The admin routes that exist in app/routes now. */
export function adminRoutesInApp(dir = "app/routes"): string[] {
  return fs
    .readdirSync(dir)
    .map((entry) => adminRoutePath(entry))
    .filter((route): route is string => route !== null)
    .sort();
}
