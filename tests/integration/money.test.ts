// What "saved" means, through the real engine (docs/product.md#what-the-figures-count): orders
// posted as Shopify's webhooks, a hold placed through the (stand-in) Admin API, cancellations
// and edits as orders/updated, a checkout blocked by the live validation; the ROI report, the
// Dashboard, /api/roi/summary and the Audit Log's orders behind each figure agree, and each
// order counts once, never more than its discount.
import { beforeAll, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { newStandInState } from "../../app/demo/admin-stand-in";
import { checkoutPayload } from "../../app/demo/checkout-payload-builder";
import { moneyOf } from "../../app/domain/monitoring/order-money";
import { channelSender } from "../../app/services/alerts/delivery.server";
import { loadDashboard } from "../../app/services/dashboard/dashboard.server";
import { moneyBehind } from "../../app/services/roi/money-figures.server";
import { roiReport } from "../../app/services/roi/roi-report.server";
import { forgetShopRules } from "../../app/services/rules/cache.server";
import { orderPayload } from "../fixtures/orders";
import { installFakeAdminApi } from "../helpers/fake-admin-api";
import { coreShopWithLimit } from "../helpers/breaches";
import { adminRequest, routeArgs, settle, storeOfflineSession, webhookRequest } from "../helpers/shopify";
import { testWorkers } from "../helpers/workers";
import { createOrderWorker } from "../../app/services/monitoring/worker.server";
import { graphqlForShopDomain } from "../../app/services/admin-api/admin-graphql.server";
import { logger } from "../../app/logger.server";
import { startReceiver } from "../helpers/receiver";
import { releaseHold } from "../../app/services/actions/release-hold.server";

// this file's own workers (docs/architecture.md#background-workers), sending to local addresses
const workers = testWorkers({ send: channelSender({ guard: false }) });
// an order worker that wakes no alert worker: the order actions it queues wait until drained
const ordersAlone = createOrderWorker({ graphqlForShop: graphqlForShopDomain, kickAlerts: () => undefined, logger });

const SHOP = "money.myshopify.com";
// the shop's hourly digests go to this webhook receiver
const receiver = await startReceiver();
const state = newStandInState();
installFakeAdminApi(
  [
    {
      id: "gid://shopify/ProductVariant/1",
      inventoryItemId: "gid://shopify/InventoryItem/1",
      unitCost: "30.00",
      collectionIds: [],
    },
  ],
  {
    standIn: state,
  },
);

/** A $100 order with one code per amount (dollars), as orders/create or orders/updated sends it. */
function order(id: number, amounts: number[], extra: Record<string, unknown> = {}) {
  const codes = amounts.map((amount, index) => ({ code: `C${index}-${amount}`, amount: `${amount}.00` }));
  return {
    ...orderPayload({
      id,
      number: id,
      codes: codes.map((code) => ({ ...code, type: "fixed_amount" as const })),
      applications: codes.map((code) => ({
        type: "discount_code" as const,
        target: "line_item" as const,
        valueType: "fixed_amount" as const,
        value: code.amount,
        code: code.code,
      })),
      lines: [
        {
          variant: 1,
          product: 1,
          price: { shop: "100.00" },
          allocations: codes.map((code, index) => ({ index, amount: { shop: code.amount } })),
        },
      ],
    }),
    ...extra,
  };
}

let webhooks = 0;
async function post(
  topic: "orders/create" | "orders/updated" | "checkouts/create",
  payload: unknown,
  options: { actions: boolean } = { actions: true },
) {
  const route =
    topic === "orders/create"
      ? await import("../../app/routes/webhooks.orders.create")
      : topic === "orders/updated"
        ? await import("../../app/routes/webhooks.orders.updated")
        : await import("../../app/routes/webhooks.checkouts.create");
  webhooks += 1;
  const request = webhookRequest(topic, SHOP, payload, { webhookId: `money-${webhooks}` });
  const response = (await settle(() => route.action(routeArgs(request)))) as Response;
  expect(response.status).toBe(200);
  // the order actions (and alerts) run now, unless the test keeps them waiting
  if (!options.actions) return ordersAlone.drain();
  await workers.orders.drain();
  await workers.alerts.drain();
}

const rowOf = (shopId: string, number: number) =>
  prisma.orderMoney.findUniqueOrThrow({
    where: { shopId_subject: { shopId, subject: `gid://shopify/Order/${number}` } },
  });

describe("money counted once, saved apart from flagged", () => {
  let shopId: string;
  beforeAll(async () => {
    // rules: max 20% (from the helper), a $30 cap, one discount at a time, and max 40% that holds the order
    shopId = await coreShopWithLimit(SHOP);
    await storeOfflineSession(SHOP);
    await prisma.alertSettings.update({
      where: { shopId },
      data: { emailEnabled: false, webhookEnabled: true, webhooks: [`${receiver.url}/digest`], frequency: "hourly" },
    });
    const rule = (name: string, ruleType: string, data: Record<string, unknown>) =>
      prisma.rule.create({ data: { shopId, name, ruleType, threshold: "0", conditions: {}, ...data } });
    await rule("At most $30", "max_discount_amount", { thresholdUnit: "AMOUNT", thresholdAmountCents: 3_000 });
    await rule("One discount", "stacking_prevention", { thresholdUnit: "PERCENT", thresholdPercent: 0 });
    await rule("Hold past 40%", "max_discount", { thresholdUnit: "PERCENT", thresholdPercent: 40, holdOrder: true });
    // the checkout validation is deployed and live, at 40%
    await prisma.functionConfig.update({
      where: { shopId },
      data: { thresholdPercent: 40, validationId: "gid://shopify/Validation/1", validationEnabled: true },
    });
    forgetShopRules(shopId);

    // #9201: 45% off with two codes breaks all four rules; held; then cancelled
    await post("orders/create", order(9201, [30, 15]));
    await post("orders/updated", order(9201, [30, 15], { cancelled_at: new Date().toISOString() }));
    // #9202: the same, held, then edited down to one $25 code
    await post("orders/create", order(9202, [30, 15]));
    await post("orders/updated", order(9202, [25]));
    // #9203: one $35 code (two rules), went through, then edited down to $25
    await post("orders/create", order(9203, [35]));
    await post("orders/updated", order(9203, [25]));
    // #9204: no discount
    await post("orders/create", order(9204, []));
    // #9205: as #9201, cancelled before its hold was placed
    await post("orders/create", order(9205, [30, 15]), { actions: false });
    await post("orders/updated", order(9205, [30, 15], { cancelled_at: new Date().toISOString() }));
    // a checkout with $50 off, blocked by the 40% validation (twice: one checkout)
    const checkout = checkoutPayload({
      token: "money-checkout-1",
      lines: [{ title: "Walnut desk tidy", price: "100.00" }],
      codes: [{ code: "HALF", amount: "50.00" }],
      customer: null,
    });
    await post("checkouts/create", checkout);
    await post("checkouts/create", checkout);
  });

  it("counts a cancelled held order as recovered: its overage when held, once", async () => {
    const breaches = await prisma.auditEvent.findMany({
      where: { shopId, orderName: "#9201", eventType: "rule_triggered" },
    });
    expect(breaches).toHaveLength(4);
    // the old figure added every breach: $25 + $15 + $15 + $5 of a $45 discount
    expect(breaches.reduce((sum, event) => sum + (event.marginSavedCents ?? 0), 0)).toBe(6_000);
    expect(
      await prisma.auditEvent.count({ where: { shopId, orderName: "#9201", eventType: "fulfillment_held" } }),
    ).toBe(1);
    const row = await rowOf(shopId, 9201);
    expect(row).toMatchObject({ discountCents: 4_500, overageCents: 2_500, heldOverageCents: 2_500, cancelled: true });
    expect(row).toMatchObject({ stoppedCents: 0, recoveredCents: 2_500, flaggedCents: 0 });
  });

  it("counts a held order edited down as recovered by what the edit took off; the rest is flagged", async () => {
    const row = await rowOf(shopId, 9202);
    expect(row).toMatchObject({ discountCents: 2_500, overageCents: 500, heldOverageCents: 2_500 });
    expect(row).toMatchObject({ recoveredCents: 2_000, flaggedCents: 500 });
  });

  it("replaces an edited order's figure instead of adding to it, and never counts an order that went through as saved", async () => {
    const row = await rowOf(shopId, 9203);
    expect(row).toMatchObject({ discountCents: 2_500, overageCents: 500, heldOverageCents: null });
    expect(row).toMatchObject({ stoppedCents: 0, recoveredCents: 0, flaggedCents: 500 });
    expect(await prisma.orderMoney.count({ where: { shopId, subject: "gid://shopify/Order/9204" } })).toBe(0);
  });

  it("counts a blocked checkout as stopped, once", async () => {
    const rows = await prisma.orderMoney.findMany({ where: { shopId, subject: { startsWith: "checkout:" } } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ subject: "checkout:money-checkout-1", discountCents: 5_000, stoppedCents: 1_000 });
  });

  it("never counts more than an order's discount, and every row splits as the domain says", async () => {
    for (const row of await prisma.orderMoney.findMany({ where: { shopId } })) {
      const kind = row.subject.startsWith("checkout:") ? "checkout" : "order";
      expect({
        stoppedCents: row.stoppedCents,
        recoveredCents: row.recoveredCents,
        flaggedCents: row.flaggedCents,
      }).toEqual(moneyOf({ ...row, kind }));
      expect(row.stoppedCents + row.recoveredCents + row.flaggedCents).toBeLessThanOrEqual(
        Math.max(row.discountCents, row.heldOverageCents ?? 0),
      );
    }
  });

  it("gives the same saved and flagged on the ROI dashboard, the Dashboard, the API and the Audit Log's orders", async () => {
    // saved: $10 stopped + $25 + $20 recovered; flagged: $5 + $5
    const shop = { id: shopId, plan: "core" as const, timezone: "UTC", currency: "USD" };
    const report = await roiReport(shop, "this_month");
    expect(report).toMatchObject({
      totalSavedCents: 5_500,
      stoppedCents: 1_000,
      recoveredCents: 4_500,
      flaggedCents: 1_000,
    });
    expect(report.blockedCheckouts).toBe(1);
    const dashboard = await loadDashboard(shop);
    expect(dashboard.roi).toMatchObject({ totalSavedCents: 5_500, flaggedCents: 1_000 });
    const { loader } = await import("../../app/routes/api.roi.summary");
    const body = await (
      (await settle(async () => loader(routeArgs(await adminRequest("/api/roi/summary", SHOP))))) as Response
    ).json();
    expect(body).toMatchObject({ totalSaved: 55, stopped: 10, recovered: 45, flaggedAmount: 10 });
    // the Audit Log's lists behind each figure add up to the figure itself
    const params = (figure: string) =>
      new URLSearchParams({ figure, from: report.period.start.toISOString(), to: report.period.end.toISOString() });
    const saved = (await moneyBehind(shop, params("saved")))!;
    expect(saved.totalCents).toBe(5_500);
    expect(saved.rows.map((row) => row.label).sort()).toEqual(["#9201", "#9202", "Checkout money-ch"].sort());
    expect(saved.rows.reduce((sum, row) => sum + row.countedCents, 0)).toBe(5_500);
    expect(saved.rows.find((row) => row.label === "#9201")?.outcome).toBe("Held, then cancelled");
    const flagged = (await moneyBehind(shop, params("flagged")))!;
    expect(flagged.rows.map((row) => row.label).sort()).toEqual(["#9202", "#9203"]);
    expect(flagged.rows.reduce((sum, row) => sum + row.countedCents, 0)).toBe(1_000);
    expect(flagged.totalCents).toBe(1_000);
    // a hand-edited link with no figure or a bad date lists nothing
    expect(await moneyBehind(shop, new URLSearchParams({ figure: "everything", from: "2026-01-01" }))).toBeNull();
    expect(await moneyBehind(shop, new URLSearchParams({ figure: "saved", from: "soon" }))).toBeNull();
  });

  it("records what became of each breaching order: cancelled, or edited down, and what it counts", async () => {
    const outcomes = await prisma.auditEvent.findMany({
      where: { shopId, eventType: { in: ["order_cancelled", "order_edited_down"] } },
      orderBy: { orderName: "asc" },
    });
    expect(outcomes.map((event) => [event.orderName, event.eventType, event.message])).toEqual([
      [
        "#9201",
        "order_cancelled",
        "Order #9201 cancelled after the app held it: $25.00 over the limit kept in the store (saved)",
      ],
      [
        "#9202",
        "order_edited_down",
        "Order #9202 edited down after the app held it: $20.00 taken off the overage (saved), $5.00 still over the limit (flagged)",
      ],
      ["#9203", "order_edited_down", "Order #9203 edited down: $5.00 still over the limit (flagged)"],
      [
        "#9205",
        "order_cancelled",
        "Order #9205 cancelled; the app had not held it, so it counts as neither saved nor flagged",
      ],
    ]);
  });

  it("closes a cancelled order's hold: no Release hold, and a hold still waiting is never placed", async () => {
    const { loader } = await import("../../app/routes/_admin.audit-log");
    const page = (await settle(async () => loader(routeArgs(await adminRequest("/audit-log", SHOP))))) as Awaited<
      ReturnType<typeof loader>
    >;
    const holdOf = (name: string) =>
      page.groups
        .find((group) => group.orderName === name)
        ?.events.find((event) => event.eventType === "fulfillment_held")?.hold;
    expect(holdOf("#9201")).toEqual({ closed: "Order cancelled" });
    expect(holdOf("#9202")).toEqual({ closed: null });
    const held = await prisma.auditEvent.findFirstOrThrow({
      where: { shopId, orderName: "#9201", eventType: "fulfillment_held" },
    });
    const refused = await releaseHold(shopId, held.id, "the merchant", null);
    expect(refused).toMatchObject({
      ok: false,
      error: { status: 409, message: "Order #9201 was cancelled: its hold closed with it" },
    });
    // #9205 was cancelled before the worker placed its hold
    const holds = await prisma.alertAndActionOutbox.findMany({
      where: { shopId, channel: "order_hold", actionKey: { contains: "gid://shopify/Order/9205|" } },
    });
    expect(holds.map((row) => [row.status, row.lastError])).toEqual([
      ["dropped", "Not done: the order was cancelled or edited down to within the limits"],
    ]);
    expect(
      await prisma.auditEvent.count({ where: { shopId, orderName: "#9205", eventType: "fulfillment_held" } }),
    ).toBe(0);
  });

  it("gives the hourly digest of these orders the ROI's saved and flagged, not its breaches' sum", async () => {
    const release = new Date(Date.now() - 1_000);
    await prisma.alertAndActionOutbox.updateMany({
      where: { shopId, status: "held" },
      data: { nextAttemptAt: release },
    });
    const before = receiver.received.length;
    expect(await workers.alerts.gatherDueDigests(new Date())).toBe(1);
    await workers.alerts.drain();
    const deliveries = receiver.received.slice(before);
    expect(deliveries).toHaveLength(1);
    const body = JSON.parse(deliveries[0].body);
    expect(body.type).toBe("alert.digest");
    // #9201 held then cancelled ($25) + #9202 held then edited down ($20); flagged: #9202 and #9203, $5 each
    expect(body.saved).toEqual([{ currency: "USD", amount: "45.00" }]);
    expect(body.flagged).toEqual([{ currency: "USD", amount: "10.00" }]);
    expect(body.over_limit).toEqual(body.flagged);
    receiver.close();
  });
});
