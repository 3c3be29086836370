import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, isRouteErrorResponse, useLoaderData, useLocation, useRouteError } from "@remix-run/react";
import { AuthRequiredCard, isAuthFailure } from "../components/AuthScreens";
import { StandaloneProvider } from "../components/StandaloneProvider";
import { NavMenu } from "@shopify/app-bridge-react";
import { AppProvider } from "@shopify/shopify-app-remix/react";
import { boundary } from "@shopify/shopify-app-remix/server";
import { Banner, Box, FooterHelp, Frame, Link, Navigation } from "@shopify/polaris";
import { useAppBridgePresent } from "../components/useAppBridge";
import { useNonce, withNonce } from "../components/nonce";
import { Link as RemixLink } from "@remix-run/react";
import { getEnv } from "../env.server";
import { requireAdmin } from "../services/shops/admin-context.server";
import { recentAlertCount } from "../services/audit/notifications.server";
import { ADMIN_NAV_LINKS, FOOTER_LINKS, withEmbeddedQuery } from "../components/admin-nav";
import { ToastProvider } from "../components/Toasts";
import { PlanChangeProvider, type AdminLayoutData } from "../components/AdminPage";

export const loader = async ({ request, context: load }: LoaderFunctionArgs): Promise<AdminLayoutData> => {
  const context = await requireAdmin(request, load);
  return {
    apiKey: getEnv().shopifyApiKey,
    demo: context.demo,
    shop: { domain: context.shop.domain, name: context.shop.name ?? context.shop.domain },
    plan: context.plan,
    plusEnabled: getEnv().plusPlanEnabled,
    alertCount: await recentAlertCount(context.shop.id),
  };
};

export default function AdminLayout() {
  const { apiKey, demo } = useLoaderData<typeof loader>();
  const location = useLocation();
  const appBridge = useAppBridgePresent(demo);
  const href = (url: string) => withEmbeddedQuery(url, location.search);

  const navigation = appBridge ? undefined : (
    <Navigation location={location.pathname} ariaLabelledBy="admin-navigation">
      <Navigation.Section
        title="Margin Guardrail"
        items={ADMIN_NAV_LINKS.map((link) => ({
          label: link.label,
          url: href(link.url),
          selected: location.pathname === link.url,
        }))}
      />
    </Navigation>
  );

  return (
    <AppProvider isEmbeddedApp={!demo} apiKey={apiKey}>
      {appBridge ? (
        <NavMenu>
          <RemixLink to={href("/dashboard")} rel="home">
            Margin Guardrail
          </RemixLink>
          {ADMIN_NAV_LINKS.map((link) => (
            <RemixLink key={link.url} to={href(link.url)}>
              {link.label}
            </RemixLink>
          ))}
        </NavMenu>
      ) : null}
      <Frame navigation={navigation}>
        <ToastProvider>
          <PlanChangeProvider>
            {demo ? (
              <Box padding="400" paddingBlockEnd="0">
                <Banner tone="info" title="Demo store">
                  This is a demo store, not connected to Shopify. Its rules, orders and events are sample data, so that
                  every screen has something to show.
                </Banner>
              </Box>
            ) : null}
            <Outlet />
            <FooterHelp>
              {/* FooterHelp renders a <p>, which cannot hold a <nav> element */}
              <span role="navigation" aria-label="Legal and support">
                {FOOTER_LINKS.map((link, index) => (
                  <span key={link.url}>
                    {index > 0 ? " · " : null}
                    <Link url={href(link.url)}>{link.label}</Link>
                  </span>
                ))}
              </span>
            </FooterHelp>
          </PlanChangeProvider>
        </ToastProvider>
      </Frame>
    </AppProvider>
  );
}

// Shopify's auth redirects and headers must pass through the embedded layout untouched; a
// request Shopify refused (401/403) asks the merchant to open the app from their admin.
export function ErrorBoundary() {
  const error = useRouteError();
  const nonce = useNonce();
  if (isAuthFailure(error)) {
    return (
      <StandaloneProvider>
        <AuthRequiredCard />
      </StandaloneProvider>
    );
  }
  // Shopify's own pages (App Bridge's bounce, a redirect out of the frame), as boundary.error
  // renders them, with this document's nonce on their scripts
  if (isRouteErrorResponse(error) && typeof error.data === "string" && error.data !== "") {
    return <div dangerouslySetInnerHTML={{ __html: withNonce(error.data, nonce) }} />;
  }
  return boundary.error(error);
}

export const headers: HeadersFunction = (headersArgs) => boundary.headers(headersArgs);
