import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { renderToStaticMarkup } from "react-dom/server";
import { AppProvider } from "@shopify/polaris";
import en from "@shopify/polaris/locales/en.json";
import polarisStyles from "@shopify/polaris/build/esm/styles.css";
import { AuthLoadingCard } from "../components/AuthScreens";
import { getEnv } from "../env.server";
import { authenticateSessionToken } from "../services/shops/admin-context.server";

const SESSION_TOKEN_PATH = "/auth/session-token";

/** The 'Loading Margin Guardrail' card, shown while App Bridge fetches a session token. */
export function loadingCardHtml(): string {
  const card = renderToStaticMarkup(
    <AppProvider i18n={en}>
      <AuthLoadingCard />
    </AppProvider>,
  );
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Loading Margin Guardrail</title><link rel="stylesheet" href="${polarisStyles}"></head><body>${card}`;
}

/**
 * Shopify's auth paths are handled by the library. Its session-token bounce page is a bare
 * App Bridge script; the merchant sees the loading card above it while the token arrives.
 */
export const loader = async ({ request }: LoaderFunctionArgs) => {
  if (getEnv().demoMode) throw redirect("/dashboard");
  try {
    await authenticateSessionToken(request);
  } catch (thrown) {
    const isBounce =
      thrown instanceof Response && thrown.status === 200 && new URL(request.url).pathname === SESSION_TOKEN_PATH;
    if (!isBounce) throw thrown;
    return new Response(loadingCardHtml() + (await thrown.text()) + "</body></html>", {
      status: 200,
      headers: thrown.headers,
    });
  }
  return null;
};
