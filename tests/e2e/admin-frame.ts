// Shopify's admin, as the embedded specs stand it in: the admin's page frames the app at `src`,
// and App Bridge's script (loaded from Shopify's CDN) is the spec's own stand-in.
import type { Page } from "@playwright/test";

export async function serveAdminFrame(page: Page, { src, appBridge }: { src: string; appBridge: string }) {
  await page.route("https://cdn.shopify.com/shopifycloud/app-bridge.js", (route) =>
    route.fulfill({ contentType: "text/javascript", body: appBridge }),
  );
  await page.route("https://admin.shopify.com/**", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<iframe src="${src}" style="width:1200px;height:900px"></iframe>`,
    }),
  );
}
