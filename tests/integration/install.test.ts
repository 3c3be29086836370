import { describe, expect, it } from "vitest";
import { routeArgs, settle } from "../helpers/shopify";
import { TEST_APP_URL } from "../helpers/test-env";

function post(shop: string) {
  const body = new FormData();
  body.set("shop", shop);
  return new Request(`${TEST_APP_URL}/auth`, { method: "POST", body });
}

describe("install entry /auth", () => {
  it("shows the empty form", async () => {
    const { loader } = await import("../../app/routes/auth._index");
    expect(await loader(routeArgs(new Request(`${TEST_APP_URL}/auth`)))).toEqual({ error: undefined, shop: undefined });
  });

  it("sends a shop domain to Shopify's managed install page", async () => {
    const { action } = await import("../../app/routes/auth._index");
    const response = (await settle(() => action(routeArgs(post("acme-goods"))))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(
      "https://admin.shopify.com/store/acme-goods/oauth/install?client_id=testApiKey",
    );
  });

  it("asks for a shop domain when it is missing or invalid", async () => {
    const { action } = await import("../../app/routes/auth._index");
    expect(await action(routeArgs(post("")))).toEqual({
      error: "Please enter your shop domain to install Margin Guardrail.",
      shop: "",
    });
    expect(await action(routeArgs(post("not a shop!")))).toEqual({
      error: "Please enter a valid shop domain, such as your-store.myshopify.com.",
      shop: "not a shop!",
    });
  });
});
