// The leak detector's first-time share with the code rules' new-account rule in force
// (docs/product.md#new-accounts-and-big-codes, docs/product.md#leaked-codes): signed orders/create
// webhooks from accounts younger than the rule's days count as first-time customers, an account
// exactly that old does not, and without the rule only first orders do.
import { beforeAll, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { codeRulesSchema } from "../../app/forms/code-rules";
import { percentCodeOrder } from "../fixtures/orders";
import { installedShops, routeArgs, webhookRequest } from "../helpers/shopify";
import { testWorkers } from "../helpers/workers";

const createRoute = await import("../../app/routes/webhooks.orders.create");

const WITH_RULE = "leak-new-accounts.myshopify.com";
const WITHOUT = "leak-new-accounts-off.myshopify.com";
const { orders } = testWorkers();
const DAY = 86_400_000;
const PLACED = "2026-11-20T12:00:00Z";

/** A $100 order with BIG40 by customer `customer`, whose account is `ageMs` old when it orders. */
function order(number: number, customer: number, ageMs: number, ordersCount?: number) {
  const payload = percentCodeOrder("BIG40", 40, { id: 950_000 + number, number, customerId: customer }) as Record<
    string,
    unknown
  >;
  return {
    ...payload,
    created_at: PLACED,
    customer: {
      id: customer,
      tags: "",
      created_at: new Date(Date.parse(PLACED) - ageMs).toISOString(),
      ...(ordersCount === undefined ? {} : { orders_count: ordersCount }),
    },
  };
}

async function deliver(shop: string, payload: unknown) {
  const response = (await createRoute.action(routeArgs(webhookRequest("orders/create", shop, payload)))) as Response;
  expect(response.status).toBe(200);
  await orders.drain();
}

const usage = (shopId: string) =>
  prisma.codeUsage.findUniqueOrThrow({ where: { shopId_codeKey: { shopId, codeKey: "big40" } } });

let withRule = "";
let without = "";

beforeAll(async () => {
  [withRule, without] = await installedShops(WITH_RULE, WITHOUT);
  for (const id of [withRule, without]) {
    await prisma.shop.update({ where: { id }, data: { plan: "core", planCheckedAt: new Date() } });
  }
  const settings = codeRulesSchema.parse({ newAccountDays: 30, newAccountMaxPercent: 25 });
  await prisma.codeRuleSettings.create({ data: { shopId: withRule, settings } });
});

describe("the first-time share with the new-account rule", () => {
  it("counts accounts younger than the rule's days as first-time, exactly that old not", async () => {
    for (const shop of [WITH_RULE, WITHOUT]) {
      await deliver(shop, order(1, 1, 3 * DAY, 4)); // a new account's fourth order
      await deliver(shop, order(2, 2, 30 * DAY - 1000, 2)); // a second short of 30 days
      await deliver(shop, order(3, 3, 30 * DAY, 2)); // exactly 30 days: not new
      await deliver(shop, order(4, 4, 400 * DAY, 1)); // an old account's first order
      await deliver(shop, order(5, 5, DAY)); // the payload says no order count: new by its age
      await deliver(shop, order(6, 6, 400 * DAY)); // neither: not known
    }
    // orders 1, 2, 4 and 5 first-time; order 3 not; order 6 not known
    expect(await usage(withRule)).toMatchObject({ uses: 6, firstKnown: 5, firstTime: 4 });
    // without the rule only the payload's order count says
    expect(await usage(without)).toMatchObject({ uses: 6, firstKnown: 4, firstTime: 1 });
  });
});
