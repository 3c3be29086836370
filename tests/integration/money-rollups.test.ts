// Money rollups equal a full recomputation (docs/architecture.md#counts-and-money): random
// histories of orders breaching, edited up and down, held then cancelled or released, checkouts
// blocked (and repeated), alerts sent, in several time zones, at local midnights and around changes of daylight saving
// time, and a shop whose time zone changes. For every period the app shows (this week, month,
// quarter, year and the one before each, with their chart buckets) the ROI report, which reads the
// rollups, equals the same figures computed from every OrderMoney row and event; so does the
// Dashboard's ROI summary; and the rollups kept in step equal rollups rebuilt from scratch.
import { seededRandom } from "../../app/domain/seeded-random";
import { TZDate } from "@date-fns/tz";
import { startOfDay } from "date-fns";
import { describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { rebuildMoneyRollups, selectMoneyRollups } from "../../app/db/money-rollups.sql.server";
import { ensureShop } from "../../app/db/shops.server";
import type { NewAuditEvent } from "../../app/domain/audit/audit-events";
import { moneyTotals, type OrderEvaluated } from "../../app/domain/monitoring/order-money";
import { ROI_RANGES, type RoiRange } from "../../app/domain/roi/periods";
import { PLANS } from "../../app/domain/billing/plans";
import { subscriptionCostCents } from "../../app/domain/roi/roi";
import {
  aggregateMoney,
  elapsedDays,
  periodContaining,
  previousPeriod,
  roiFigures,
  timeframeBuckets,
  type Period,
} from "../../app/domain/roi/roi-report";
import { recordAuditEvents } from "../../app/services/audit/events.server";
import { roiSince } from "../../app/services/roi/roi.server";
import { roiReport } from "../../app/services/roi/roi-report.server";
import { recordOrderEvaluations } from "../../app/services/roi/order-money.server";
import { ensureMoneyRollups } from "../../app/services/roi/rollups.server";

/** mulberry32: the same history for the same seed */
function random(seed: number) {
  const next = seededRandom(seed);
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
  };
}
type Random = ReturnType<typeof random>;

const NOW = new Date("2026-11-25T12:00:00.000Z");
const DAY = 86_400_000;

/** Changes of offset in the zones below, 2025-2026 (UTC), around which times are drawn. */
const DST_CHANGES = [
  "2025-03-09T07:00:00Z",
  "2025-11-02T06:00:00Z",
  "2025-03-30T01:00:00Z",
  "2025-10-26T01:00:00Z",
  "2025-04-05T15:00:00Z",
  "2025-10-04T15:30:00Z",
  "2025-04-06T03:00:00Z",
  "2025-09-07T04:00:00Z",
  "2026-03-08T07:00:00Z",
  "2026-11-01T06:00:00Z",
  "2026-03-29T01:00:00Z",
  "2026-10-25T01:00:00Z",
  "2026-04-04T15:00:00Z",
  "2026-10-03T15:30:00Z",
  "2026-04-05T03:00:00Z",
  "2026-09-06T04:00:00Z",
  "2026-04-05T14:00:00Z",
  "2026-09-26T14:00:00Z",
].map((at) => Date.parse(at));

const ZONES = [
  "America/New_York",
  "Europe/London",
  "Australia/Lord_Howe",
  "Asia/Kathmandu",
  "America/Santiago",
  "Pacific/Chatham",
  "UTC",
] as const;

/** UTC days the Dashboard's summary is asked from (its window starts at a UTC midnight). */
const SINCE_DAYS = ["2026-10-26", "2026-03-08", NOW.toISOString().slice(0, 10)];

const RULE_KEYS = ["max_discount", "min_margin", "max_discount_amount", null] as const;

/**
 * A time in the last 14 months: at random, at a local midnight (± a few minutes), around a DST
 * change or around a UTC midnight the Dashboard counts from.
 */
function drawTime(rng: Random, timeZone: string): Date {
  const plain = NOW.getTime() - rng.int(0, 420) * DAY - rng.int(0, DAY - 1) + DAY / 2;
  const kind = rng.int(0, 3);
  if (kind === 0) return new Date(plain);
  // just before or after a UTC midnight the Dashboard's summary counts from
  if (kind === 3) return new Date(Date.parse(`${rng.pick(SINCE_DAYS)}T00:00:00Z`) + rng.int(-120, 900) * 60_000);
  if (kind === 1) {
    const midnight = startOfDay(new TZDate(plain, timeZone)).getTime();
    return new Date(midnight + rng.pick([0, 0, -1, 1, -60_000, 60_000, -15 * 60_000, 30 * 60_000]));
  }
  return new Date(rng.pick(DST_CHANGES) + rng.int(-180, 180) * 60_000);
}

interface Order {
  id: string;
  name: string;
  at: Date;
  discountCents: number;
}

function evaluation(order: Order, overageCents: number, ruleKey: string | null, cancelled = false): OrderEvaluated {
  return {
    orderId: order.id,
    orderName: order.name,
    currency: "USD",
    at: order.at,
    discountCents: order.discountCents,
    overage: { overageCents: Math.min(overageCents, order.discountCents), ruleKey },
    cancelled,
  };
}

const event = (fields: Partial<NewAuditEvent> & Pick<NewAuditEvent, "eventType">): NewAuditEvent => ({
  severity: "medium",
  message: fields.eventType,
  discountCodes: [],
  ...fields,
});

/** A random history for one shop: `steps` writes of every kind. */
async function history(shopId: string, timeZone: () => string, rng: Random, steps: number) {
  const orders: Order[] = [];
  const known = new Set<string>();
  const checkouts: string[] = [];
  const evaluate = async (evaluations: OrderEvaluated[]) => {
    await prisma.$transaction((tx) => recordOrderEvaluations(tx, shopId, evaluations, known, new Date()));
    for (const entry of evaluations) known.add(entry.orderId);
  };
  for (let step = 0; step < steps; step += 1) {
    const roll = rng.next();
    const order = orders.length > 0 ? rng.pick(orders) : null;
    if (roll < 0.3 || !order) {
      // a new order: breaching, or not (no row)
      const created: Order = {
        id: `gid://shopify/Order/${shopId.slice(0, 6)}-${step}`,
        name: `#${1000 + step}`,
        at: drawTime(rng, timeZone()),
        discountCents: rng.int(100, 20_000),
      };
      orders.push(created);
      const overage = rng.chance(0.85) ? rng.int(1, created.discountCents) : 0;
      // sometimes evaluated twice in one batch (the last evaluation wins)
      const batch = [evaluation(created, overage, rng.pick(RULE_KEYS))];
      if (rng.chance(0.1)) batch.push(evaluation(created, rng.int(0, created.discountCents), rng.pick(RULE_KEYS)));
      await evaluate(batch);
    } else if (roll < 0.5) {
      // edited: the discount and overage change, up, down or to nothing
      order.discountCents = rng.int(0, 20_000);
      await evaluate([evaluation(order, rng.chance(0.2) ? 0 : rng.int(0, order.discountCents), rng.pick(RULE_KEYS))]);
    } else if (roll < 0.6) {
      await recordAuditEvents(shopId, [
        event({
          eventType: "fulfillment_held",
          orderId: order.id,
          orderName: order.name,
          dedupeKey: `held:${order.id}:${step}`,
          createdAt: drawTime(rng, timeZone()),
        }),
      ]);
    } else if (roll < 0.68) {
      await evaluate([evaluation(order, order.discountCents, rng.pick(RULE_KEYS), true)]);
    } else if (roll < 0.85) {
      // a blocked checkout; sometimes one already recorded, which counts nothing again
      const token =
        checkouts.length > 0 && rng.chance(0.15) ? rng.pick(checkouts) : `checkout:${shopId.slice(0, 6)}-${step}`;
      checkouts.push(token);
      const discount = rng.int(100, 10_000);
      await recordAuditEvents(shopId, [
        event({
          eventType: "checkout_blocked",
          dedupeKey: token,
          createdAt: drawTime(rng, timeZone()),
          ruleKey: rng.pick(RULE_KEYS),
          totalDiscountCents: discount,
          marginSavedCents: rng.int(0, discount + 500),
        }),
      ]);
    } else {
      const alerts = Array.from({ length: rng.int(1, 3) }, (_, index) =>
        event({
          eventType: "alert_sent",
          dedupeKey: `alert:${shopId.slice(0, 6)}-${step}-${index}`,
          createdAt: drawTime(rng, timeZone()),
          ruleKey: rng.pick(RULE_KEYS),
        }),
      );
      // as the alert worker writes them (inside its batch's transaction), or on their own
      if (rng.chance(0.5)) await prisma.$transaction((tx) => recordAuditEvents(shopId, alerts, tx));
      else await recordAuditEvents(shopId, alerts);
    }
  }
}

/** The figures of one period computed from every OrderMoney row and event in it. */
async function recomputed(shopId: string, timeZone: string, range: RoiRange, period: Period, now: Date) {
  const between = { gte: period.start, lt: period.end };
  const [rows, blocked, alertsSent] = await Promise.all([
    prisma.orderMoney.findMany({ where: { shopId, at: between } }),
    prisma.auditEvent.findMany({ where: { shopId, eventType: "checkout_blocked", createdAt: between } }),
    prisma.auditEvent.count({ where: { shopId, eventType: "alert_sent", createdAt: between } }),
  ]);
  const buckets = timeframeBuckets(range, period, timeZone, now);
  const { money, blocks, bucketTotals } = aggregateMoney(rows, blocked, buckets);
  const elapsed = elapsedDays(period, now, timeZone);
  return {
    period: { ...period, elapsedDays: elapsed },
    ...roiFigures({
      money,
      blocks,
      bucketTotals,
      flaggedOrders: rows.filter((row) => row.flaggedCents > 0).length,
      alertsSent,
      subscriptionCostCents: subscriptionCostCents(PLANS.core.priceUsd, period.days),
      elapsedDays: elapsed,
    }),
  };
}

/** Every period's report against its recomputation, at several instants. */
async function expectEveryPeriodExact(shopId: string, timeZone: string, rng: Random) {
  const nows = [NOW, new Date(NOW.getTime() - rng.int(1, 300) * DAY - rng.int(0, DAY)), drawTime(rng, timeZone)];
  for (const now of nows) {
    for (const range of ROI_RANGES) {
      const report = await roiReport({ id: shopId, plan: "core", timezone: timeZone, currency: "USD" }, range, now);
      const { previous, range: _range, timezone: _zone, currency: _currency, measured: _measured, ...current } = report;
      const expected = await recomputed(shopId, timeZone, range, periodContaining(range, now, timeZone), now);
      expect(current, `${timeZone} ${range} at ${now.toISOString()}`).toEqual(expected);
      expect(previous, `${timeZone} previous ${range}`).toEqual(
        await recomputed(shopId, timeZone, range, previousPeriod(range, now, timeZone), now),
      );
      expect(current.byTimeframe.length).toBeGreaterThan(0);
    }
  }
  // the summary read from any instant: a UTC midnight, which is no local midnight in most zones
  for (const sinceDay of SINCE_DAYS) {
    const summary = await roiSince(
      { id: shopId, plan: "core", timezone: timeZone },
      new Date(`${sinceDay}T00:00:00Z`),
      30,
    );
    const rows = await prisma.orderMoney.findMany({
      where: { shopId, at: { gte: new Date(`${sinceDay}T00:00:00Z`) } },
    });
    const money = moneyTotals(rows);
    expect([summary.stoppedCents, summary.recoveredCents, summary.flaggedCents, summary.totalSavedCents]).toEqual([
      money.stoppedCents,
      money.recoveredCents,
      money.flaggedCents,
      money.savedCents,
    ]);
  }
}

/** The rollups kept in step, as rows with anything counted. */
async function storedRollups(shopId: string) {
  const rows = await selectMoneyRollups(prisma, shopId, "0000", "9999");
  return rows
    .filter((row) => Object.entries(row).some(([key, value]) => key !== "day" && key !== "ruleKey" && value !== 0))
    .sort((a, b) => `${a.day}|${a.ruleKey}`.localeCompare(`${b.day}|${b.ruleKey}`));
}

async function expectSameAsRebuilt(shopId: string, timeZone: string) {
  const kept = await storedRollups(shopId);
  await prisma.$transaction((tx) => rebuildMoneyRollups(tx, shopId, timeZone, new Date()));
  expect(kept).toEqual(await storedRollups(shopId));
}

describe("money rollups", () => {
  for (const [index, timeZone] of ZONES.entries()) {
    it(`equal a full recomputation of every period in ${timeZone}`, async () => {
      const seed = 0x5eed + index * 7919;
      const rng = random(seed);
      const shop = await ensureShop(`rollups-${index}.myshopify.com`, { timezone: timeZone });
      await prisma.shop.update({ where: { id: shop.id }, data: { plan: "core" } });
      // half the shops have rollups kept in step from their first write, the others are built later
      if (index % 2 === 0) await ensureMoneyRollups({ id: shop.id, timezone: timeZone });
      await history(shop.id, () => timeZone, rng, 90);
      await expectEveryPeriodExact(shop.id, timeZone, rng);
      await history(shop.id, () => timeZone, rng, 60);
      await expectSameAsRebuilt(shop.id, timeZone);
      await expectEveryPeriodExact(shop.id, timeZone, rng);
    });
  }

  it("are rebuilt in the new zone when a shop's time zone changes, and writes meanwhile count", async () => {
    const rng = random(0xc0ffee);
    const shop = await ensureShop("rollups-moving.myshopify.com", { timezone: "Pacific/Chatham" });
    await prisma.shop.update({ where: { id: shop.id }, data: { plan: "core" } });
    let zone = "Pacific/Chatham";
    await ensureMoneyRollups({ id: shop.id, timezone: zone });
    await history(shop.id, () => zone, rng, 60);
    await expectEveryPeriodExact(shop.id, zone, rng);
    zone = "America/Santiago";
    await prisma.shop.update({ where: { id: shop.id }, data: { timezone: zone } });
    // written before anything reads: still kept in the old zone's days until the rebuild
    await history(shop.id, () => zone, rng, 40);
    expect((await prisma.moneyRollupZone.findUnique({ where: { shopId: shop.id } }))?.timezone).toBe("Pacific/Chatham");
    await expectEveryPeriodExact(shop.id, zone, rng);
    expect((await prisma.moneyRollupZone.findUnique({ where: { shopId: shop.id } }))?.timezone).toBe(zone);
    expect(await ensureMoneyRollups({ id: shop.id, timezone: zone })).toBe(false);
    await history(shop.id, () => zone, rng, 40);
    await expectSameAsRebuilt(shop.id, zone);
    await expectEveryPeriodExact(shop.id, zone, rng);
  });

  it("a rebuild is idempotent and a shop with nothing counted has no rows", async () => {
    const shop = await ensureShop("rollups-empty.myshopify.com", { timezone: "Asia/Kathmandu" });
    expect(await ensureMoneyRollups({ id: shop.id, timezone: "Asia/Kathmandu" })).toBe(true);
    expect(await ensureMoneyRollups({ id: shop.id, timezone: "Asia/Kathmandu" })).toBe(false);
    expect(await storedRollups(shop.id)).toEqual([]);
    await recordAuditEvents(shop.id, [event({ eventType: "alert_sent", createdAt: new Date("2026-11-24T18:14:59Z") })]);
    // 18:14:59 UTC is 23:59:59 in Kathmandu (+05:45); a second later is the next local day
    await recordAuditEvents(shop.id, [event({ eventType: "alert_sent", createdAt: new Date("2026-11-24T18:15:00Z") })]);
    const rows = await storedRollups(shop.id);
    expect(rows.map((row) => [row.day, row.alertsSent])).toEqual([
      ["2026-11-24", 1],
      ["2026-11-25", 1],
    ]);
    await expectSameAsRebuilt(shop.id, "Asia/Kathmandu");
    await expectSameAsRebuilt(shop.id, "Asia/Kathmandu");
  });
});
