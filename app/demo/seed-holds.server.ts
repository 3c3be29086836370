/**
 * The demo store's held orders (docs/product.md#what-the-figures-count): a rule of the demo holds
 * the fulfilment of the orders it catches, and the merchant reviews them, so "Saved" means what it
 * means in a store. The seed does what the app's worker and Shopify would have done, through the
 * app's own code: each hold the engine queued is placed by the order action (in a stand-in of
 * Shopify kept in this process) and recorded as the worker records it, at its time; then the
 * merchant cancels some held orders and edits others down (Shopify's orders/updated, evaluated by
 * the engine, which counts what that recovered), releases others (Release hold), and leaves the
 * latest ones waiting for review. Nothing here writes money: the engine does.
 */
import prisma from "../db.server";
import { storedEvent } from "../db/outbox-claims.sql.server";
import { ACTION_CHANNELS, actionEvent, actionOfChannel, type ActionEvent } from "../domain/actions/order-actions";
import { orderFactsFromPayload } from "../domain/monitoring/order-payload";
import { runOrderAction } from "../services/actions/order-actions.server";
import type { ActionClient } from "../services/actions/admin-client.server";
import { releaseHold } from "../services/actions/release-hold.server";
import { recordAuditEvents } from "../services/audit/events.server";
import { evaluateShopOrders } from "../services/monitoring/evaluation.server";
import { answerStandIn, newStandInState } from "./admin-stand-in";
import { seededRandom, withoutStackedPromotions, type buildDemoStore } from "./demo-store";
import { orderPayload } from "./order-payload-builder";

type DemoStore = ReturnType<typeof buildDemoStore>;

/** What the merchant did with a held order, in turn over the held orders, oldest first. */
const REVIEWS = ["cancel", "release", "edit", "release"] as const;
type Review = (typeof REVIEWS)[number];

/** The merchant reviews a held order this many hours after the hold, at most (at least 2). */
const REVIEW_WITHIN_HOURS = 20;
const HOUR_MS = 3_600_000;
/** How long a sample action took, after it was due. */
const SAMPLE_ACTION_MS = 1_200;

export interface SeededHolds {
  held: number;
  cancelled: number;
  edited: number;
  released: number;
  /** the breach events the edited orders recorded (an edited order that still breaks a rule) */
  events: number;
}

/** The Admin API of a stand-in of Shopify kept in this process: the seed's, as the app's is the demo's. */
function inProcessStandIn(): ActionClient {
  const state = newStandInState();
  return {
    standIn: true,
    graphql: async (query, options) =>
      Response.json(answerStandIn(state, { query, variables: options?.variables ?? {} })),
  };
}

export async function seedHeldOrders(
  shop: { id: string; domain: string },
  demo: DemoStore,
  now: Date,
): Promise<SeededHolds> {
  const client = inProcessStandIn();
  const held = await settleSampleActions(shop, now, client);
  const reviews = reviewsOf(demo, held, now);
  const done: SeededHolds = { held: held.length, cancelled: 0, edited: 0, released: 0, events: 0 };
  for (const review of reviews) {
    if (review.kind === "release") {
      const released = await releaseHold(shop.id, review.heldEventId, "the demo merchant", client, { at: review.at });
      if (!released.ok) throw new Error(`The demo's release of ${review.orderName} failed: ${released.error.message}`);
      done.released += 1;
      continue;
    }
    const parsed = orderFactsFromPayload(review.payload);
    if (!parsed.ok) throw new Error(`The demo's ${review.kind} of ${review.orderName} is unreadable: ${parsed.error}`);
    const [created] = await evaluateShopOrders(
      shop.id,
      [{ shopId: shop.id, topic: "orders/updated", facts: parsed.facts, customerId: parsed.customerId, at: review.at }],
      async () => null,
      { history: true },
    );
    done.events += created ?? 0;
    if (review.kind === "cancel") done.cancelled += 1;
    else done.edited += 1;
  }
  return done;
}

interface PlacedHold {
  heldEventId: string;
  orderId: string;
  orderName: string;
  at: Date;
}

/**
 * The order actions the engine queued that were due before `now`, done as the worker does them
 * (runOrderAction, then the action's audit event with the outbox row sent and its attempt), at
 * the time they would have been. Returns the holds placed, oldest first.
 */
export async function settleSampleActions(
  shop: { id: string; domain: string },
  now: Date,
  client = inProcessStandIn(),
): Promise<PlacedHold[]> {
  const due = await prisma.alertAndActionOutbox.findMany({
    where: {
      shopId: shop.id,
      status: "pending",
      channel: { in: Object.values(ACTION_CHANNELS) },
      nextAttemptAt: { lte: now },
    },
    orderBy: [{ nextAttemptAt: "asc" }, { id: "asc" }],
  });
  const rand = seededRandom(6262);
  const placed: PlacedHold[] = [];
  for (const row of due) {
    const action = actionOfChannel(row.channel)!;
    const event = storedEvent(row.payload) as ActionEvent;
    const done = await runOrderAction(action, event, shop.domain, client);
    if (!done.ok) throw new Error(`The demo's ${action} of ${event.orderName ?? "?"} failed: ${done.error.message}`);
    const durationMs = 150 + Math.round(rand() * 600);
    const at = new Date(Math.min(now.getTime(), row.nextAttemptAt.getTime() + SAMPLE_ACTION_MS + durationMs));
    const { outcome } = done.value;
    await prisma.$transaction(async (tx) => {
      await tx.alertAndActionOutbox.update({
        where: { id: row.id },
        data: { status: "sent", attempts: 1, sentAt: at },
      });
      await tx.alertAttempt.create({
        data: { outboxId: row.id, shopId: shop.id, attemptedAt: at, ok: true, durationMs },
      });
      if (!outcome) return;
      const [recorded] = await recordAuditEvents(
        shop.id,
        [actionEvent(row.id, row.auditEventId, event, outcome, { standIn: true, at })],
        tx,
      );
      if (recorded && outcome.action === "hold" && event.orderId) {
        placed.push({ heldEventId: recorded.id, orderId: event.orderId, orderName: event.orderName ?? "?", at });
      }
    });
  }
  return placed;
}

type PlannedReview =
  | { kind: "release"; heldEventId: string; orderName: string; at: Date }
  /** payload: the order as Shopify's orders/updated would have sent it after the change */
  | { kind: "cancel" | "edit"; orderName: string; payload: unknown; at: Date };

/**
 * What the merchant did with each held order, a few hours after its hold: in turn, cancelled,
 * edited down (the promotions stacked on its first taken off; one with a single promotion is
 * released instead) or released. Orders whose review time has not come are still on hold.
 * In time order.
 */
export function reviewsOf(demo: DemoStore, held: PlacedHold[], now: Date): PlannedReview[] {
  const orders = new Map(demo.orders.map((order) => [order.payload.admin_graphql_api_id, order]));
  const rand = seededRandom(7373);
  const reviews: PlannedReview[] = [];
  let turn = 0;
  for (const hold of held) {
    const at = new Date(hold.at.getTime() + (2 + rand() * (REVIEW_WITHIN_HOURS - 2)) * HOUR_MS);
    const order = orders.get(hold.orderId);
    if (!order || at > now) continue;
    let kind: Review = REVIEWS[turn % REVIEWS.length]!;
    turn += 1;
    const edited = kind === "edit" ? withoutStackedPromotions(order.spec) : null;
    if (kind === "edit" && !edited) kind = "release";
    const stamped = (payload: ReturnType<typeof orderPayload>, extra: Record<string, string> = {}) => ({
      ...payload,
      updated_at: at.toISOString(),
      ...extra,
    });
    if (kind === "release") reviews.push({ kind, heldEventId: hold.heldEventId, orderName: hold.orderName, at });
    else if (kind === "cancel")
      reviews.push({
        kind,
        orderName: hold.orderName,
        payload: stamped(order.payload, { cancelled_at: at.toISOString(), cancel_reason: "customer" }),
        at,
      });
    else reviews.push({ kind, orderName: hold.orderName, payload: stamped(orderPayload(edited!)), at });
  }
  return reviews.sort((a, b) => a.at.getTime() - b.at.getTime());
}
