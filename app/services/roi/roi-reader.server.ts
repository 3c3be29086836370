// The one ROI reader: the figures of spans of time from the money rollups, for the Dashboard and the ROI dashboard.
/**
 * Every ROI figure the screens and `/api/roi/summary` show is read here (docs/product.md#roi-dashboard,
 * docs/product.md#what-the-figures-count): the whole local days of a span from the shop's money
 * rollups (a day per rule type: a year of orders and events is never read), and the part of a local
 * day a span starts in when it does not start at a local midnight (a span from any instant, as the API
 * may ask; the screens' periods start at the shop's midnight) from OrderMoney and the events themselves, one day's rows at most on their indexes.
 */
import { TZDate } from "@date-fns/tz";
import { addDays, startOfDay } from "date-fns";
import prisma from "../../db.server";
import { PLANS, type PlanId } from "../../domain/billing/plans";
import { subscriptionCostCents } from "../../domain/roi/roi";
import {
  roiFigures,
  type BlockGroup,
  type Bucket,
  type MoneyGroup,
  type RoiFigures,
} from "../../domain/roi/roi-report";
import { figuresFromRollups, localDay, ROLLUP_EVENT_TYPES } from "../../domain/roi/roi-rollups";
import { moneyTotals } from "../../domain/monitoring/order-money";
import { flaggedOrdersBetween, moneyByRuleKey } from "./money-figures.server";
import { ensureMoneyRollups, rollupsOfDays } from "./rollups.server";

/** A span of time the ROI is read over. */
export interface RoiSpan {
  /** the first instant counted: a local midnight (a period), or any instant */
  start: Date;
  /** the end, exclusive, at a local midnight; null: everything from `start` on */
  end: Date | null;
  /** the days the plan's cost is counted for */
  days: number;
  /** the days gone so far: the projection's rate */
  elapsedDays: number;
  /** the chart's buckets, each of whole local days (none: no chart) */
  buckets: Bucket[];
}

/** The shop whose ROI is read: its plan prices the spans, its zone makes their days. */
export interface RoiReaderShop {
  id: string;
  plan: PlanId;
  timezone: string;
}

/** What the part of a local day before a span's first whole day adds: money, blocks and alerts, by rule type. */
interface Edge {
  money: MoneyGroup[];
  blocks: BlockGroup[];
  alertsSent: number;
}

const NO_EDGE: Edge = { money: [], blocks: [], alertsSent: 0 };

/**
 * The figures of each span, in order. The shop's rollups are first made sure to be in its time
 * zone (rebuilt once when they are not).
 */
export async function readRoi(shop: RoiReaderShop, spans: RoiSpan[]): Promise<RoiFigures[]> {
  await ensureMoneyRollups(shop);
  return Promise.all(spans.map((span) => spanFigures(shop, span)));
}

async function spanFigures(shop: RoiReaderShop, span: RoiSpan): Promise<RoiFigures> {
  const zone = shop.timezone;
  const wholeFrom = firstLocalMidnight(span.start, zone);
  const days = { first: localDay(wholeFrom, zone), end: span.end ? localDay(span.end, zone) : null };
  const edgeEnd = span.end && span.end < wholeFrom ? span.end : wholeFrom;
  const [rows, edge] = await Promise.all([
    rollupsOfDays(shop.id, days),
    edgeEnd > span.start ? edgeOf(shop.id, span.start, edgeEnd) : NO_EDGE,
  ]);
  const { money, blocks, alertsSent, bucketTotals } = figuresFromRollups(rows, days, span.buckets, zone);
  const spanMoney = [...money, ...edge.money];
  return roiFigures({
    money: spanMoney,
    blocks: [...blocks, ...edge.blocks],
    bucketTotals,
    // named only when nothing was saved ("Nothing saved yet: 12 orders flagged"): counted only then
    flaggedOrders:
      moneyTotals(spanMoney).savedCents > 0 ? 0 : await flaggedOrdersBetween(shop.id, span.start, span.end),
    alertsSent: alertsSent + edge.alertsSent,
    subscriptionCostCents: subscriptionCostCents(PLANS[shop.plan].priceUsd, span.days),
    elapsedDays: span.elapsedDays,
  });
}

/** `at` when it is a local midnight in the zone, else the next one. */
function firstLocalMidnight(at: Date, timeZone: string): Date {
  const dayStart = startOfDay(new TZDate(at.getTime(), timeZone));
  if (dayStart.getTime() === at.getTime()) return at;
  return new Date(startOfDay(addDays(dayStart, 1)).getTime());
}

/** The money, blocked checkouts and alerts sent in [start, end), from the rows themselves. */
async function edgeOf(shopId: string, start: Date, end: Date): Promise<Edge> {
  const [money, events] = await Promise.all([
    moneyByRuleKey(shopId, start, end),
    prisma.auditEvent.groupBy({
      by: ["eventType", "ruleKey"],
      where: { shopId, eventType: { in: [...ROLLUP_EVENT_TYPES] }, createdAt: { gte: start, lt: end } },
      _count: { _all: true },
    }),
  ]);
  return {
    money,
    blocks: events.flatMap((row) =>
      row.eventType === "checkout_blocked" ? [{ ruleKey: row.ruleKey, count: row._count._all }] : [],
    ),
    alertsSent: events.reduce((sum, row) => sum + (row.eventType === "alert_sent" ? row._count._all : 0), 0),
  };
}
