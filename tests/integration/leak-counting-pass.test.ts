// The leak detector's counting pass (docs/architecture.md#an-order-webhook-to-a-delivered-alert):
// evaluated orders wait with codesWaiting; a pass takes them 100 to a transaction, records each
// (order, code) once, counts every customer and country once, and leaves a longer backlog than
// one pass takes for the next, saying so; two passes at once count each order once.
import { describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { ensureShop } from "../../app/db/shops.server";
import { orderFactsFromPayload } from "../../app/domain/monitoring/order-payload";
import { COUNT_BATCH } from "../../app/services/leaks/code-usage.server";
import { countCodeUsage } from "../../app/services/monitoring/evaluation.server";
import { orderPayload } from "../fixtures/orders";

/** Evaluated orders with SPRING10 (and WELCOME on every fifth), waiting to be counted. */
async function waitingOrders(shopId: string, count: number, from = 0) {
  await prisma.orderEvaluation.createMany({
    data: Array.from({ length: count }, (_, offset) => {
      const index = from + offset;
      const codes = index % 5 === 0 ? ["SPRING10", "WELCOME"] : ["SPRING10"];
      const read = orderFactsFromPayload({
        ...(orderPayload({
          id: 7_000_000 + index,
          number: 7_000 + index,
          customerId: 100 + (index % 40),
          codes: codes.map((code) => ({ code, amount: "5.00", type: "fixed_amount" })),
          applications: codes.map((code) => ({
            type: "discount_code",
            target: "line_item",
            valueType: "fixed_amount",
            value: "5.0",
            code,
          })),
          lines: [{ variant: 1, product: 1, price: { shop: "100.00" }, allocations: [] }],
        }) as Record<string, unknown>),
        shipping_address: { country_code: ["US", "CA", "GB"][index % 3] },
      });
      if (!read.ok) throw new Error(read.error);
      return {
        shopId,
        webhookId: `counting-${shopId}-${index}`,
        topic: "orders/create",
        orderId: read.facts.orderId,
        facts: read.facts as object,
        customerId: read.customerId,
        status: "done",
        codesWaiting: true,
        createdAt: new Date(Date.UTC(2026, 10, 20, 12, 0, 0) + index * 1_000),
      };
    }),
  });
}

const usage = (shopId: string, codeKey: string) =>
  prisma.codeUsage.findUniqueOrThrow({ where: { shopId_codeKey: { shopId, codeKey } } });

describe("the leak detector's counting pass", () => {
  it("takes a backlog 100 to a transaction, each order and code once, customers and countries once", async () => {
    const shop = await ensureShop("counting-a.myshopify.com", { currency: "USD" });
    await waitingOrders(shop.id, 2 * COUNT_BATCH + 50);
    const pass = await countCodeUsage(new Date(Date.UTC(2026, 10, 20, 13)));
    expect(pass).toMatchObject({ orders: 250, more: false });
    expect(await usage(shop.id, "spring10")).toMatchObject({
      code: "SPRING10",
      uses: 250,
      customers: 40,
      countries: 3,
    });
    expect(await usage(shop.id, "welcome")).toMatchObject({ uses: 50, customers: 8 });
    expect(await prisma.orderEvaluation.count({ where: { shopId: shop.id, codesWaiting: true } })).toBe(0);
    // the same orders delivered again (another webhook id) add nothing
    await prisma.orderEvaluation.updateMany({ where: { shopId: shop.id }, data: { codesWaiting: true } });
    expect(await countCodeUsage()).toMatchObject({ orders: 250 });
    expect(await usage(shop.id, "spring10")).toMatchObject({ uses: 250, customers: 40, countries: 3 });
    expect(await prisma.codeRedemption.count({ where: { shopId: shop.id } })).toBe(300);
  });

  it("leaves what one pass does not take for the next, and says more wait", async () => {
    const shop = await ensureShop("counting-b.myshopify.com", { currency: "USD" });
    await waitingOrders(shop.id, 20 * COUNT_BATCH + 10);
    expect(await countCodeUsage()).toMatchObject({ orders: 20 * COUNT_BATCH, more: true });
    expect(await countCodeUsage()).toMatchObject({ orders: 10, more: false });
    expect((await usage(shop.id, "spring10")).uses).toBe(20 * COUNT_BATCH + 10);
  });

  it("counts each order once when two passes run at once", async () => {
    const shop = await ensureShop("counting-c.myshopify.com", { currency: "USD" });
    await waitingOrders(shop.id, 300);
    const [first, second] = await Promise.all([countCodeUsage(), countCodeUsage()]);
    expect(first.orders + second.orders).toBe(300);
    expect(await usage(shop.id, "spring10")).toMatchObject({ uses: 300, customers: 40, countries: 3 });
  });
});
