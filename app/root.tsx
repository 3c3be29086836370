import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteError } from "@remix-run/react";
import polarisStyles from "@shopify/polaris/build/esm/styles.css";
import { ErrorScreen } from "./components/ErrorScreen";
import { NotFoundScreen } from "./components/NotFoundScreen";
import { StandaloneProvider } from "./components/StandaloneProvider";
import { pageHydrated } from "./components/hydration-gate";
import { useNonce } from "./components/nonce";
import { useEffect } from "react";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: polarisStyles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: "Margin Guardrail" },
  {
    name: "description",
    content: "Protect your Shopify store's margins from double discounts and risky promotion stacking.",
  },
];

export function Layout({ children }: { children: React.ReactNode }) {
  // the page has hydrated: input events held since entry.client reach React again
  useEffect(() => pageHydrated(), []);
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <meta name="shopify-debug" content="web-vitals" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** The root error fallback of docs/product.md#authentication-gate-and-errors: 'Something went wrong', or the 404 page. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <StandaloneProvider>
        <NotFoundScreen />
      </StandaloneProvider>
    );
  }
  // eslint-disable-next-line no-console -- the boundary renders in the browser too, where the server's logger is not; on the server entry.server's handleError has logged it already
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <StandaloneProvider>
      <ErrorScreen />
    </StandaloneProvider>
  );
}
