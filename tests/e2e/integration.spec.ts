import Database from "better-sqlite3";
import { demoShopId, expect, openDatabase, test } from "./fixtures";

test("the Integration Center's app status counts orders waiting and failed", async ({ page }) => {
  const db = new Database("tests/.tmp/e2e.sqlite", { fileMustExist: true });
  const shopId = demoShopId(db);
  const insert = db.prepare(`INSERT INTO "OrderEvaluation" ("id", "shopId", "webhookId", "topic", "orderId", "facts",
    "status", "attempts", "createdAt", "nextAttemptAt", "lastError") VALUES (?, ?, ?, 'orders/create', ?, '{}', 'failed', 3, ?, ?, 'database is locked')`);
  const ids = ["e2e-failed-1", "e2e-failed-2"];
  // failed orders whose next try is an hour away: the worker leaves them be during the test
  for (const id of ids) insert.run(id, shopId, id, `gid://shopify/Order/${id}`, Date.now(), Date.now() + 3_600_000);
  try {
    await page.goto("/integration");
    const status = page.getByRole("region", { name: "App status" });
    await expect(status.getByRole("group", { name: "Orders waiting to be checked" })).toContainText("None");
    await expect(
      status.getByRole("group", { name: "Orders whose check failed (retried automatically)" }),
    ).toContainText("2");
  } finally {
    db.prepare(`DELETE FROM "OrderEvaluation" WHERE "id" IN (?, ?)`).run(...ids);
    db.close();
  }
  const check = openDatabase();
  expect(
    (check.prepare(`SELECT COUNT(*) AS n FROM "OrderEvaluation" WHERE "status" = 'failed'`).get() as { n: number }).n,
  ).toBe(0);
  check.close();
});
