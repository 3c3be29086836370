// Schedules and the testing status on the Rules page and in the Audit Log
// (docs/product.md#rules, docs/product.md#status-and-schedule).
import { demoShopId, expect, openDatabase, signedOrder, tableRows, test, toast } from "./fixtures";
import { screenshotsAt } from "./screens-axe";
import { chooseAuditFilter } from "./audit-filters";

const NAME = "E2E trial: max 10% off";

test("the demo's scheduled and testing rules say so on the Rules page", async ({ page }) => {
  await page.goto("/rules");
  const blackFriday = page.getByRole("region", { name: "Black Friday week: max 30% off" });
  // the week of the year the demo was seeded: ahead, in force or ended, as the seed's day falls
  await expect(blackFriday).toContainText(
    /Scheduled · starts Nov 2\d, 20\d\d, 12:00 AM|Ends Dec \d, 20\d\d, 12:00 AM|Ended Dec \d, 20\d\d, 12:00 AM/,
  );
  const trial = page.getByRole("region", { name: "Trial: max 15% off" });
  await expect(trial.getByText("Testing", { exact: true })).toBeVisible();
  await expect(trial).toContainText(/\d+ would-have breach(es)? while testing \(no alerts, no order actions\)/);
});

test("a merchant sets a rule to Testing with a schedule, sees it listed, and finds its would-have breach", async ({
  page,
  request,
}) => {
  await page.goto("/rules");
  try {
    await page.getByRole("region", { name: "Page header" }).getByRole("button", { name: "Add Rule" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Rule" });
    await dialog.getByLabel("Name").fill(NAME);
    await dialog.getByLabel("Maximum Discount (%)", { exact: true }).fill("10");
    await expect(dialog.getByLabel("Status")).toHaveValue("active");
    await dialog.getByLabel("Status").selectOption("testing");
    await expect(
      dialog.getByText("Testing: breaches are recorded in the Audit Log as would-have events.", { exact: false }),
    ).toBeVisible();
    await expect(dialog.getByText("In the shop's time zone (America/Chicago).", { exact: false })).toBeVisible();
    // an end before the start is refused on the field, and nothing is saved
    await dialog.getByLabel("Starts (optional)").fill("2026-12-01T00:00");
    await dialog.getByLabel("Ends (optional)").fill("2026-11-01T00:00");
    await dialog.getByRole("button", { name: "Add Rule" }).click();
    await expect(dialog.getByText("End must be after the start")).toBeVisible();
    await dialog.getByLabel("Starts (optional)").fill("2026-01-01T00:00");
    await dialog.getByLabel("Ends (optional)").fill("2030-01-01T00:00");
    await screenshotsAt(page, "schedules-dialog", [375, 1040]);
    await dialog.getByRole("button", { name: "Add Rule" }).click();
    await expect(toast(page, "Rule created successfully")).toBeVisible();

    const listed = page.getByRole("region", { name: NAME });
    await expect(listed.getByText("Testing", { exact: true })).toBeVisible();
    await expect(listed.getByText("Ends Jan 1, 2030, 12:00 AM", { exact: true })).toBeVisible();
    await expect(listed).toContainText("0 would-have breaches while testing (no alerts, no order actions)");

    // the edit dialog starts from what was saved, in the shop's zone
    await listed.getByRole("button", { name: `Edit ${NAME}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Rule" });
    await expect(edit.getByLabel("Status")).toHaveValue("testing");
    await expect(edit.getByLabel("Starts (optional)")).toHaveValue("2026-01-01T00:00");
    await expect(edit.getByLabel("Ends (optional)")).toHaveValue("2030-01-01T00:00");
    await edit.getByRole("button", { name: "Cancel" }).click();

    // a breaching order: the testing rule records what it would have done, and alerts nobody
    const number = 80_000 + Math.floor(Math.random() * 9_000);
    const { body, headers } = signedOrder(number);
    expect((await request.post("/webhooks/orders/create", { data: body, headers })).status()).toBe(200);
    const tested = async () =>
      (
        (await (await request.get(`/api/audit?q=%23${number}&type=rule_tested`)).json()) as {
          events: { ruleName: string }[];
        }
      ).events.map((event) => event.ruleName);
    await expect.poll(tested).toContain(NAME);

    await page.goto(`/audit-log?q=%23${number}`);
    await chooseAuditFilter(page, "Event type", "Would have triggered (testing)");
    await expect(page).toHaveURL(/type=rule_tested/);
    const rows = tableRows(page);
    await expect(rows.first()).toContainText(`#${number}`);
    await expect(rows.first()).toContainText("Would have triggered (testing)");
    await screenshotsAt(page, "schedules-audit-log", [375, 1040]);

    await page.goto("/rules");
    await expect(page.getByRole("region", { name: NAME })).toContainText(
      "1 would-have breach while testing (no alerts, no order actions)",
    );
    await screenshotsAt(page, "schedules-rules", [375, 1040]);
  } finally {
    // the demo store as the next test expects it
    const db = openDatabase();
    const rows = db.prepare(`SELECT id FROM "Rule" WHERE "shopId" = ? AND "name" = ?`).all(demoShopId(db), NAME) as {
      id: string;
    }[];
    db.close();
    for (const { id } of rows) await request.post("/rules", { form: { intent: "delete", id } });
  }
});

test("a rule being edited with a schedule is backtested on the orders inside its window only", async ({ page }) => {
  await page.goto("/rules");
  await page.getByRole("region", { name: "Page header" }).getByRole("button", { name: "Add Rule" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Rule" });
  await dialog.getByLabel("Name").fill("E2E backtest: last week at 1%");
  await dialog.getByLabel("Maximum Discount (%)", { exact: true }).fill("1");
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  await dialog.getByLabel("Starts (optional)").fill(`${day(-7)}T00:00`);
  await dialog.getByLabel("Ends (optional)").fill(`${day(2)}T00:00`);
  await dialog.getByRole("button", { name: "Test this rule on the last 60 days of orders" }).click();
  // the demo's sample orders span 60 days: the rule judges only the last week's
  const row = dialog.getByRole("row", { name: /E2E backtest: last week at 1%/ });
  await expect(row).toContainText(/\d+ of [\d,]+ orders? inside its schedule/, { timeout: 20_000 });
  const inside = Number(/of ([\d,]+) orders? inside/.exec((await row.textContent()) ?? "")![1].replace(/,/g, ""));
  const all = Number(/\(([\d,]+) orders?,/.exec((await dialog.textContent()) ?? "")![1].replace(/,/g, ""));
  expect(inside).toBeGreaterThan(0);
  expect(inside).toBeLessThan(all);
  await screenshotsAt(page, "schedules-backtest");
  // a backtest saves nothing: the rule was never added
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("region", { name: "E2E backtest: last week at 1%" })).toHaveCount(0);
});
