import { redirect } from "@remix-run/node";
import { LoginErrorType } from "@shopify/shopify-app-remix/server";
import { getEnv } from "../../env.server";
import { login } from "../../shopify.server";

export interface InstallPageData {
  error?: string;
  shop?: string;
}

const ERRORS: Record<LoginErrorType, string> = {
  [LoginErrorType.MissingShop]: "Please enter your shop domain to install Margin Guardrail.",
  [LoginErrorType.InvalidShop]: "Please enter a valid shop domain, such as your-store.myshopify.com.",
};

/**
 * The install entry (/auth and the library's /auth/login): a shop domain starts Shopify's
 * managed install through the library, which redirects to the store's install page. In the
 * demo store there is no Shopify, so it leads into the demo.
 */
export async function installEntry(request: Request): Promise<InstallPageData> {
  if (getEnv().demoMode) throw redirect("/dashboard");
  const form =
    request.method === "POST"
      ? await request
          .clone()
          .formData()
          .catch(() => null)
      : null;
  const result = await login(request);
  const shop = form ? String(form.get("shop") ?? "") : undefined;
  return { error: result.shop ? ERRORS[result.shop] : undefined, shop };
}
