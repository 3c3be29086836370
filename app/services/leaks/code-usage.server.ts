/**
 * The leaked-code detector's counts and flags (docs/product.md#leaked-codes,
 * docs/product.md#leaked-codes). The order's transaction writes nothing for it: the queued order
 * is marked done with its codes waiting, and a counting pass (countWaitingCodeUsage, run by the
 * order worker) takes a shop's waiting orders in large batches: each (order, code) is recorded
 * once (CodeRedemption's unique key), so a redelivered webhook or an orders/updated adds nothing,
 * the codes' counts and hourly buckets grow by upserts, and flags are raised
 * (docs/architecture.md#an-order-webhook-to-a-delivered-alert). Counts are kept on every plan;
 * flags and their alerts on Core and Plus.
 */
import type { Prisma } from "@prisma/client";
import prisma from "../../db.server";
import {
  addToCodeHours,
  addToCodeUsage,
  claimWaitingOrders,
  insertRedemptions,
  lockShopCounts,
  shopsWithWaitingCodes,
} from "../../db/code-usage.sql.server";
import { join, raw } from "../../db/columns";
import { insertAlertRows, type NewAlertRow } from "../../db/outbox-queue.sql.server";
import type { AlertPreferences } from "../../domain/alerts/alert-routing";
import { plannedDeliveries } from "../../domain/alerts/alert-routing";
import type { NewAuditEvent } from "../../domain/audit/audit-events";
import {
  firstTimeOrder,
  hourOf,
  leakMessage,
  leakSeverity,
  leakSignals,
  outsideSegment,
  planHasLeakFlags,
  type CodeHistory,
  type LeakSignal,
} from "../../domain/leaks/code-leaks";
import type { OrderFacts } from "../../domain/monitoring/order-facts";
import { alertEventOf } from "../../domain/actions/order-effects";
import type { PlanId } from "../../domain/billing/plans";
import { recordAuditEvents } from "../audit/events.server";
import { discountsOfCodes, queueLeakFlowTriggers, type RaisedFlag } from "./leak-flow.server";

type Tx = Prisma.TransactionClient;

const HOUR_MS = 3_600_000;

/** An evaluated order as the detector reads it. */
export interface CodeUsageJob {
  facts: OrderFacts;
  customerId: string | null;
  at?: Date;
}

export interface CodeUsageContext {
  plan: PlanId;
  alerts: AlertPreferences | null;
  /**
   * the code rules' new-account days when that rule is on: younger accounts count as first-time
   * customers (docs/product.md#leaked-codes); null or absent: only first orders do
   */
  newAccountDays?: number | null;
  /** the demo seed's past orders: alerts queued as at the order's time */
  history?: boolean;
}

/** A code on an order, before it is counted. */
interface Redemption {
  codeKey: string;
  code: string;
  orderId: string;
  customerId: string | null;
  firstOrder: boolean | null;
  customerTags: string[];
  country: string | null;
  at: Date;
}

/** The redemptions of a batch, one per order and code (the latest delivery of an order wins). */
function redemptionsOf(jobs: CodeUsageJob[], now: Date, newAccountDays: number | null): Redemption[] {
  const byKey = new Map<string, Redemption>();
  for (const job of jobs) {
    const { facts } = job;
    for (const code of facts.discountCodes) {
      const codeKey = code.trim().toLowerCase();
      if (!codeKey) continue;
      byKey.set(`${codeKey}|${facts.orderId}`, {
        codeKey,
        code: code.trim(),
        orderId: facts.orderId,
        customerId: job.customerId,
        firstOrder: firstTimeOrder(facts.leak, newAccountDays),
        customerTags: facts.leak?.customerTags ?? [],
        country: facts.leak?.country ?? null,
        at: job.at ?? now,
      });
    }
  }
  return [...byKey.values()];
}

/**
 * Orders a pass takes per transaction: on SQLite a transaction holds the one writer, so its length
 * is the longest a webhook's queue insert waits (docs/architecture.md#one-sqlite-writer).
 */
export const COUNT_BATCH = 100;
/** Transactions a pass runs per shop at most, yielding between them; a longer backlog waits for the next pass. */
const TRANSACTIONS_PER_PASS = 20;
/**
 * How long a batch's transaction may run: Prisma's 5 s default rolled a batch back on a loaded
 * database, and the pass did the same work again; a batch is bounded by COUNT_BATCH instead.
 */
const COUNT_TIMEOUT_MS = 30_000;

/**
 * Records the batch's redemptions and counts them at once, in the caller's transaction (the demo
 * seed's history, whose flags are dated as the orders). Returns how many alert deliveries were
 * queued due now.
 */
export function recordCodeUsage(
  tx: Tx,
  shopId: string,
  jobs: CodeUsageJob[],
  now: Date,
  context: CodeUsageContext,
): Promise<number> {
  return countRedemptions(tx, shopId, redemptionsOf(jobs, now, context.newAccountDays ?? null), now, context);
}

/**
 * The counting pass: each shop with evaluated orders whose codes wait takes them into its codes'
 * counts, COUNT_BATCH to a transaction, up to TRANSACTIONS_PER_PASS transactions, yielding to
 * pending I/O between them. `more` says some are left (the worker looks again soon).
 */
export async function countWaitingCodeUsage(
  contextOf: (shopId: string) => Promise<CodeUsageContext | null>,
  now = new Date(),
): Promise<{ orders: number; queued: number; more: boolean }> {
  const SHOPS = 20;
  const shops = await shopsWithWaitingCodes(prisma, SHOPS);
  let orders = 0;
  let queued = 0;
  let more = shops.length === SHOPS;
  for (const shopId of shops) {
    const context = (await contextOf(shopId)) ?? { plan: "free" as const, alerts: null };
    for (let turn = 0; ; turn += 1) {
      if (turn > 0) await new Promise((resolve) => setImmediate(resolve));
      const pass = await prisma.$transaction(
        async (tx) => {
          // another pass counting this shop now takes its backlog; this one moves on
          if (!(await lockShopCounts(tx, shopId))) return null;
          const waiting = await claimWaitingOrders(tx, shopId, COUNT_BATCH);
          const jobs = waiting.map((order) => ({
            facts: order.facts,
            customerId: order.customerId,
            at: order.createdAt,
          }));
          return {
            orders: waiting.length,
            queued: await countRedemptions(
              tx,
              shopId,
              redemptionsOf(jobs, now, context.newAccountDays ?? null),
              now,
              context,
            ),
          };
        },
        { timeout: COUNT_TIMEOUT_MS },
      );
      if (pass === null) {
        more = true;
        break;
      }
      orders += pass.orders;
      queued += pass.queued;
      if (pass.orders < COUNT_BATCH) break;
      if (turn + 1 === TRANSACTIONS_PER_PASS) {
        more = true;
        break;
      }
    }
  }
  return { orders, queued, more };
}

/** The (code, customer) or (code, country) pairs already recorded, each once (SQL DISTINCT on the index). */
function seenPairs(
  tx: Tx,
  shopId: string,
  codeKeys: string[],
  column: "customerId" | "country",
  values: string[],
): Promise<{ codeKey: string; value: string }[]> {
  return tx.$queryRaw<{ codeKey: string; value: string }[]>`
    SELECT DISTINCT "codeKey", ${raw(`"${column}"`)} AS "value" FROM "CodeRedemption"
    WHERE "shopId" = ${shopId} AND "codeKey" IN (${join(codeKeys)}) AND ${raw(`"${column}"`)} IN (${join(values)})`;
}

/**
 * Records redemptions (those already recorded are left out) into their codes' counts and hourly
 * buckets, and raises the flags they cause, in the caller's transaction. Returns how many alert
 * deliveries were queued due now.
 */
async function countRedemptions(
  tx: Tx,
  shopId: string,
  all: Redemption[],
  now: Date,
  context: CodeUsageContext,
): Promise<number> {
  if (all.length === 0) return 0;
  const keys = [...new Set(all.map((item) => item.codeKey))];
  const customers = [...new Set(all.flatMap((item) => (item.customerId ? [item.customerId] : [])))];
  const countries = [...new Set(all.flatMap((item) => (item.country ? [item.country] : [])))];
  // what was recorded before this batch: read before it is written
  const usages = await tx.codeUsage.findMany({
    where: { shopId, codeKey: { in: keys } },
    select: { codeKey: true, segmentTags: true },
  });
  const knownCustomers = customers.length > 0 ? await seenPairs(tx, shopId, keys, "customerId", customers) : [];
  const knownCountries = countries.length > 0 ? await seenPairs(tx, shopId, keys, "country", countries) : [];
  const segmentOf = new Map(usages.map((row) => [row.codeKey, row.segmentTags]));
  const verdicts = all.map((item) => outsideSegment(segmentOf.get(item.codeKey) ?? null, item.customerTags));
  const written = await insertRedemptions(
    tx,
    shopId,
    all.map((item, index) => ({ ...item, outsideSegment: verdicts[index] })),
  );
  const customerSeen = new Set(knownCustomers.map((row) => `${row.codeKey}|${row.value}`));
  const countrySeen = new Set(knownCountries.map((row) => `${row.codeKey}|${row.value}`));

  const increments = new Map<
    string,
    {
      code: string;
      uses: number;
      customers: number;
      firstKnown: number;
      firstTime: number;
      segmentChecked: number;
      outside: number;
      countries: number;
      first: Date;
      last: Date;
    }
  >();
  const hours = new Map<string, { codeKey: string; hour: Date; uses: number }>();
  for (const [index, item] of all.entries()) {
    if (!written.has(`${item.codeKey}|${item.orderId}`)) continue;
    const outside = verdicts[index];
    const entry = increments.get(item.codeKey) ?? {
      code: item.code,
      uses: 0,
      customers: 0,
      firstKnown: 0,
      firstTime: 0,
      segmentChecked: 0,
      outside: 0,
      countries: 0,
      first: item.at,
      last: item.at,
    };
    entry.uses += 1;
    if (item.customerId && !customerSeen.has(`${item.codeKey}|${item.customerId}`)) {
      customerSeen.add(`${item.codeKey}|${item.customerId}`);
      entry.customers += 1;
    }
    if (item.country && !countrySeen.has(`${item.codeKey}|${item.country}`)) {
      countrySeen.add(`${item.codeKey}|${item.country}`);
      entry.countries += 1;
    }
    if (item.firstOrder !== null) {
      entry.firstKnown += 1;
      if (item.firstOrder) entry.firstTime += 1;
    }
    if (outside !== null) {
      entry.segmentChecked += 1;
      if (outside) entry.outside += 1;
    }
    if (item.at < entry.first) entry.first = item.at;
    if (item.at > entry.last) entry.last = item.at;
    increments.set(item.codeKey, entry);
    const hour = hourOf(item.at);
    const hourKey = `${item.codeKey}|${hour.getTime()}`;
    const bucket = hours.get(hourKey) ?? { codeKey: item.codeKey, hour, uses: 0 };
    bucket.uses += 1;
    hours.set(hourKey, bucket);
  }

  if (increments.size === 0) return 0;
  // one statement per table for the whole batch (app/db/code-usage.sql.server.ts)
  await addToCodeUsage(
    tx,
    shopId,
    [...increments].map(([codeKey, entry]) => ({ codeKey, ...entry, outsideSegment: entry.outside })),
    now,
  );
  await addToCodeHours(tx, shopId, [...hours.values()]);
  const updated = await tx.codeUsage.findMany({ where: { shopId, codeKey: { in: [...increments.keys()] } } });
  // an order from before the code's first (the demo's history, a late webhook) moves its first use back
  for (const usage of updated) {
    const entry = increments.get(usage.codeKey)!;
    if (entry.first < usage.firstSeenAt) {
      await tx.codeUsage.update({ where: { id: usage.id }, data: { firstSeenAt: entry.first } });
      usage.firstSeenAt = entry.first;
    }
  }
  if (!planHasLeakFlags(context.plan)) return 0;
  return raiseFlags(tx, shopId, updated, (usage) => increments.get(usage.codeKey)!.last, now, context);
}

/** Reviews one code's flag at `now` (its settings changed): a flag raised now, or its episode ended. */
export function reviewCodeFlag(tx: Tx, shopId: string, usage: UsageRow, now: Date, context: CodeUsageContext) {
  return raiseFlags(tx, shopId, [usage], () => now, now, context);
}

type UsageRow = Awaited<ReturnType<Tx["codeUsage"]["findUniqueOrThrow"]>>;

/** A code's history as the rules read it, from its row and hourly buckets. */
export function historyOf(usage: UsageRow, hourly: Map<number, number>, usageLimit: number | null = null): CodeHistory {
  return {
    uses: usage.uses,
    customers: usage.customers,
    firstKnown: usage.firstKnown,
    firstTime: usage.firstTime,
    segmentChecked: usage.segmentChecked,
    outsideSegment: usage.outsideSegment,
    countries: usage.countries,
    firstSeenAt: usage.firstSeenAt,
    lastUsedAt: usage.lastUsedAt,
    audienceSize: usage.audienceSize,
    // Shopify's usage limit, the audience when the merchant set none (docs/product.md#leaked-codes)
    usageLimit,
    hourly,
  };
}

/** The hourly buckets of codes over the velocity window ending at the hour holding `until`. */
export async function hourlyOf(db: Pick<Tx, "codeUsageHour">, shopId: string, keys: string[], until: Date) {
  const since = new Date(hourOf(until).getTime() - 168 * HOUR_MS);
  const rows = await db.codeUsageHour.findMany({
    where: { shopId, codeKey: { in: keys }, hour: { gte: since } },
    select: { codeKey: true, hour: true, uses: true },
  });
  const byCode = new Map<string, Map<number, number>>();
  for (const row of rows) {
    const map = byCode.get(row.codeKey) ?? new Map<number, number>();
    map.set(row.hour.getTime(), row.uses);
    byCode.set(row.codeKey, map);
  }
  return byCode;
}

/**
 * Once per code and episode: a code whose signals fire and that is not flagged gets a
 * code_leak_suspected event and its alerts; one whose signals all stopped ends its episode.
 */
async function raiseFlags(
  tx: Tx,
  shopId: string,
  usages: UsageRow[],
  atOf: (usage: UsageRow) => Date,
  now: Date,
  context: CodeUsageContext,
): Promise<number> {
  const latest = usages.reduce((max, usage) => Math.max(max, atOf(usage).getTime()), 0);
  const keys = usages.map((usage) => usage.codeKey);
  const hourly = await hourlyOf(tx, shopId, keys, new Date(latest));
  // Shopify's usage limits and discounts of the codes (docs/product.md#leaked-codes)
  const discounts = await discountsOfCodes(tx, shopId, keys);
  const events: { event: NewAuditEvent; at: Date; usage: UsageRow; signals: LeakSignal[] }[] = [];
  for (const usage of usages) {
    const at = atOf(usage);
    const limit = discounts.get(usage.codeKey)?.usageLimit ?? null;
    const signals = leakSignals(historyOf(usage, hourly.get(usage.codeKey) ?? new Map(), limit), at);
    if (signals.length === 0) {
      if (usage.flaggedAt)
        await tx.codeUsage.update({ where: { id: usage.id }, data: { flaggedAt: null, signals: [] } });
      continue;
    }
    if (usage.flaggedAt) {
      // still flagged: the figures are refreshed when they changed, no new event
      if (JSON.stringify(usage.signals) !== JSON.stringify(signals)) {
        await tx.codeUsage.update({
          where: { id: usage.id },
          data: { signals: signals as unknown as Prisma.InputJsonValue },
        });
      }
      continue;
    }
    await tx.codeUsage.update({
      where: { id: usage.id },
      data: { signals: signals as unknown as Prisma.InputJsonValue, flaggedAt: at },
    });
    events.push({ event: leakEvent(usage.code, usage.codeKey, signals, at), at, usage, signals });
  }
  if (events.length === 0) return 0;
  const recorded = await recordAuditEvents(
    shopId,
    events.map((item) => item.event),
    tx,
  );
  const idOf = new Map(recorded.map((row) => [row.dedupeKey, row.id]));
  const alerts: NewAlertRow[] = [];
  const flags: RaisedFlag[] = [];
  for (const { event, at, usage, signals } of events) {
    const id = idOf.get(event.dedupeKey as string);
    if (!id) continue;
    flags.push({
      auditEventId: id,
      event: alertEventOf(event, now),
      usage,
      signals,
      flaggedAt: at,
      discount: discounts.get(usage.codeKey) ?? null,
    });
    const when = context.history ? at : now;
    for (const delivery of plannedDeliveries(event.severity, context.alerts, context.plan, when)) {
      alerts.push({
        auditEventId: id,
        event: { ...alertEventOf(event, now), id },
        delivery,
        ...(context.history ? { queuedAt: at } : {}),
      });
    }
  }
  await insertAlertRows(tx, shopId, alerts, now);
  if (context.history) return 0;
  // the Flow trigger "Discount code probably leaked", where a workflow uses it (docs/product.md#leaked-codes)
  const triggers = await queueLeakFlowTriggers(tx, shopId, flags, now);
  return alerts.filter((alert) => alert.delivery.status === "pending").length + triggers;
}

/** The flag's audit event: its message names the code and the signals with their figures. */
export function leakEvent(code: string, codeKey: string, signals: LeakSignal[], at: Date): NewAuditEvent {
  return {
    eventType: "code_leak_suspected",
    severity: leakSeverity(signals),
    message: leakMessage(code, signals),
    discountCodes: [code],
    ruleName: "Leaked code detector",
    details: { code, signals } as unknown as Prisma.InputJsonValue,
    dedupeKey: `code_leak|${codeKey}|${at.getTime()}`,
    searchText: `${code} ${signals.map((signal) => signal.name.replace(/_/g, " ")).join(" ")}`.toLowerCase(),
    createdAt: at,
  };
}
