import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import {
  type ShouldRevalidateFunction,
  Outlet,
  isRouteErrorResponse,
  useLoaderData,
  useLocation,
  useNavigation,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { AuthRequiredCard, isAuthFailure } from "../components/AuthScreens";
import { ErrorScreen } from "../components/ErrorScreen";
import { NotFoundScreen } from "../components/NotFoundScreen";
import { StandaloneProvider } from "../components/StandaloneProvider";
import { useCallback, useEffect, useState } from "react";
import { NavMenu } from "@shopify/app-bridge-react";
import { AppProvider } from "@shopify/shopify-app-remix/react";
import { boundary } from "@shopify/shopify-app-remix/server";
import { Banner, Box, FooterHelp, Frame, Link, Loading, Navigation, Text, TopBar } from "@shopify/polaris";
import { useAppBridgePresent } from "../components/useAppBridge";
import { useNonce, withNonce } from "../components/nonce";
import { Link as RemixLink } from "@remix-run/react";
import { getEnv } from "../env.server";
import { requireAdmin } from "../services/shops/admin-context.server";
import { ADMIN_NAV_LINKS, FOOTER_LINKS, withEmbeddedQuery } from "../components/admin-nav";
import { ToastProvider } from "../components/Toasts";
import { PlanChangeProvider, type AdminLayoutData } from "../components/AdminPage";
import { planName, type PlanId } from "../domain/billing/plans";
import { alertBell } from "../services/alerts/alert-bell.server";
import { activeRuleNames } from "../services/rules/plan-limit.server";

export const loader = async ({ request, context: load }: LoaderFunctionArgs): Promise<AdminLayoutData> => {
  const context = await requireAdmin(request, load);
  const [alerts, activeRules] = await Promise.all([
    alertBell(context.shop),
    // what 'Downgrade to Free?' names as staying on; Free has no downgrade to ask about
    context.plan === "free" ? [] : activeRuleNames(context.shop.id),
  ]);
  return {
    apiKey: getEnv().shopifyApiKey,
    demo: context.demo,
    shop: { domain: context.shop.domain, name: context.shop.name ?? context.shop.domain },
    plan: context.plan,
    plusEnabled: getEnv().plusPlanEnabled,
    // the header's bell: the shop's delivered alerts and how many are unread (docs/product.md#admin-header)
    alerts,
    activeRules,
  };
};

/**
 * The layout's data (the plan, the bell) is read again on every move to another page, in the same
 * request as the page's own data, so the bell counts the alerts delivered meanwhile.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;

/**
 * While a route navigation is pending (its data is loading, or a form is submitting), the
 * loading bar: App Bridge's, at the top of Shopify's admin, when embedded; Polaris's, at the
 * top of the Frame, in the demo store (docs/product.md#admin-header).
 */
function NavigationLoading({ appBridge }: { appBridge: boolean }) {
  const pending = useNavigation().state !== "idle";
  useEffect(() => {
    if (!appBridge) return;
    window.shopify?.loading(pending);
    return () => window.shopify?.loading(false);
  }, [appBridge, pending]);
  return !appBridge && pending ? <Loading /> : null;
}

function initialsOf(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() ?? "");
  return letters.slice(0, 2).join("") || "?";
}

/**
 * The demo store's top bar, where Shopify's admin has its own: the menu button that opens the
 * navigation below 768 px, the app's name, and the shop's menu (its domain and plan).
 */
/**
 * Below 768 px a closed drawer is gone at once. Polaris shows the drawer while its enter/exit
 * classes last; CI once saw those classes outlive the close (the drawer stayed on screen beside
 * the next page, no backdrop). Polaris sets `hidden` the moment the drawer closes, so that wins.
 */
const CLOSED_DRAWER = `@media (max-width: 47.9975em) { #AppFrameNav[hidden] { display: none !important; } }`;

function DemoTopBar({
  shop,
  plan,
  onNavigationToggle,
}: {
  shop?: { name: string; domain: string };
  plan?: PlanId;
  onNavigationToggle: () => void;
}) {
  const { search } = useLocation();
  const [open, setOpen] = useState(false);
  const userMenu = shop ? (
    <TopBar.UserMenu
      name={shop.name}
      detail={plan ? `${shop.domain} · ${planName(plan)} plan` : shop.domain}
      initials={initialsOf(shop.name)}
      open={open}
      onToggle={() => setOpen((value) => !value)}
      actions={[
        {
          items: [
            { content: "Plans and pricing", url: withEmbeddedQuery("/pricing", search) },
            { content: "Support", url: withEmbeddedQuery("/support", search) },
          ],
        },
      ]}
    />
  ) : undefined;
  // a <header> around it: the bar's controls are in the page's banner landmark
  return (
    <header>
      <TopBar
        showNavigationToggle
        onNavigationToggle={onNavigationToggle}
        userMenu={userMenu}
        logoSuffix={
          <Text as="span" variant="headingSm" tone="text-inverse">
            Margin Guardrail
          </Text>
        }
      />
    </header>
  );
}

/**
 * The admin's chrome: App Bridge's NavMenu inside Shopify's admin, elsewhere a top bar with
 * the menu button and Polaris's sidebar (a drawer below 768 px), and the Frame whose `<main>`
 * holds the page. The layout and its error boundary both use it, so a page that fails keeps
 * the navigation and the merchant can leave it.
 */
function AdminShell({
  apiKey,
  demo,
  shop,
  plan,
  children,
}: {
  apiKey: string;
  demo: boolean;
  shop?: { name: string; domain: string };
  plan?: PlanId;
  children: React.ReactNode;
}) {
  const location = useLocation();
  const appBridge = useAppBridgePresent(demo);
  const href = (url: string) => withEmbeddedQuery(url, location.search);
  const [mobileNavigation, setMobileNavigation] = useState(false);
  const toggleNavigation = useCallback(() => setMobileNavigation((open) => !open), []);
  const closeNavigation = useCallback(() => setMobileNavigation(false), []);
  // the drawer closes once its link has led to another page
  useEffect(() => setMobileNavigation(false), [location.pathname]);
  // Polaris 13's Frame names the sidebar's wrapper div aria-label="Navigation" without a role:
  // axe counts it as content outside every landmark (rule "region"). The <nav> inside is the
  // landmark, so the wrapper's stray name goes; opened as a drawer below 768 px the wrapper is
  // a dialog, which keeps its name.
  useEffect(() => {
    const wrapper = document.getElementById("AppFrameNav");
    if (!wrapper) return;
    if (wrapper.getAttribute("role") === "dialog") wrapper.setAttribute("aria-label", "Navigation");
    else wrapper.removeAttribute("aria-label");
  }, [appBridge, mobileNavigation]);

  const navigation = appBridge ? undefined : (
    <Navigation location={location.pathname} ariaLabelledBy="admin-navigation" onDismiss={closeNavigation}>
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
      {navigation ? <style>{CLOSED_DRAWER}</style> : null}
      <Frame
        navigation={navigation}
        topBar={appBridge ? undefined : <DemoTopBar shop={shop} plan={plan} onNavigationToggle={toggleNavigation} />}
        showMobileNavigation={mobileNavigation}
        onNavigationDismiss={closeNavigation}
        logo={
          appBridge
            ? undefined
            : {
                topBarSource: "/favicon.svg",
                width: 28,
                url: href("/dashboard"),
                accessibilityLabel: "Margin Guardrail home",
              }
        }
      >
        <NavigationLoading appBridge={appBridge} />
        <ToastProvider appBridge={appBridge}>{children}</ToastProvider>
      </Frame>
    </AppProvider>
  );
}

export default function AdminLayout() {
  const { apiKey, demo, shop, plan } = useLoaderData<typeof loader>();
  const location = useLocation();
  const href = (url: string) => withEmbeddedQuery(url, location.search);

  return (
    <AdminShell apiKey={apiKey} demo={demo} shop={shop} plan={plan}>
      <PlanChangeProvider>
        {demo ? (
          <Box paddingBlockStart="400" paddingInline={{ xs: "400", sm: "600" }}>
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
    <AdminShell apiKey={layout?.apiKey ?? ""} demo={layout?.demo ?? true} shop={layout?.shop} plan={layout?.plan}>
      {notFound ? (
        <NotFoundScreen homeUrl={withEmbeddedQuery("/dashboard", search)} landmark={false} />
      ) : (
        <ErrorScreen landmark={false} />
      )}
    </AdminShell>
  );
}

export const headers: HeadersFunction = (headersArgs) => boundary.headers(headersArgs);
