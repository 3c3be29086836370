import { describe, expect, it } from "vitest";
import { TEST_APP_URL } from "../helpers/test-env";
import { routeArgs, settle } from "../helpers/shopify";

describe("authentication gate screens", () => {
  it("shows 'Loading Margin Guardrail' on Shopify's session-token bounce page", async () => {
    const { loader } = await import("../../app/routes/auth.$");
    const url = `${TEST_APP_URL}/auth/session-token?shop=test-shop.myshopify.com&host=YWRtaW4&shopify-reload=${encodeURIComponent(`${TEST_APP_URL}/dashboard?shop=test-shop.myshopify.com`)}`;
    const response = (await settle(() => loader(routeArgs(new Request(url))))) as Response;
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Loading Margin Guardrail");
    expect(html).toContain("Connecting to your Shopify store...");
    // The library's App Bridge script is still there to fetch the token and reload.
    expect(html).toMatch(
      /<script data-api-key="testApiKey" src="https:\/\/cdn\.shopify\.com\/shopifycloud\/app-bridge\.js">/,
    );
  });

  it("leaves the library's other auth responses untouched", async () => {
    const { loader } = await import("../../app/routes/auth.$");
    const response = (await settle(() => loader(routeArgs(new Request(`${TEST_APP_URL}/auth/login`))))) as Response;
    expect(response).toBeInstanceOf(Response);
    expect(await response.clone().text()).not.toContain("Loading Margin Guardrail");
  });

  it("treats 401 and 403 route errors as 'Authentication Required'", async () => {
    const { isAuthFailure } = await import("../../app/components/AuthScreens");
    // The shape Remix gives a thrown Response in an error boundary.
    const errorResponse = (status: number) => ({ status, statusText: "", internal: false, data: null });
    expect(isAuthFailure(errorResponse(401))).toBe(true);
    expect(isAuthFailure(errorResponse(403))).toBe(true);
    expect(isAuthFailure(errorResponse(500))).toBe(false);
    expect(isAuthFailure(new Error("boom"))).toBe(false);
  });
});
