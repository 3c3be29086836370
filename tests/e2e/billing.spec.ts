import { planCardLines } from "../../app/domain/billing/plan-features";
import { startAppServer, type AppServer } from "../helpers/app-server";
import { clickToNavigate, downgradeToFree, expect, test, toast } from "./fixtures";
import { axeViolations, screenshotsAt } from "./screens-axe";

// Billing in the demo store (docs/product.md#billing, docs/product.md#plans):
// the error page's variants, the plan cards per plan and flag, and the whole path through the
// demo's stand-in of Shopify's confirmation page.

const VARIANTS = [
  {
    type: "declined",
    title: "Payment Declined",
    action: "Try Again",
    href: "/pricing?shop=margin-guardrail-demo.myshopify.com",
  },
  {
    type: "cancelled",
    title: "Subscription Cancelled",
    action: "Try Again",
    href: "/pricing?shop=margin-guardrail-demo.myshopify.com",
  },
  {
    type: "timeout",
    title: "Process Timeout",
    action: "Try Again",
    href: "/pricing?shop=margin-guardrail-demo.myshopify.com",
  },
  {
    type: "invalid_token",
    title: "Authentication Error",
    action: "Reconnect Store",
    href: "/?shop=margin-guardrail-demo.myshopify.com&force_oauth=1",
  },
  {
    type: "verification_failed",
    title: "Verification Failed",
    action: "Check Subscription Status",
    href: "/billing/success?shop=margin-guardrail-demo.myshopify.com",
  },
  { type: "other", title: "Billing Error", action: null, href: null },
];

test("each billing error variant says what happened and offers its way on, the Dashboard and Support", async ({
  page,
}) => {
  for (const variant of VARIANTS) {
    await page.goto(`/billing/error?type=${variant.type}&shop=margin-guardrail-demo.myshopify.com`);
    await expect(page.getByRole("heading", { level: 1, name: variant.title })).toBeVisible();
    if (variant.action) {
      await expect(page.getByRole("link", { name: variant.action })).toHaveAttribute("href", variant.href!);
    } else {
      await expect(page.getByRole("link", { name: "Try Again" })).toHaveCount(0);
    }
    await expect(page.getByRole("link", { name: "Go to Dashboard" })).toHaveAttribute(
      "href",
      "/dashboard?shop=margin-guardrail-demo.myshopify.com",
    );
    await expect(page.getByRole("link", { name: "Contact Support" })).toHaveAttribute(
      "href",
      "/support?shop=margin-guardrail-demo.myshopify.com",
    );
    await expect(page.getByText("What happened")).toHaveCount(0);
  }
  // a message of its own is shown; Try Again leads back to the plans
  await page.goto("/billing/error?type=declined&message=Your%20card%20was%20declined.");
  await expect(page.getByText("Your card was declined.")).toBeVisible();
  await page.getByRole("link", { name: "Try Again" }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole("region", { name: "Core" }).getByRole("button", { name: "Current Plan" })).toBeDisabled();
});

test("the pricing cards follow the plan, and Plus is Coming Soon while the Plus flag is off", async ({ page }) => {
  await page.goto("/pricing");
  const card = (name: string) => page.getByRole("region", { name });
  await expect(card("Free").getByRole("button", { name: "Downgrade to Free" })).toBeEnabled();
  await expect(card("Core").getByRole("button", { name: "Current Plan" })).toBeDisabled();
  await expect(card("Core").getByText("Most Value")).toBeVisible();
  await expect(card("Plus").getByRole("button", { name: "Coming Soon" })).toBeDisabled();
  await expect(card("Plus").getByText("Coming Soon").first()).toBeVisible();
  await page.getByTestId("plus-coming-soon").first().click();
  await expect(toast(page, "Plus Plan Coming Soon")).toBeVisible();
});

test("each pricing card lists what its plan does, each plan adding to the one below", async ({ page }) => {
  await page.goto("/pricing");
  const items = (name: string) => page.getByRole("region", { name, exact: true }).getByRole("listitem");
  // the words are pinned by plan-features.test.ts; here the page shows the one list, per plan
  for (const [name, plan] of [
    ["Free", "free"],
    ["Core", "core"],
    ["Plus", "plus"],
  ] as const) {
    await expect(items(name)).toHaveText(planCardLines(plan));
  }
  await screenshotsAt(page, "pricing");
});

test.describe("with PLUS_PLAN_ENABLED=true", () => {
  let server: AppServer;
  test.beforeAll(async () => {
    server = await startAppServer({ PLUS_PLAN_ENABLED: "true" });
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test("Plus can be bought: its card and the landing page offer it", async ({ page }) => {
    await page.goto(`${server.url}/pricing`);
    const plus = page.getByRole("region", { name: "Plus" });
    await expect(plus.getByRole("button", { name: "Upgrade to Plus" })).toBeEnabled();
    await expect(plus.getByText("Coming Soon")).toHaveCount(0);
    await clickToNavigate(
      page,
      plus.getByRole("button", { name: "Upgrade to Plus" }),
      /\/billing\/confirm\?plan=plus$/,
    );
    await expect(page.getByText("Margin Guardrail Plus: $79.00 USD every 30 days")).toBeVisible();

    await page.goto(`${server.url}/`);
    const landing = page.getByRole("region", { name: "Plus plan" });
    await expect(landing.getByRole("link", { name: "Choose Plus" })).toBeVisible();
    await expect(landing.getByText("Coming Soon")).toHaveCount(0);
  });

  test("/billing/success keeps checking, and says 'Verification Timeout' after 10 attempts", async ({ page }) => {
    // a fresh shop is Free, having approved nothing (docs/product.md#plans): nothing will become active
    const plan = await page.request.get(`${server.url}/api/billing/plan`);
    expect(await plan.json()).toMatchObject({ plan: "free" });
    // the page's own clock, moved on 3 s (its polling interval) at a time, not waited for
    await page.clock.install();
    await page.goto(`${server.url}/billing/success`);
    await expect(page.getByText("Verifying your subscription...")).toBeVisible();
    for (let attempt = 2; attempt <= 10; attempt++) {
      await page.clock.fastForward(3_000);
      await expect(page.getByText(`Attempt ${attempt} of 10`)).toBeVisible();
    }
    await expect(toast(page, "Verification Timeout")).toBeVisible();
    await expect(
      toast(page, "Subscription verification is taking longer than expected. Please refresh the page."),
    ).toBeVisible();
    await expect(page.getByText("Attempt 10 of 10")).toBeVisible();
    await page.getByRole("link", { name: "What can I do?" }).click();
    await expect(page.getByRole("heading", { name: "Verification Failed" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Check Subscription Status" })).toHaveAttribute(
      "href",
      "/billing/success",
    );
  });
});

// The merchant's downgrade and upgrade, the header's plan badge following each step.
test("a downgrade pauses rules; the confirmation page declines, then approves; resuming restores them", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const header = page.getByRole("region", { name: "Page header" });
  await page.goto("/pricing");
  await expect(header.getByText("Core plan", { exact: true })).toBeVisible();
  await downgradeToFree(page);
  await expect(toast(page, "Plan Updated: Successfully downgraded to Free plan.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Free" }).getByRole("button", { name: "Current Plan" })).toBeDisabled();
  // the header's badge follows, and its button now offers the upgrade
  await expect(header.getByText("Free plan", { exact: true })).toBeVisible();
  await expect(header.getByRole("button", { name: "Upgrade to Core", exact: true })).toBeVisible();
  await screenshotsAt(page, "journey-plan-free");

  // 7 switched-on rules (with the demo's scheduled and testing rules, docs/product.md#status-and-schedule)
  // on Free: the oldest 2 stay, 5 are paused, none deleted
  await page.goto("/rules");
  await expect(page.getByText("5 rules are paused by the Free plan")).toBeVisible();
  await expect(page.getByText("2 active of your plan's 2")).toBeVisible();
  await expect(page.getByText("Paused by plan")).toHaveCount(5);
  await expect(page.getByRole("button", { name: "Resume paused rules" })).toHaveCount(0);
  await page.goto("/dashboard");
  await expect(page.getByText("5 rules are paused by the Free plan")).toBeVisible();
  await expect(page.getByRole("link", { name: "Review paused rules" })).toBeVisible();

  // upgrade: Shopify's page (the demo's stand-in) is declined
  await page.goto("/pricing");
  const upgrade = page.getByRole("region", { name: "Core" }).getByRole("button", { name: "Upgrade to Core" });
  await clickToNavigate(page, upgrade, /\/billing\/confirm\?plan=core$/);
  await expect(
    page.getByText("Margin Guardrail Core: $29.00 USD every 30 days (test charge, nothing is billed)."),
  ).toBeVisible();
  await screenshotsAt(page, "journey-plan-confirm");
  await page.getByRole("button", { name: "Decline" }).click();
  await expect(page).toHaveURL(/\/billing\/error\?type=declined/);
  await expect(page.getByRole("heading", { name: "Payment Declined" })).toBeVisible();

  // Try Again, and approve this time
  await page.getByRole("link", { name: "Try Again" }).click();
  await expect(page).toHaveURL(/\/pricing/);
  await clickToNavigate(page, upgrade, /\/billing\/confirm\?plan=core$/);
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page).toHaveURL(/\/billing\/success/);
  await expect(page.getByRole("heading", { name: "Welcome to Core" })).toBeVisible();
  await expect(toast(page, "Plan Updated")).toBeVisible();
  // the toast's close button has a name, and the page passes axe with the toast open
  await expect(toast(page, "Plan Updated").getByRole("button", { name: "Dismiss notification" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  // the upgrade resumed what the downgrade paused, and says which
  await expect(page.getByText("Resumed, with room in your new plan:")).toBeVisible();

  await expect(header.getByText("Core plan", { exact: true })).toBeVisible();
  await expect(header.getByRole("button", { name: "Downgrade to Free", exact: true })).toBeVisible();
  await screenshotsAt(page, "journey-plan-core-again");

  await page.goto("/rules");
  await expect(page.getByText("5 rules resumed by your plan")).toBeVisible();
  await expect(page.getByRole("button", { name: "Resume paused rules" })).toHaveCount(0);
  await expect(page.getByText("7 active of your plan's 10")).toBeVisible();
  await expect(page.getByText("Paused by plan")).toHaveCount(0);
});

test("a plan change that gets no answer says 'Failed to update plan' and changes nothing", async ({ page }) => {
  await page.route("**/api/billing/downgrade**", (route) => route.abort("connectionreset"));
  await page.goto("/pricing");
  await downgradeToFree(page);
  await expect(toast(page, "Failed to update plan")).toBeVisible();
  await expect(toast(page, "Error")).toBeVisible();
  await expect(page).toHaveURL(/\/billing\/error/);
  await page.unroute("**/api/billing/downgrade**");
  await page.goto("/pricing");
  await expect(page.getByRole("region", { name: "Core" }).getByRole("button", { name: "Current Plan" })).toBeDisabled();
});

test("/billing/error is the page's main landmark and passes axe, at the admin's widths", async ({ page }) => {
  for (const type of ["declined", "invalid_token", "other"]) {
    await page.goto(`/billing/error?type=${type}&shop=margin-guardrail-demo.myshopify.com`);
    await expect(page.getByRole("main")).toHaveCount(1);
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
    expect(await axeViolations(page), type).toEqual([]);
  }
  await screenshotsAt(page, "billing-error");
});
