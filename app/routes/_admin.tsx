import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import {
  Outlet,
  isRouteErrorResponse,
  useLoaderData,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { AuthRequiredCard, isAuthFailure } from "../components/AuthScreens";
import { ErrorScreen } from "../components/ErrorScreen";
import { NotFoundScreen } from "../components/NotFoundScreen";
import { StandaloneProvider } from "../components/StandaloneProvider";
import { useEffect } from "react";
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

/**
 * The admin's chrome: App Bridge's NavMenu inside Shopify's admin, Polaris's sidebar elsewhere,
 * and the Frame whose `<main>` holds the page. The layout and its error boundary both use it, so
 * a page that fails keeps the navigation and the merchant can leave it.
 */
function AdminShell({ apiKey, demo, children }: { apiKey: string; demo: boolean; children: React.ReactNode }) {
  const location = useLocation();
  const appBridge = useAppBridgePresent(demo);
  const href = (url: string) => withEmbeddedQuery(url, location.search);
  // Polaris 13's Frame names the sidebar's wrapper div aria-label="Navigation" without a role:
  // axe counts it as content outside every landmark (rule "region"). The <nav> inside is the
  // landmark, so the wrapper's stray name goes.
  useEffect(() => {
    document.getElementById("AppFrameNav")?.removeAttribute("aria-label");
  }, [appBridge]);

  const navigation = appBridge ? undefined : (
    <Navigation location={location.pathname} ariaLabelledBy="admin-navigation">
      <Navigation.Section
        title="Margin Guardrail"
        items={ADMIN_NAV_LINKS.map((link) => ({
          label: link.label,
          url: href(link.url),
          selected: location.pathname === link.url || location.pathname.startsWith(`${link.url}/`),
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
      <Frame navigation={navigation}>{children}</Frame>
    </AppProvider>
  );
}

export default function AdminLayout() {
  const { apiKey, demo } = useLoaderData<typeof loader>();
  const location = useLocation();
  const href = (url: string) => withEmbeddedQuery(url, location.search);

  return (
    <AdminShell apiKey={apiKey} demo={demo}>
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
    </AdminShell>
  );
}

// Shopify's auth redirects and headers must pass through the embedded layout untouched; a
// request Shopify refused (401/403) asks the merchant to open the app from their admin.
export function ErrorBoundary() {
  const error = useRouteError();
  const nonce = useNonce();
  const layout = useRouteLoaderData<typeof loader>("routes/_admin");
  const { search } = useLocation();
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
  // eslint-disable-next-line no-console -- as root's boundary: the browser has no server logger, the server's handleError has logged it
  if (!isRouteErrorResponse(error)) console.error(error);
  // any other failure: 'Something went wrong' inside the admin's chrome, its navigation kept.
  // When the layout's own data failed too (a page's data comes in the same request), the
  // sidebar stands in for App Bridge's menu, which needs the layout's API key.
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <AdminShell apiKey={layout?.apiKey ?? ""} demo={layout?.demo ?? true}>
      {notFound ? (
        <NotFoundScreen homeUrl={withEmbeddedQuery("/dashboard", search)} landmark={false} />
      ) : (
        <ErrorScreen landmark={false} />
      )}
    </AdminShell>
  );
}

export const headers: HeadersFunction = (headersArgs) => boundary.headers(headersArgs);
