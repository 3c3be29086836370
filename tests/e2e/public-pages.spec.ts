import fs from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures";
import { e2eOutbox } from "./demo-store";
import { screenshot } from "./screens-axe";

function mailWith(text: string) {
  const outbox = e2eOutbox();
  if (!fs.existsSync(outbox)) return null;
  for (const file of fs.readdirSync(outbox)) {
    const mail = JSON.parse(fs.readFileSync(path.join(outbox, file), "utf8"));
    if (JSON.stringify(mail).includes(text)) return mail;
  }
  return null;
}

test("each legal page has its title and its promises, in both modes", async ({ page }) => {
  await page.goto("/privacy-policy");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "What we read from Shopify" })).toBeVisible();
  await expect(page.getByText("Product costs:")).toBeVisible();

  await page.goto("/terms-of-service");
  await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
  await expect(
    page.getByText("limited to the fees you paid for the app in the 3 months before the claim arose"),
  ).toBeVisible();

  await page.goto("/data-deletion?shop=margin-guardrail-demo.myshopify.com");
  await expect(page.getByRole("heading", { level: 1, name: "Data Deletion" })).toBeVisible();
  await expect(page.getByText("deleted within 30 days after uninstall")).toBeVisible();
  await expect(page.getByText("We confirm the deletion within 5 business days.")).toBeVisible();
  // Embedded mode keeps the shop on the footer links.
  await expect(
    page.getByRole("navigation", { name: "Legal and support" }).getByRole("link", { name: "Support" }),
  ).toHaveAttribute("href", "/support?shop=margin-guardrail-demo.myshopify.com");
});

test("the support page shows the contact information and checks the form", async ({ page }) => {
  await page.goto("/support");
  const contact = page.getByRole("region", { name: "Contact information" });
  await expect(contact).toContainText("Mon–Fri 9am–5pm CST");
  await expect(contact).toContainText("We respond within 24 business hours.");

  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Name is required")).toBeVisible();
  await expect(page.getByText("Email is required")).toBeVisible();
  await expect(page.getByText("Subject is required")).toBeVisible();
  await expect(page.getByText("Message is required")).toBeVisible();

  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Message").fill("Too short");
  await page.getByLabel("Name").click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByText("Message must be at least 10 characters long")).toBeVisible();

  const subject = `Stacked codes ${Date.now()}`;
  await page.getByLabel("Name").fill("Ada Lovelace");
  await page.getByLabel("Email").fill("ada@example.com");
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Message").fill("Two codes stacked on order #1001 yesterday.");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Thanks! Your message has been sent. We reply within 24 business hours.")).toBeVisible();
  await expect(page.getByLabel("Subject")).toHaveValue("");
  await expect.poll(() => mailWith(subject)?.subject).toBe(`[Support] ${subject}`);
});

test("the Contact Sales modal sends only complete requests", async ({ page }) => {
  await page.goto("/#pricing");
  await page.getByRole("button", { name: "Contact Sales" }).click();
  const modal = page.getByRole("dialog", { name: "Contact Sales" });
  const send = modal.getByRole("button", { name: "Send" });
  await expect(send).toBeDisabled();
  await modal.getByLabel("Name", { exact: true }).fill("Grace Hopper");
  await modal.getByLabel("Email").fill("grace@");
  await expect(send).toBeDisabled();
  const store = `Hopper Goods ${Date.now()}`;
  await modal.getByLabel("Store name").fill(store);
  await modal.getByLabel("Message").fill("We run 40 promotions a month.");
  await expect(send).toBeEnabled();
  await send.click();
  await expect(modal.getByText("Please enter a valid email address")).toBeVisible();
  await modal.getByLabel("Email").fill("grace@example.com");
  await send.click();
  await expect(modal.getByText("Thanks! Our sales team will reply within one business day.")).toBeVisible();
  await expect(modal.getByLabel("Name", { exact: true })).toHaveValue("");
  await expect(send).toBeDisabled();
  await expect.poll(() => mailWith(store)?.subject).toBe(`[Sales] ${store}`);
});

test("the admin pricing page opens Contact Sales too", async ({ page }) => {
  await page.goto("/pricing");
  await page.getByRole("button", { name: "Contact Sales" }).click();
  await expect(page.getByRole("dialog", { name: "Contact Sales" })).toBeVisible();
});

test("/demo is a three-step tour with real screenshots and a call to install", async ({ page }) => {
  const images: number[] = [];
  page.on("response", (response) => {
    if (response.url().includes("/tour/")) images.push(response.status());
  });
  await page.goto("/demo", { waitUntil: "networkidle" });
  for (const step of ["1. Define a rule", "2. Catch a risky order", "3. See the value protected"]) {
    const section = page.getByRole("region", { name: step });
    await expect(section.getByRole("heading", { name: step })).toBeVisible();
    const image = section.getByRole("img");
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((node: HTMLImageElement) => node.naturalWidth)).toBe(1280);
  }
  expect(images).toEqual([200, 200, 200]);
  // it promises only what a merchant can have: blocking is Plus's, and Plus is not sold yet
  await expect(page.getByRole("region", { name: "1. Define a rule" })).toContainText(
    "Checkout blocking comes with Plus, coming soon.",
  );
  await expect(page.getByRole("link", { name: "Add to Shopify" }).last()).toHaveAttribute("href", "/auth");
});

// The 1280×800 screenshots keep their shape at every width (they were drawn
// 645×800 when the CSS set a width and left the height to the attribute).
test("/demo draws its screenshots in their own 1280×800 shape at 375, 800 and 1280 px", async ({ page }) => {
  for (const width of [375, 800, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/demo", { waitUntil: "networkidle" });
    const images = page.getByRole("region", { name: "Product tour" }).getByRole("img");
    await expect(images).toHaveCount(3);
    for (const image of await images.all()) {
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(() => image.evaluate((node: HTMLImageElement) => node.complete && node.naturalWidth))
        .toBe(1280);
      const box = await image.evaluate((node: HTMLImageElement) => ({
        natural: node.naturalWidth / node.naturalHeight,
        drawn: node.clientWidth / node.clientHeight,
        width: node.clientWidth,
      }));
      expect(box.natural).toBeCloseTo(1280 / 800, 3);
      expect(Math.abs(box.drawn - box.natural), `${width} px: drawn ${box.drawn}`).toBeLessThan(0.01);
      expect(box.width).toBeLessThanOrEqual(width);
    }
    // no sideways scrolling of the page
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await screenshot(page, { path: `tests/.tmp/screens/demo-${width}.png`, fullPage: true });
  }
});
