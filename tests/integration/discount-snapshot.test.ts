// The discounts kept for one discount's check (docs/product.md#checking-one-discount): the first
// check reads the whole list and keeps it, later checks read only the discount checked; the
// discounts/* webhooks keep the list (a change read again by its id, a deletion forgotten); a list a
// day old is read again behind the check; and the carts are the orders the app received, each at
// its latest facts, a cancelled order none.
import { beforeEach, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { cacheCatalogVariants } from "../../app/demo/seed.server";
import { DEMO_CATALOG } from "../../app/demo/demo-store";
import { DEMO_DISCOUNT_IDS, demoShopDiscounts } from "../../app/demo/shop-discounts";
import { ensureShop } from "../../app/db/shops.server";
import type { AdminGraphql } from "../../app/services/admin-api/admin-graphql.server";
import { checkDiscount } from "../../app/services/preflight/check.server";
import { followSnapshotDiscount, SNAPSHOT_FRESH_MS } from "../../app/services/preflight/discount-snapshot.server";
import { waitUntil } from "../helpers/app-server";
import { catalogOrder, receiveOrders } from "../helpers/catalog-orders";

const NOW = new Date();

/** A stand-in of Shopify's discountNodes: the demo's discounts (changed by `edit`), the search by `id:`, 10 a page. */
function shopify() {
  let nodes = demoShopDiscounts(NOW);
  const queries: string[] = [];
  const graphql = (async (_query: string, options?: { variables?: Record<string, unknown> }) => {
    const variables = options?.variables ?? {};
    queries.push(String(variables.query));
    const number = /^id:(\d+)$/.exec(String(variables.query))?.[1];
    const matching = number ? nodes.filter((node) => node.id.endsWith(`/${number}`)) : nodes;
    const from = variables.after ? Number(variables.after) : 0;
    const page = matching.slice(from, from + Number(variables.first));
    const next = from + page.length;
    return Response.json({
      data: {
        discountNodes: { nodes: page, pageInfo: { hasNextPage: next < matching.length, endCursor: String(next) } },
      },
    });
  }) as unknown as AdminGraphql;
  return {
    graphql,
    queries,
    edit(change: (list: typeof nodes) => typeof nodes) {
      nodes = change(nodes);
    },
  };
}

/** Two sunglasses ($240, Summer Sale) ordered `daysAgo`; `cancelled` as Shopify says it. */
const sunglassesOrder = (id: number, daysAgo: number, cancelled = false) => {
  const order = catalogOrder({ id, number: id - 7_000_000 + 7000, daysAgo, now: NOW.getTime() }, [
    { title: "Sunglasses", quantity: 2 },
  ]);
  return { ...order, payload: { ...order.payload, ...(cancelled && { cancelled_at: NOW.toISOString() }) } };
};

let shop: { id: string; domain: string; currency: string };
const current = async () => prisma.shop.findUniqueOrThrow({ where: { id: shop.id } });
const kept = async () =>
  (await prisma.discountSnapshot.findMany({ where: { shopId: shop.id }, select: { discountId: true } })).length;
const check = async (source: ReturnType<typeof shopify>, discountId: string = DEMO_DISCOUNT_IDS.summer20) => {
  const result = await checkDiscount(await current(), { discountId }, 60, source.graphql, NOW);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};

describe("the discounts kept for one discount's check", () => {
  beforeEach(async () => {
    const domain = `snapshot-${Math.random().toString(36).slice(2, 8)}.myshopify.com`;
    shop = await ensureShop(domain, { currency: "USD" });
    await cacheCatalogVariants(shop.id, DEMO_CATALOG);
    await receiveOrders(shop.id, [sunglassesOrder(7_000_001, 3)]);
  });

  it("reads the whole list once and keeps it; later checks read only the discount checked", async () => {
    const source = shopify();
    const total = demoShopDiscounts(NOW).length;
    const first = await check(source);
    expect(first.discountsRead).toBe(total);
    expect(await kept()).toBe(total);
    expect((await current()).discountsReadAt).not.toBeNull();
    const listPages = source.queries.filter((query) => query.startsWith("status:")).length;
    expect(listPages).toBe(Math.ceil(total / 10));

    source.queries.length = 0;
    const second = await check(source);
    expect(source.queries).toEqual([`id:${DEMO_DISCOUNT_IDS.summer20.split("/").pop()}`]);
    expect(second.worst).toEqual(first.worst);
  });

  it("follows the discounts/* webhooks: a change read again by its id, a deletion forgotten", async () => {
    const source = shopify();
    const before = await check(source);
    expect(before.worst?.automatic).toContain("Summer Sale 15% off");
    const summerSale = demoShopDiscounts(NOW).find((node) => node.discount.title === "Summer Sale 15% off")!;

    // the merchant ends the automatic Summer Sale: Shopify no longer lists it as active or scheduled
    source.edit((nodes) => nodes.filter((node) => node.id !== summerSale.id));
    await followSnapshotDiscount(await current(), summerSale.id, { graphql: source.graphql, rollouts: true });
    const after = await check(source);
    expect(after.worst?.automatic).not.toContain("Summer Sale 15% off");
    expect(after.discountsRead).toBe(before.discountsRead - 1);

    await followSnapshotDiscount(await current(), DEMO_DISCOUNT_IDS.welcome10, "deleted");
    expect(await kept()).toBe(before.discountsRead - 2);
  });

  it("reads a list a day old again behind the check, which answers from the kept one", async () => {
    const source = shopify();
    await check(source);
    await prisma.shop.update({
      where: { id: shop.id },
      data: { discountsReadAt: new Date(NOW.getTime() - SNAPSHOT_FRESH_MS - 60_000) },
    });
    source.queries.length = 0;
    await check(source);
    await waitUntil(async () => (await current()).discountsReadAt!.getTime() > NOW.getTime() - 60_000, 10_000);
    expect(source.queries.filter((query) => query.startsWith("status:")).length).toBeGreaterThan(0);
  });

  it("replays each received order at its latest facts, and a cancelled order not at all", async () => {
    const source = shopify();
    const once = await check(source);
    expect(once.cartsScanned).toBe(1);
    // orders/updated for the same order, then another order received and later cancelled
    await receiveOrders(shop.id, [sunglassesOrder(7_000_001, 2), sunglassesOrder(7_000_002, 1)]);
    await receiveOrders(shop.id, [sunglassesOrder(7_000_002, 0.5, true)]);
    const again = await check(source);
    expect(again.cartsScanned).toBe(1);
    expect(again.worst?.orderName).toBe(once.worst?.orderName);
  });
});
