import { Button, InlineStack } from "@shopify/polaris";
import { Link, useLocation } from "@remix-run/react";
import { StandaloneProvider } from "../StandaloneProvider";
import { FOOTER_LINKS, withEmbeddedQuery } from "../admin-nav";
import { MISSING_SHOP_ALERT, openAppUrl } from "../../domain/shops/open-app";
import { useFramed } from "./useFramed";

/** 'Open App' (docs/product.md#landing-page): the store admin's page for the app, from `?shop=`. */
function openApp() {
  const target = openAppUrl(new URLSearchParams(window.location.search).get("shop"));
  if (target) window.location.assign(target);
  else window.alert(MISSING_SHOP_ALERT);
}

const ANCHORS = [
  { label: "Features", href: "/#features" },
  { label: "ROI", href: "/#roi" },
  { label: "Pricing", href: "/#pricing" },
  { label: "FAQ", href: "/#faq" },
];

/** The public site's frame: header with anchors and buttons, footer with the legal links. */
export function MarketingLayout({
  children,
  headerActions,
}: {
  children: React.ReactNode;
  headerActions?: React.ReactNode;
}) {
  const framed = useFramed();
  const location = useLocation();
  const embedded = new URLSearchParams(location.search).has("shop");
  return (
    <StandaloneProvider>
      <div className="mg-shell">
        <header className="mg-header">
          <div className="mg-header-inner">
            <Link className="mg-brand" to={embedded ? withEmbeddedQuery("/dashboard", location.search) : "/"}>
              <img src="/favicon.svg" alt="" />
              Margin Guardrail
            </Link>
            <nav className="mg-anchors" aria-label="Sections">
              {ANCHORS.map((anchor) => (
                <a key={anchor.href} href={anchor.href}>
                  {anchor.label}
                </a>
              ))}
            </nav>
            {framed ? null : (
              <InlineStack gap="200">
                {headerActions ?? (
                  <>
                    <Button onClick={openApp}>Open App</Button>
                    <Button variant="primary" url="/auth">
                      Add to Shopify
                    </Button>
                  </>
                )}
              </InlineStack>
            )}
          </div>
        </header>
        <main className="mg-main">{children}</main>
        <footer className="mg-footer">
          <div className="mg-footer-inner">
            <span>© 2026 Margin Guardrail</span>
            <nav aria-label="Legal and support">
              {FOOTER_LINKS.map((link) => (
                <Link key={link.url} to={withEmbeddedQuery(link.url, location.search)}>
                  {link.label}
                </Link>
              ))}
            </nav>
          </div>
        </footer>
      </div>
    </StandaloneProvider>
  );
}
