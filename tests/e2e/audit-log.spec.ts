import fs from "node:fs";
import { demoShopId, expect, openDatabase, signedOrder, tableRows, test } from "./fixtures";

/** How many rule_created events the demo shop has now: other tests create rules too. */
function ruleCreatedEvents(): number {
  const db = openDatabase();
  const row = db
    .prepare(`SELECT COUNT(*) AS n FROM "AuditEvent" WHERE "shopId" = ? AND "eventType" = 'rule_created'`)
    .get(demoShopId(db)) as { n: number };
  db.close();
  return row.n;
}

test("a signed webhook posted to the running app shows in the Audit Log and on the Dashboard", async ({
  page,
  request,
}) => {
  const number = 70_000 + Math.floor(Math.random() * 9_000);
  const { body, headers } = signedOrder(number);
  const forged = await request.post("/webhooks/orders/create", {
    data: body,
    headers: { ...headers, "X-Shopify-Hmac-Sha256": "Zm9yZ2Vk" },
  });
  expect(forged.status()).toBe(401);
  const response = await request.post("/webhooks/orders/create", { data: body, headers });
  expect(response.status()).toBe(200);

  // its 4 breaches (and, when alerts are on and not held by quiet hours, their alert_sent events)
  const breaches = async () =>
    (await (await request.get(`/api/audit?q=%23${number}&type=rule_triggered`)).json()).events.length;
  await expect.poll(breaches).toBe(4);

  await page.goto("/audit-log");
  await page.getByLabel("Search").fill(`#${number}`);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`q=%23${number}`));
  await page.getByLabel("Event type").selectOption("rule_triggered");
  await expect(page).toHaveURL(/type=rule_triggered/);
  const rows = tableRows(page);
  await expect(rows).toHaveCount(4);
  await expect(page.getByText(`Order #${number} took 57.1% off, above the 30% limit`)).toBeVisible();
  await expect(page.getByText(`Order #${number} was discounted $80.00, above the $50.00 cap`)).toBeVisible();
  await expect(rows.first()).toContainText("E2ESTACK");
  await expect(page.getByText("57.1%").first()).toBeVisible();
  await expect(page.getByText("$140.00").first()).toBeVisible();

  await page.goto("/dashboard");
  const monitoring = page.getByRole("region", { name: "Real-time Monitoring" });
  await expect(monitoring).toContainText(`#${number}`);
});

test("search and filters narrow the audit log, and pages go back in time", async ({ page }) => {
  await page.goto("/audit-log");
  await expect(tableRows(page)).toHaveCount(50);
  // the bands the severity filter applies, stacking's by the number of discounts combined too
  await expect(page.getByText("critical, 50% or more past the threshold")).toBeVisible();
  await expect(page.getByText("Stacking prevention: medium, up to 2 discounts combined;")).toBeVisible();
  await page.getByLabel("Severity").selectOption("critical");
  await expect(page).toHaveURL(/severity=critical/);
  // Polaris badges also carry a hidden label for screen readers: compare words, not text.
  await expect
    .poll(async () => {
      const rows = await tableRows(page).count();
      const texts = await tableRows(page)
        .getByRole("cell", { name: /^(low|medium|high|critical)/i })
        .allTextContents();
      return (
        texts.length === rows &&
        rows > 0 &&
        texts.every((text) => /critical/i.test(text) && !/low|medium|high/i.test(text))
      );
    })
    .toBe(true);
  await page.getByLabel("Event type").selectOption("rule_created");
  await expect(page.getByText("No Audit Logs Yet", { exact: true })).toBeVisible();
  await expect(page.getByText("No events match these filters.")).toBeVisible();
  await page.getByLabel("Severity").selectOption("");
  // as many as the database holds now: other tests create rules too
  const created = ruleCreatedEvents();
  await expect(tableRows(page)).toHaveCount(created);

  await page.goto("/audit-log?q=staff40");
  const first = await tableRows(page).first().textContent();
  await page.getByRole("button", { name: "Older" }).click();
  await expect(page).toHaveURL(/cursor=/);
  await expect(tableRows(page).first()).not.toHaveText(first ?? "");
  for (const row of await tableRows(page).all()) await expect(row).toContainText("STAFF40");
  await page.getByRole("button", { name: "Newest" }).click();
  await expect(page).not.toHaveURL(/cursor=/);
});

test("Export CSV downloads the filtered events", async ({ page }) => {
  await page.goto("/audit-log?type=rule_created");
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync((await download.path())!, "utf8");
  const lines = text.trim().split("\r\n");
  expect(lines[0].startsWith("created_at,event_type,severity,order_name")).toBe(true);
  const created = ruleCreatedEvents();
  expect(lines).toHaveLength(created + 1);
  expect(lines.slice(1).every((line) => line.includes(",rule_created,"))).toBe(true);
  expect(text).toContain("Max 30% off any order");
});
