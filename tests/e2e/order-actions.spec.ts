// A rule's order actions in the demo store (docs/product.md#order-actions): the merchant turns
// tagging and holding on in the Edit Rule dialog, a breaching order is tagged and held in the
// demo's stand-in of Shopify, and the held order is released from the Audit Log.
import { demoShopId, expect, openDatabase, signedOrder, test, toast } from "./fixtures";

const RULE = "Max 30% off any order";

function ruleId(): string {
  const db = openDatabase();
  try {
    const row = db.prepare("SELECT id FROM Rule WHERE shopId = ? AND name = ?").get(demoShopId(db), RULE) as
      { id: string } | undefined;
    if (!row) throw new Error(`The demo store has no rule "${RULE}"`);
    return row.id;
  } finally {
    db.close();
  }
}

test.afterEach(async ({ request }) => {
  // the demo store as the next test expects it: no order actions on
  const response = await request.get(`/api/rules/${ruleId()}`);
  const rule = await response.json();
  await request.put(`/api/rules/${rule.id}`, {
    data: {
      name: rule.name,
      ruleType: rule.ruleType,
      threshold: rule.threshold,
      thresholdUnit: rule.thresholdUnit,
      action: rule.action,
      orderActions: { tag: false, hold: false, flow: false },
    },
  });
});

test("a rule tags and holds a breaching order, and the hold is released from the Audit Log", async ({
  page,
  request,
}) => {
  await page.goto("/rules");
  const row = page.getByRole("region", { name: RULE, exact: true });
  await row.getByRole("button", { name: `Edit ${RULE}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Rule" });
  await expect(dialog.getByRole("heading", { name: "When this rule is breached" })).toBeVisible();
  await dialog.getByLabel("Tag the order").check();
  await dialog.getByLabel("Hold fulfilment for review").check();
  await expect(dialog.getByLabel("Start Shopify Flow workflows")).not.toBeChecked();
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Rule updated successfully")).toBeVisible();
  await expect(row).toContainText("On breach: Tag the order, Hold fulfilment for review");

  const api = await (await request.get(`/api/rules/${ruleId()}`)).json();
  expect(api.orderActions).toEqual({ tag: true, hold: true, flow: false });

  const number = 70_000 + Math.floor(Math.random() * 9_000);
  const { body, headers } = signedOrder(number);
  expect((await request.post("/webhooks/orders/create", { data: body, headers })).status()).toBe(200);

  await expect
    .poll(async () => {
      await page.goto(`/audit-log?q=%23${number}&type=fulfillment_held`);
      return page.getByRole("button", { name: "Release hold" }).count();
    })
    .toBe(1);
  await expect(page.getByText(`Fulfilment of order #${number} held for review (1 fulfilment order)`)).toBeVisible();
  await expect(page.getByText("nothing reached Shopify").first()).toBeVisible();

  await page.goto(`/audit-log?q=%23${number}&type=order_tagged`);
  await expect(
    page.getByText(`Order #${number} tagged margin-guardrail-breach, mg-max-30-off-any-order`),
  ).toBeVisible();

  await page.goto(`/audit-log?q=%23${number}&type=fulfillment_held`);
  await page.getByRole("button", { name: "Release hold" }).click();
  await expect(toast(page, `Hold on order #${number} released`)).toBeVisible();
  await expect(page.getByText("Released by the demo merchant")).toBeVisible();
  await expect(page.getByRole("button", { name: "Release hold" })).toHaveCount(0);

  await page.goto(`/audit-log?q=%23${number}&type=hold_released`);
  await expect(page.getByText(`Fulfilment hold on order #${number} released by the demo merchant`)).toBeVisible();
});
