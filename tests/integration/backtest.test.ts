// Backtests (docs/architecture.md#a-backtest): the shop's orders of the last 60 days read from a
// fake Admin API on 127.0.0.1, a page at a time, with a throttled answer waited out; the results
// equal evaluating the same orders' webhook payloads directly; nothing reaches the audit log.
import { beforeAll, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { DEMO_CATALOG, sampleOrder, seededRandom, variantGid } from "../../app/demo/demo-store";
import { graphqlOrderNode } from "../../app/demo/graphql-order-builder";
import { orderPayload } from "../../app/demo/order-payload-builder";
import {
  finishTally,
  ladderRules,
  newTally,
  tallyOrder,
  type BacktestResults,
} from "../../app/domain/backtest/backtest";
import { evaluateOrder, type EvaluableRule } from "../../app/domain/monitoring/evaluate";
import { centsToDecimal } from "../../app/domain/money";
import { orderFactsFromPayload } from "../../app/domain/monitoring/order-payload";
import { ensureShop } from "../../app/db/shops.server";
import { demoCatalogVariants, installFakeAdminApi } from "../helpers/fake-admin-api";
import { adminRequest, routeArgs, settle, storeOfflineSession } from "../helpers/shopify";

const { action: start } = await import("../../app/routes/api.backtest");
const { loader: read } = await import("../../app/routes/api.backtest.$id");

const SHOP = "backtest-a.myshopify.com";
const OTHER = "backtest-b.myshopify.com";
const DAY = 86_400_000;
const NOW = Date.now();

/** 40 sample orders in the window, 6 older ones outside it, and one with 14 lines (read in two parts). */
function payloads() {
  const rand = seededRandom(7);
  const inside = Array.from({ length: 40 }, (_, index) =>
    sampleOrder(rand, 7_100_000 + index, 2001 + index, new Date(NOW - (1 + index) * DAY)),
  );
  const outside = Array.from({ length: 6 }, (_, index) =>
    sampleOrder(rand, 7_200_000 + index, 3001 + index, new Date(NOW - (61 + index) * DAY)),
  );
  const big = orderPayload({
    id: 7_300_000,
    number: 4001,
    createdAt: new Date(NOW - 2 * DAY).toISOString(),
    codes: [{ code: "BULK", amount: "300.00", type: "fixed_amount" }],
    applications: [
      { type: "discount_code", target: "line_item", valueType: "fixed_amount", value: "300.0", code: "BULK" },
    ],
    lines: Array.from({ length: 14 }, (_, index) => {
      const item = DEMO_CATALOG[index % DEMO_CATALOG.length];
      return {
        variant: item.variant,
        product: item.product,
        price: { shop: centsToDecimal(item.priceCents) },
        // the discount sits on the last lines: read only if the rest of the order is read
        allocations: index >= 10 ? [{ index: 0, amount: { shop: "75.00" } }] : [],
      };
    }),
  });
  return { inside: [...inside, big], outside };
}

const orders = payloads();
let throttledPages: number[] = [];
const fake = installFakeAdminApi(demoCatalogVariants(), {
  orders: [...orders.inside, ...orders.outside].map(graphqlOrderNode),
  // the second page is refused once, as Shopify does when the bucket is short
  throttleOrders: (page) =>
    throttledPages.includes(page)
      ? {
          requestedQueryCost: 500,
          actualQueryCost: null,
          throttleStatus: { maximumAvailable: 1000, currentlyAvailable: 100, restoreRate: 10_000 },
        }
      : null,
  cost: {
    requestedQueryCost: 400,
    actualQueryCost: 120,
    throttleStatus: { maximumAvailable: 1000, currentlyAvailable: 880, restoreRate: 10_000 },
  },
});

async function post(shop: string, body?: unknown) {
  const init: RequestInit = body
    ? { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } }
    : { method: "POST" };
  const request = await adminRequest("/api/backtest", shop, { init });
  return (await settle(async () => start(routeArgs(request)))) as Response;
}

async function get(shop: string, id: string) {
  const request = await adminRequest(`/api/backtest/${id}`, shop);
  return (await settle(async () => read({ ...routeArgs(request), params: { id } }))) as Response;
}

async function finished(id: string): Promise<{ status: string; results: BacktestResults } & Record<string, unknown>> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const body = await (await get(SHOP, id)).json();
    if (body.status !== "running") return body;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("the backtest did not finish");
}

/** The same orders' webhook payloads, evaluated directly with the catalog's costs and collections. */
function direct(rules: EvaluableRule[], stacking: { enabled: boolean; blockedStacking: string[][] }, suggest = false) {
  const tally = newTally(rules, "USD", suggest);
  const evaluated = suggest ? [...rules, ...ladderRules()] : rules;
  const catalog = new Map(DEMO_CATALOG.map((item) => [variantGid(item.variant), item]));
  for (const payload of [...orders.inside].sort((a, b) => a.created_at.localeCompare(b.created_at))) {
    const read = orderFactsFromPayload(payload);
    if (!read.ok) throw new Error(read.error);
    const facts = {
      ...read.facts,
      lines: read.facts.lines.map((line) => {
        const item = catalog.get(line.variantId ?? "");
        return { ...line, unitCostCents: item?.costCents ?? null, collectionIds: item?.collections ?? [] };
      }),
    };
    tallyOrder(tally, facts, new Date(payload.created_at).toISOString(), evaluateOrder(facts, evaluated, stacking));
  }
  return finishTally(tally);
}

const RULES = [
  {
    id: "bt-max",
    name: "Max 30% off",
    ruleType: "max_discount",
    threshold: "30",
    thresholdPercent: 30,
    thresholdUnit: "PERCENT",
  },
  {
    id: "bt-cap",
    name: "Cap at $50",
    ruleType: "max_discount_amount",
    threshold: "50",
    thresholdAmountCents: 5000,
    thresholdUnit: "AMOUNT",
  },
  {
    id: "bt-margin",
    name: "Keep 25% margin",
    ruleType: "margin_floor",
    threshold: "25",
    thresholdPercent: 25,
    thresholdUnit: "PERCENT",
  },
  {
    id: "bt-stack",
    name: "One promotion",
    ruleType: "stacking_prevention",
    threshold: "0",
    thresholdAmountCents: 0,
    thresholdUnit: "AMOUNT",
  },
];
const STACKING = { enabled: true, blockedStacking: [["DiscountCodeBasic", "DiscountAutomaticBasic"]] };
let shopId = "";

beforeAll(async () => {
  const shop = await ensureShop(SHOP);
  shopId = shop.id;
  await prisma.shop.update({ where: { id: shop.id }, data: { plan: "core", planCheckedAt: new Date() } });
  await ensureShop(OTHER);
  await storeOfflineSession(SHOP);
  await storeOfflineSession(OTHER);
  for (const rule of RULES) {
    await prisma.rule.create({ data: { ...rule, shopId: shop.id, currency: "USD", action: "alert", conditions: {} } });
  }
  await prisma.stackingSettings.update({ where: { shopId: shop.id }, data: STACKING });
});

const evaluable = (): EvaluableRule[] =>
  RULES.map((rule) => ({
    id: rule.id,
    name: rule.name,
    ruleType: rule.ruleType,
    thresholdUnit: rule.thresholdUnit,
    thresholdPercent: rule.thresholdPercent ?? null,
    thresholdAmountCents: rule.thresholdAmountCents ?? null,
  }));

describe("POST /api/backtest and GET /api/backtest/{id}", () => {
  it("reads every order of the window page by page, waits out a throttled page, and equals a direct evaluation", async () => {
    throttledPages = [2];
    const before = {
      events: await prisma.auditEvent.count({ where: { shopId } }),
      outbox: await prisma.alertAndActionOutbox.count({ where: { shopId } }),
      checks: await prisma.orderCheck.count({ where: { shopId } }),
    };
    const response = await post(SHOP);
    expect(response.status).toBe(202);
    const started = await response.json();
    expect(started).toMatchObject({ status: "running", scope: { rules: "shop", suggest: false } });

    const done = await finished(started.id);
    expect(done.status).toBe("done");
    expect(done).toMatchObject({ ordersTotal: 41, ordersRead: 41, progress: 100, error: null });
    const { reads, ...results } = done.results;
    const expected = direct(evaluable(), STACKING);
    expect(results).toEqual({ ...expected, reads: undefined, rules: expected.rules });
    expect(results.ordersScanned).toBe(41);
    expect(results.ordersBreached).toBeGreaterThan(0);
    expect(results.rules.map((rule) => rule.ruleId)).toEqual(RULES.map((rule) => rule.id));

    // 41 orders at 7 a page: 6 pages, the second asked twice; the 14-line order read on its own
    const pages = fake.operations.filter((operation) => operation.query.includes("query BacktestOrders("));
    expect(pages).toHaveLength(7);
    expect(pages[1].variables.after).toBe(pages[2].variables.after);
    expect(fake.operations.some((operation) => operation.query.includes("BacktestOrderRest"))).toBe(true);
    expect(reads).toMatchObject({ rateLimitWaits: 1 });
    // (500 - 100) points at 10,000 a second
    expect(reads!.waitedMs).toBe(40);
    const bigOrder = results.rules
      .find((rule) => rule.ruleId === "bt-cap")!
      .worst.find((order) => order.orderName === "#4001");
    expect(bigOrder?.totalDiscountCents).toBe(30_000);

    // a backtest records nothing but itself
    expect(await prisma.auditEvent.count({ where: { shopId } })).toBe(before.events);
    expect(await prisma.alertAndActionOutbox.count({ where: { shopId } })).toBe(before.outbox);
    expect(await prisma.orderCheck.count({ where: { shopId } })).toBe(before.checks);
  });

  it("tests a rule being edited, read by the Rule Builder's schema, and suggests a rule", async () => {
    throttledPages = [];
    const response = await post(SHOP, {
      rule: { name: "Draft 20%", ruleType: "max_discount", threshold: "20", thresholdUnit: "PERCENT" },
      suggest: true,
    });
    expect(response.status).toBe(202);
    const done = await finished((await response.json()).id);
    const draft: EvaluableRule = {
      id: "draft",
      name: "Draft 20%",
      ruleType: "max_discount",
      thresholdUnit: "PERCENT",
      thresholdPercent: 20,
      thresholdAmountCents: null,
    };
    const expected = direct([draft], STACKING, true);
    expect({ ...done.results, reads: null }).toEqual(expected);
    expect(done.results.suggestion?.rule).toMatchObject({ ruleType: "max_discount", thresholdUnit: "PERCENT" });
  });

  it("refuses bad input with the field's message and starts nothing", async () => {
    const count = await prisma.backtest.count({ where: { shopId } });
    const bad = await post(SHOP, { rule: { name: "", ruleType: "max_discount", threshold: "lots" } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toMatchObject({
      name: ["Name is required"],
      threshold: ["Must be a valid positive number"],
    });
    const notObject = await post(SHOP, { rule: "everything" });
    expect(notObject.status).toBe(400);
    expect(await prisma.backtest.count({ where: { shopId } })).toBe(count);
  });

  it("runs one backtest per shop at a time, and keeps each shop's to itself", async () => {
    const running = await prisma.backtest.create({
      data: { shopId, scope: { rules: "shop", suggest: false }, sinceAt: new Date(NOW - 60 * DAY) },
    });
    const refused = await post(SHOP);
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toMatch(/already running/);
    expect((await get(OTHER, running.id)).status).toBe(404);
    expect((await get(SHOP, running.id)).status).toBe(200);
    // a run whose process ended (its row stopped moving) does not block the next
    await prisma.backtest.update({ where: { id: running.id }, data: { updatedAt: new Date(NOW - 10 * 60_000) } });
    const view = await (await get(SHOP, running.id)).json();
    expect(view).toMatchObject({ status: "failed", error: expect.stringMatching(/stopped before it finished/) });
    const again = await post(SHOP);
    expect(again.status).toBe(202);
    await finished((await again.json()).id);
  });
});
