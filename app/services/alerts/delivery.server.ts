import prisma from "../../db.server";
import { shopsWithAlertSettings, type SettingsRow } from "../../db/alert-settings.sql.server";
import { insertAttempts, markDropped, markFailed, markSent } from "../../db/outbox-attempts.sql.server";
import { anyDeliveryDue, claimDueDeliveries, type ClaimedDelivery } from "../../db/outbox-claims.sql.server";
import { dueDigestGroups, gatherDigest, settleDigested } from "../../db/outbox-digests.sql.server";
import type { SqlWriter } from "../../db/raw-sql.server";
import { digestComposer } from "./digest-money.server";
import type { Outgoing } from "../../domain/alerts/alert-message";
import type { NewAuditEvent } from "../../domain/audit/audit-events";
import { DELIVERY_RETRY, WEBHOOK_RETRY, afterFailedDelivery, backoffDelayMs } from "../../domain/backoff";
import { isStorageUnavailable } from "../../db/errors";
import { alertSentEvent } from "../../domain/monitoring/breach-event";
import { fail, ok } from "../../domain/result";
import { recordAuditEvents } from "../audit/events.server";
import type { Logger } from "../../logger.server";
import { workerLoop } from "../worker-loop.server";
import { PROCESS_ID } from "../process-id.server";
import {
  CHANNELS,
  NOTICE_CHANNEL,
  sendAlert,
  sendNotice,
  updateEndpointStates,
  type Channel,
  type SendOptions,
  type SendResult,
} from "./channels.server";
import {
  actionEvent,
  actionOfChannel,
  planHasOrderActions,
  type ActionEvent,
} from "../../domain/actions/order-actions";
import { runOrderAction } from "../actions/order-actions.server";
import { planHasAlerts, planName, toPlanId, type PlanId } from "../../domain/billing/plans";

/**
 * The alert delivery worker (docs/architecture.md#an-order-webhook-to-a-delivered-alert): claims due outbox rows,
 * sends each on its channel, and records the attempt; a failure is tried again after 30 s
 * doubling to 1 h (with jitter) and given up ("dead") a day after the alert was queued. A
 * delivered alert (one per order evaluation, naming each of its breaches) writes one `alert_sent`
 * audit event, whichever channel delivered first, in the same transaction as its "sent" mark: that
 * is what "Alerts Sent" counts (docs/product.md#decisions, 14). Held alerts are gathered into
 * digests when their release time comes (docs/architecture.md#an-order-webhook-to-a-delivered-alert);
 * a delivered digest marks each alert it lists sent.
 */

/** A claim older than this belongs to a process that died: another worker takes it again. */
export const ALERT_LEASE_MS = 2 * 60_000;
/** The most alerts one worker claims and sends at once. */
export const ALERT_BATCH = 100;
/** How often the outbox is looked at for alerts whose time came (retries, the end of quiet hours). */
export const ALERT_SWEEP_MS = 1_000;
/** This process's name on its claims. */
export const WORKER_ID = PROCESS_ID;

/** Sends one alert (or digest) on its channel with the shop's settings. */
export type AlertSender = (
  channel: Channel,
  shopId: string,
  outgoing: Outgoing,
  settings: SettingsRow | null,
  /** webhook URLs (their keys) an earlier attempt delivered to */
  deliveredTo?: readonly string[],
) => Promise<SendResult>;

/** The channels' sender (channels.server.ts): the outbound guard on in production by default, off in tests. */
export const channelSender =
  (options: SendOptions = {}): AlertSender =>
  (channel, shopId, outgoing, settings, deliveredTo) =>
    sendAlert(channel, shopId, outgoing, { ...options, deliveredTo }, settings);

/** What the alert worker is built with (docs/architecture.md#background-workers). */
export interface AlertWorkerDeps {
  /** Where the worker's SQL runs: Prisma's client (prismaWriter). */
  db: SqlWriter;
  send: AlertSender;
  logger: Logger;
}

/** The alert delivery worker: alerts, digests and order actions from the outbox. */
export interface AlertWorker {
  /** New deliveries were queued (or their time came): the loop looks. Never rejects. */
  kick(): Promise<void>;
  /** Resolves once no delivery is due (tests, scripts). */
  drain(): Promise<void>;
  /** Stops taking new batches and waits for the batch in hand. */
  stop(): Promise<void>;
  resume(): void;
  /**
   * Resumes the loop and sweeps the outbox every ALERT_SWEEP_MS (retries, digests and quiet
   * hours whose time came); returns what stops the sweep. The loop itself stops with stop().
   */
  start(): () => void;
  /**
   * Gathers the held alerts whose release time came into one digest per shop, channel and
   * release time (due at once); returns how many digests were made.
   */
  gatherDueDigests(now?: Date): Promise<number>;
}

interface Delivered {
  alert: ClaimedDelivery;
  result: Awaited<ReturnType<typeof sendAlert>>;
  at: Date;
  durationMs: number;
  /** an order action's audit event (order_tagged, fulfillment_held, flow_triggered) once done */
  acted?: NewAuditEvent;
}

async function deliver(
  alert: ClaimedDelivery,
  shop: { domain: string; alertSettings: SettingsRow | null } | undefined,
  send: AlertSender,
): Promise<Delivered> {
  const channel = alert.channel as Channel;
  const started = performance.now();
  const shopDomain = shop?.domain ?? "";
  // an order action rides the same outbox and worker (docs/product.md#order-actions)
  const action = actionOfChannel(alert.channel);
  if (action && alert.event) {
    const event = alert.event as ActionEvent;
    const done = await runOrderAction(action, event, shopDomain);
    const at = new Date();
    const durationMs = performance.now() - started;
    if (!done.ok) return { alert, result: done, at, durationMs };
    const { detail, outcome, standIn } = done.value;
    const acted = outcome ? actionEvent(alert.id, alert.auditEventId, event, outcome, { standIn, at }) : undefined;
    return { alert, result: ok(detail), at, durationMs, acted };
  }
  // a notice to the merchant (a webhook URL answered 410 Gone, the app's access lost): the app's mailer, not a channel
  if (alert.notice) {
    const result = await sendNotice(alert.id, alert.shopId, alert.notice, shop?.alertSettings ?? null);
    return { alert, result, at: new Date(), durationMs: performance.now() - started };
  }
  const outgoing: Outgoing = alert.digest
    ? { id: alert.id, shopDomain, digest: alert.digest }
    : { id: alert.id, shopDomain, event: alert.event! };
  const result = (CHANNELS as readonly string[]).includes(channel)
    ? await send(channel, alert.shopId, outgoing, shop?.alertSettings ?? null, alert.deliveredTo)
    : fail({ message: `Unknown channel ${alert.channel}` });
  return { alert, result, at: new Date(), durationMs: performance.now() - started };
}

/**
 * Records a batch's attempts, their next steps and the alert_sent events in one transaction,
 * in a few statements whatever the batch's size. Everything that does not depend on the
 * database (attempt rows, events, retry times) is worked out before the transaction: on
 * SQLite the one writer is shared with the order engine (docs/architecture.md#an-order-webhook-to-a-delivered-alert).
 */
async function finish(db: SqlWriter, batch: Delivered[]): Promise<void> {
  const at = new Date();
  const attempts = batch.map(({ alert, result, at: attemptedAt, durationMs }) => ({
    outboxId: alert.id,
    shopId: alert.shopId,
    at: attemptedAt,
    ok: result.ok,
    error: result.ok ? null : result.error.message,
    durationMs,
  }));
  const delivered = batch.filter((entry) => entry.result.ok);
  const breachEvents = new Map<string, NewAuditEvent>();
  for (const { alert, result, acted } of delivered) {
    if (actionOfChannel(alert.channel)) {
      if (acted) breachEvents.set(alert.id, acted);
      continue;
    }
    if (result.ok && alert.event && alert.auditEventId) {
      breachEvents.set(
        alert.id,
        alertSentEvent(alert.auditEventId, alert.event, { channel: alert.channel, detail: result.value }),
      );
    }
  }
  const failed = batch.flatMap(({ alert, result, at: attemptedAt }) => {
    if (result.ok) return [];
    // webhooks keep trying for three days, and come back when a receiver's Retry-After says;
    // what cannot succeed (every webhook URL disabled) is given up at once
    const next = result.error.permanent
      ? { dead: true as const }
      : afterFailedDelivery(alert.attempts, alert.createdAt.getTime(), attemptedAt.getTime(), Math.random(), {
          giveUpAfterMs: alert.channel === "webhook" ? WEBHOOK_RETRY.giveUpAfterMs : DELIVERY_RETRY.giveUpAfterMs,
          retryAfterMs: result.error.retryAfterMs,
        });
    return [
      {
        alert,
        error: result.error.message,
        at: attemptedAt,
        retryAt: "retryAt" in next ? new Date(next.retryAt) : null,
        endpoints: result.error.endpoints ?? [],
        deliveredTo: result.error.deliveredTo,
      },
    ];
  });

  await db.transaction(async (tx) => {
    const sent = await markSent(
      tx,
      delivered.map((entry) => entry.alert.id),
      WORKER_ID,
      at,
    );
    await insertAttempts(tx, attempts);
    const alertsSent = new Map<string, NewAuditEvent[]>();
    const note = (shopId: string, event: NewAuditEvent) => {
      const events = alertsSent.get(shopId) ?? [];
      events.push(event);
      alertsSent.set(shopId, events);
    };
    for (const { alert, result } of delivered) {
      if (!result.ok || !sent.has(alert.id)) continue; // the claim lapsed: another worker has it
      const event = breachEvents.get(alert.id);
      if (event) note(alert.shopId, event);
      if (!alert.digest) continue;
      const detail = `${result.value}, in a digest`;
      for (const entry of await settleDigested(tx, alert.id, { sentAt: at })) {
        note(alert.shopId, alertSentEvent(entry.auditEventId, entry.event, { channel: alert.channel, detail }));
      }
    }
    for (const { alert, error, at: attemptedAt, retryAt, deliveredTo } of failed) {
      const mine = await markFailed(tx, alert.id, WORKER_ID, { error, retryAt, at: attemptedAt, deliveredTo });
      // a digest given up takes the breaches it lists with it
      if (mine && alert.digest && !retryAt) {
        await settleDigested(tx, alert.id, { deadAt: attemptedAt, error });
      }
    }
    for (const [shopId, events] of alertsSent) await recordAuditEvents(shopId, events, tx);
  });
  await markFailingEndpoints(failed);
}

/**
 * A webhook alert given up after its three days leaves the URLs that failed it marked
 * "delivery failing" (the Alerts page's banner) until one of them accepts a delivery again.
 */
async function markFailingEndpoints(
  failed: { alert: ClaimedDelivery; error: string; retryAt: Date | null; endpoints: { key: string; host: string }[] }[],
): Promise<void> {
  const given = failed.filter((entry) => entry.alert.channel === "webhook" && !entry.retryAt && entry.endpoints.length);
  for (const { alert, error, endpoints } of given) {
    await updateEndpointStates(alert.shopId, (states) => {
      const next = { ...states };
      for (const { key, host } of endpoints) {
        if (next[key]?.status === "gone") continue;
        next[key] = {
          status: "failing",
          host,
          since: next[key]?.since ?? alert.createdAt.toISOString(),
          detail: error.slice(0, 300),
        };
      }
      return next;
    });
  }
}

/** How often held alerts are looked at for a digest whose release time came. */
export const DIGEST_GATHER_MS = 1_000;
const DIGEST_GROUPS = 20;

/** AlertWorker.gatherDueDigests */
async function gatherDueDigests(db: SqlWriter, now = new Date()): Promise<number> {
  const groups = await dueDigestGroups(db.sql, now, DIGEST_GROUPS);
  if (groups.length === 0) return 0;
  const zones = new Map(
    (
      await prisma.shop.findMany({
        where: { id: { in: [...new Set(groups.map((group) => group.shopId))] } },
        select: { id: true, timezone: true },
      })
    ).map((shop) => [shop.id, shop.timezone]),
  );
  let made = 0;
  for (const group of groups) {
    const id = await gatherDigest(db, group, now, digestComposer(group, zones.get(group.shopId) ?? "UTC"));
    if (id) made += 1;
  }
  return made;
}

/** Why a row is not sent on `plan`, or null when the plan includes it. */
export function notOnThePlan(channel: string, plan: PlanId): string | null {
  // a notice about the shop's own setup (its access lost, a webhook URL disabled) goes on every plan
  if (channel === NOTICE_CHANNEL) return null;
  if (actionOfChannel(channel)) {
    return planHasOrderActions(plan)
      ? null
      : `Not done: the shop is on the ${planName(plan)} plan now, which has no order actions`;
  }
  return planHasAlerts(plan) ? null : `Not sent: the shop is on the ${planName(plan)} plan now, which has no alerts`;
}

/** Marks rows dropped with their reasons, in one transaction; they are never tried again. */
async function drop(db: SqlWriter, logger: Logger, rows: Map<string, ClaimedDelivery[]>): Promise<void> {
  const at = new Date();
  await db.transaction(async (tx) => {
    for (const [reason, alerts] of rows) {
      await markDropped(
        tx,
        alerts.map((alert) => alert.id),
        WORKER_ID,
        reason,
        at,
      );
    }
  });
  for (const [reason, alerts] of rows) logger.info(`[alerts] ${alerts.length} dropped: ${reason}`, { reason });
}

/**
 * A delivery still under way after this long (a merchant's slow URL, up to the 10 s timeout) is
 * finished on its own: the batch's other deliveries are recorded, and the worker goes on to the
 * next alerts, other shops' included, without waiting for it.
 */
export const SLOW_DELIVERY_MS = 1_000;

/** The values of `promises` settled within `ms` (a rejection among them is thrown), and the rest. */
async function settledWithin<T>(promises: Promise<T>[], ms: number): Promise<{ done: T[]; late: Promise<T>[] }> {
  const states = promises.map(() => ({ settled: false }));
  promises.forEach((promise, index) => {
    void promise.then(
      () => (states[index].settled = true),
      () => (states[index].settled = true),
    );
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([Promise.allSettled(promises), new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
  const done = await Promise.all(promises.filter((_, index) => states[index].settled));
  return { done, late: promises.filter((_, index) => !states[index].settled) };
}

/** How often a slow delivery's record is tried while the database is busy (each late one is its own write). */
const LATE_FINISH_TRIES = 5;

/**
 * Records a slow delivery, tried again after a growing pause while the database cannot take it
 * (SQLite's writer held past its wait): the alert was sent, and a record given up on lets its
 * claim lapse and the alert be sent twice.
 */
async function finishWhileBusy(db: SqlWriter, delivered: Delivered): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await finish(db, [delivered]);
    } catch (error) {
      if (attempt >= LATE_FINISH_TRIES || !isStorageUnavailable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, backoffDelayMs(attempt, { baseMs: 250, capMs: 4_000 })));
    }
  }
}

/** Builds an alert worker; nothing runs until it is kicked or started. */
export function createAlertWorker(deps: AlertWorkerDeps): AlertWorker {
  const { db, send, logger } = deps;
  let lastGather = 0;
  /** slow deliveries being finished on their own (see SLOW_DELIVERY_MS) */
  const finishing = new Set<Promise<void>>();
  const finishLate = (delivery: Promise<Delivered>) => {
    const done = delivery
      .then((delivered) => finishWhileBusy(db, delivered))
      // its claim lapses and another round sends it again: at least once, never lost
      .catch((error: unknown) => logger.error("A slow alert delivery could not be recorded", { err: error }));
    finishing.add(done);
    void done.finally(() => finishing.delete(done));
  };
  const settleLate = async () => {
    while (finishing.size > 0) await Promise.all([...finishing]);
  };

  /**
   * One batch of due alerts; true when there may be more at once (the batch was full). A batch
   * that was not full ends the round: alerts queued while it was sent come with a kick, which
   * lets them gather for a moment, so a steady stream of breaches makes batches, not a claim and
   * a write of their own for every few alerts (each takes SQLite's writer from the order engine).
   */
  async function step(): Promise<boolean> {
    if (Date.now() - lastGather >= DIGEST_GATHER_MS) {
      lastGather = Date.now();
      await gatherDueDigests(db);
    }
    const now = new Date();
    if (!(await anyDeliveryDue(db.sql, now, ALERT_LEASE_MS))) return false;
    const claimed = await claimDueDeliveries(db.sql, WORKER_ID, now, ALERT_LEASE_MS, ALERT_BATCH);
    if (claimed.length === 0) return false;
    // each shop and its settings once per batch, not once per alert
    const shops = await shopsWithAlertSettings(db.sql, [...new Set(claimed.map((alert) => alert.shopId))]);
    // the plan is checked again at delivery: what a shop's plan no longer includes is not sent
    const dropped = new Map<string, ClaimedDelivery[]>();
    const due = claimed.filter((alert) => {
      const reason = notOnThePlan(alert.channel, toPlanId(shops.get(alert.shopId)?.plan) ?? "free");
      if (reason) dropped.set(reason, [...(dropped.get(reason) ?? []), alert]);
      return !reason;
    });
    if (dropped.size > 0) await drop(db, logger, dropped);
    const deliveries = due.map((alert) => deliver(alert, shops.get(alert.shopId), send));
    const { done, late } = await settledWithin(deliveries, SLOW_DELIVERY_MS);
    late.forEach(finishLate);
    await finish(db, done);
    return claimed.length === ALERT_BATCH;
  }

  // a kick waits 100 ms for more breaches, so that a busy shop's alerts go out in batches
  const loop = workerLoop("Alert worker", step, { gatherMs: 100, backoff: { baseMs: 500, capMs: 30_000 }, logger });

  return {
    kick: () => loop.kick(),
    async drain() {
      await loop.drain();
      await settleLate();
    },
    async stop() {
      await loop.stop();
      await settleLate();
    },
    resume: () => loop.resume(),
    start() {
      loop.resume();
      void loop.kick();
      const sweep = setInterval(() => void loop.kick(), ALERT_SWEEP_MS);
      sweep.unref();
      return () => clearInterval(sweep);
    },
    gatherDueDigests: (now) => gatherDueDigests(db, now),
  };
}

/** How many deliveries the delivery log shows. */
export const RECENT_DELIVERIES = 50;

export interface DeliveryView {
  id: string;
  channel: string;
  /** pending | held | digested | sending | sent | dead | dropped (the plan no longer includes it) */
  status: string;
  /** a digest: how many breaches it lists */
  digestOf: number | null;
  /** a notice to the merchant (not an alert): what it says, in a few words */
  notice: string | null;
  /** an alert delivered inside a digest (digestId set): the digest's attempts are its own, none are this one's */
  inDigest: boolean;
  /** the delivery's own attempts; 0 for one still queued, or one that went out in a digest */
  attempts: number;
  orderName: string | null;
  severity: string | null;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  nextAttemptAt: string | null;
}

/** The shop's latest alert deliveries with their status, newest first (the delivery log). */
export async function recentDeliveries(shopId: string, take = RECENT_DELIVERIES): Promise<DeliveryView[]> {
  const rows = await prisma.alertAndActionOutbox.findMany({ where: { shopId }, orderBy: { createdAt: "desc" }, take });
  return rows.map((row) => {
    const event = (row.payload ?? {}) as {
      orderName?: string | null;
      severity?: string | null;
      kind?: string;
      total?: number;
      host?: string;
    };
    return {
      id: row.id,
      channel: row.channel,
      status: row.status,
      digestOf: event.kind === "digest" ? (event.total ?? 0) : null,
      notice: event.kind === "notice" ? `Webhook to ${event.host ?? "?"} disabled (410 Gone)` : null,
      inDigest: row.digestId !== null,
      attempts: row.attempts,
      orderName: event.orderName ?? null,
      severity: event.severity ?? null,
      lastError: row.lastError,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
      nextAttemptAt: row.status === "pending" ? row.nextAttemptAt.toISOString() : null,
    };
  });
}
