import { expect, test } from "./fixtures";

test("the landing page has every section of docs/product.md, with sample numbers marked illustrative", async ({
  page,
}) => {
  await page.goto("/");
  const anchors = page.getByRole("navigation", { name: "Sections" });
  for (const [label, href] of [
    ["Features", "/#features"],
    ["ROI", "/#roi"],
    ["Pricing", "/#pricing"],
    ["FAQ", "/#faq"],
  ]) {
    await expect(anchors.getByRole("link", { name: label })).toHaveAttribute("href", href);
  }
  await expect(
    page.getByRole("heading", { level: 1, name: "Stop double discounts before they eat your margin" }),
  ).toBeVisible();
  await expect(page.getByText("Illustrative", { exact: true })).toBeVisible();
  await expect(page.getByText("Sample numbers for illustration, not a customer's results.")).toBeVisible();
  for (const figure of ["10", "28", "12", "$2,340"]) {
    await expect(page.getByRole("region", { name: "Introduction" }).getByText(figure, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole("region", { name: "Trusted by" })).toContainText("Made for Shopify stores");
  const features = page.locator("#features");
  for (const title of ["Prevent stacking", "Real-time alerts", "Configurable rules", "Audit trail"]) {
    await expect(features.getByRole("heading", { name: title })).toBeVisible();
  }
  await expect(page.getByRole("region", { name: "How it works" }).locator(".mg-step-number")).toHaveText([
    "1",
    "2",
    "3",
  ]);

  const pricing = page.locator("#pricing");
  await expect(pricing.getByRole("region", { name: "Free plan" })).toContainText("$0");
  await expect(pricing.getByRole("region", { name: "Core plan" })).toContainText("$29/month");
  await expect(pricing.getByRole("region", { name: "Core plan" })).toContainText("Most Value");
  const plus = pricing.getByRole("region", { name: "Plus plan" });
  await expect(plus).toContainText("$79/month");
  await expect(plus.getByRole("button", { name: "Coming Soon" })).toBeDisabled();

  const integrations = page.getByRole("region", { name: "Integrations" });
  for (const title of ["Chat", "E-mail", "Webhooks", "Analytics"]) {
    await expect(integrations.getByRole("heading", { name: title, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("region", { name: "Testimonials" }).getByRole("figure")).toHaveCount(3);
  const faq = page.locator("#faq");
  await faq.getByText("How is the margin calculated?").click();
  await expect(faq.getByText("Lines without a cost are reported as uncovered, never guessed.")).toBeVisible();
  const footer = page.getByRole("navigation", { name: "Legal and support" });
  for (const [label, href] of [
    ["Privacy Policy", "/privacy-policy"],
    ["Terms of Service", "/terms-of-service"],
    ["Support", "/support"],
  ]) {
    await expect(footer.getByRole("link", { name: label })).toHaveAttribute("href", href);
  }
});

test("the ROI calculator starts at the product's defaults and updates as the merchant types", async ({ page }) => {
  await page.goto("/");
  const roi = page.locator("#roi");
  await expect(roi.getByLabel("Average order value")).toHaveValue("120");
  await expect(roi.getByLabel("Monthly promo attempts")).toHaveValue("400");
  await expect(roi.getByLabel("Stacking rate")).toHaveValue("6");
  await expect(roi.getByLabel("Extra discount leaked")).toHaveValue("35");
  await expect(roi.getByRole("region", { name: "Monthly leakage" })).toContainText("$1,008");
  await expect(roi.getByRole("region", { name: "Core savings" })).toContainText("$252/month");
  await expect(roi.getByRole("region", { name: "Plus savings" })).toContainText("$806/month");
  // what it claims is what the ROI dashboard counts: alerts flag, held orders acted on and blocks save
  await expect(roi.getByRole("region", { name: "Core savings" })).toContainText("Saved with Core (held orders)");
  // Plus is not sold yet (PLUS_PLAN_ENABLED off): its figure says so
  await expect(roi.getByRole("region", { name: "Plus savings" })).toContainText(
    "Saved with Plus (blocking, coming soon)",
  );
  await expect(roi).toContainText("An alert saves nothing by itself");
  await expect(roi).toContainText(
    "Core saves when it holds a breaching order and you cancel it or edit its discount down",
  );
  await expect(roi).not.toContainText("by alerting you");

  await roi.getByLabel("Average order value").fill("200");
  await expect(roi.getByRole("region", { name: "Monthly leakage" })).toContainText("$1,680");
  await expect(roi.getByRole("region", { name: "Core savings" })).toContainText("$420/month");
  await expect(roi.getByRole("region", { name: "Plus savings" })).toContainText("$1,344/month");

  await roi.getByLabel("Stacking rate").fill("");
  await expect(roi.getByRole("region", { name: "Monthly leakage" })).toContainText("$0");
  await expect(roi).not.toContainText("NaN");
});

test("'Open App' goes to the store admin with a shop, and alerts without one", async ({ page }) => {
  await page.goto("/privacy-policy");
  const alerts: string[] = [];
  page.on("dialog", (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  await page.getByRole("button", { name: "Open App" }).click();
  await expect.poll(() => alerts).toEqual(["Missing shop domain."]);

  await page.route("https://admin.shopify.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<h1>Shopify admin</h1>" }),
  );
  await page.goto("/privacy-policy?shop=acme-goods.myshopify.com");
  await page.getByRole("button", { name: "Open App" }).click();
  await expect(page).toHaveURL("https://admin.shopify.com/store/acme-goods/apps/margin-guardrail");
});

test("'Add to Shopify', 'Start free' and 'Watch 2-min demo' lead where docs/product.md says", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Add to Shopify" })).toHaveAttribute("href", "/auth");
  await expect(page.getByRole("link", { name: "Start free" }).first()).toHaveAttribute("href", "/auth");
  await page.getByRole("link", { name: "Watch 2-min demo" }).click();
  await expect(page).toHaveURL(/\/demo$/);
  await expect(page.getByRole("heading", { level: 1, name: "Margin Guardrail in three steps" })).toBeVisible();
  // In the demo store the install entry leads into the demo.
  await page.goto("/auth");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("inside Shopify's admin frame the install and header buttons are hidden", async ({ page, baseURL }) => {
  // Shopify's admin (served here by the test, never fetched) frames a page of the app with
  // the embedded parameters; the app allows that frame ancestor for that shop.
  const shop = "margin-guardrail-demo.myshopify.com";
  await page.route("https://admin.shopify.com/**", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<iframe src="${baseURL}/privacy-policy?shop=${shop}&host=YWRtaW4&embedded=1" style="width:1200px;height:900px"></iframe>`,
    }),
  );
  await page.goto("https://admin.shopify.com/store/margin-guardrail-demo/apps/margin-guardrail");
  const frame = page.frameLocator("iframe");
  await expect(frame.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  await expect(frame.getByRole("link", { name: "Add to Shopify" })).toHaveCount(0);
  await expect(frame.getByRole("button", { name: "Open App" })).toHaveCount(0);
});

test("any other site cannot frame the public pages", async ({ page, baseURL }) => {
  await page.route("https://evil.example/**", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<iframe src="${baseURL}/" style="width:1200px;height:900px"></iframe>`,
    }),
  );
  const blocked = page.waitForEvent("console", (message) => /frame-ancestors/.test(message.text()));
  await page.goto("https://evil.example/frame");
  await blocked;
  await expect(page.frameLocator("iframe").getByRole("heading", { level: 1 })).toHaveCount(0);
});

test("the landing page requests nothing but its own assets", async ({ page, baseURL }) => {
  const requests: { url: string; type: string }[] = [];
  page.on("request", (request) => requests.push({ url: request.url(), type: request.resourceType() }));
  await page.goto("/", { waitUntil: "networkidle" });
  await page.locator("#roi").getByLabel("Monthly promo attempts").fill("500");
  await page.waitForLoadState("networkidle");
  expect(requests.length).toBeGreaterThan(1);
  for (const request of requests) {
    expect(new URL(request.url).origin, request.url).toBe(new URL(baseURL!).origin);
    // The browser asks for the favicon itself, as type "other".
    const types =
      new URL(request.url).pathname === "/favicon.svg"
        ? ["other", "image"]
        : ["document", "script", "stylesheet", "image", "font"];
    expect(types, request.url).toContain(request.type);
  }
});

test("unknown marketing paths get the 404 page", async ({ page }) => {
  const response = await page.goto("/pricing-plans");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
});
