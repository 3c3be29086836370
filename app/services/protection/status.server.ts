/**
 * The shop's Protection status (docs/product.md#protection-status): the facts of each layer read
 * from the database, judged by app/domain/protection/protection-status.ts, with since when each
 * layer is in its state. A layer that turns failing queues one notice e-mail to the shop: the
 * turn is a conditional UPDATE, so two processes looking at once tell it once.
 */
import type { Prisma } from "@prisma/client";
import prisma from "../../db.server";
import { planHasAlerts, toPlanId, type PlanId } from "../../domain/billing/plans";
import { hasCodeRules } from "../../domain/code-rules/code-rules";
import {
  adminAccessLayer,
  webhooksLayer,
  type WebhookFacts,
  alertsLayer,
  checkoutBlockingLayer,
  codeRulesLayer,
  LAYER_KEYS,
  TOLD_ELSEWHERE,
  turnedFailing,
  type AlertChannel,
  type ChannelFacts,
  type LayerKey,
  type LayerState,
  type LayerVerdict,
  type ProtectionLayer,
} from "../../domain/protection/protection-status";
import type { NoticePayload } from "../../db/outbox-claims.sql.server";
import { getEnv } from "../../env.server";
import { logger } from "../../logger.server";
import { CHANNELS, NOTICE_CHANNEL } from "../alerts/channels.server";
import { getCodeRules } from "../code-rules/code-rules.server";
import { adminAccessStatus } from "../shops/admin-access.server";
import { reconciliationStatus, type ReconciliationStatus } from "../reconciliation/reconcile.server";
import { DEFAULT_THRESHOLD_PERCENT, serializeCheckoutConfig } from "../../domain/checkout/checkout-blocking";
import {
  checkoutConfigInputLimits,
  codeRulesInputLimits,
  type InputLimitsCheck,
} from "../../domain/functions/input-limits";
import { checkoutConfigFor } from "../checkout/function-config.server";

const log = logger.child({ source: "protection" });

/**
 * A Function's input within Shopify's limits or why not (docs/product.md#function-input-limits):
 * what the app writes to its metafield, measured as Shopify passes it.
 */
function inputsOf(check: InputLimitsCheck): { withinLimits: boolean; detail?: string } {
  if (check.problems.length === 0) return { withinLimits: true };
  return { withinLimits: false, detail: check.problems.map((problem) => problem.message).join(" ") };
}

async function codeRulesVerdict(shopId: string, plan: PlanId): Promise<LayerVerdict> {
  const view = await getCodeRules({ id: shopId, plan });
  return codeRulesLayer({
    included: view.available,
    configured: hasCodeRules(view.rules),
    discountId: view.discountId,
    discountActive: view.discountActive,
    syncError: view.syncError,
    inputs: inputsOf(codeRulesInputLimits(view.rules)),
  });
}

async function checkoutVerdict(shopId: string, plan: PlanId): Promise<LayerVerdict> {
  const row = await prisma.functionConfig.findUnique({
    where: { shopId },
    select: { validationId: true, validationEnabled: true, thresholdPercent: true },
  });
  const config = await checkoutConfigFor({
    shopId,
    thresholdPercent: row?.thresholdPercent ?? DEFAULT_THRESHOLD_PERCENT,
  });
  return checkoutBlockingLayer({
    included: plan === "plus" && getEnv().plusPlanEnabled,
    validationId: row?.validationId ?? null,
    validationEnabled: row?.validationEnabled ?? false,
    inputs: inputsOf(checkoutConfigInputLimits(serializeCheckoutConfig(config))),
  });
}

/** A channel's deliveries: given up on since the last one sent, or waiting to be tried again. */
async function channelFacts(shopId: string, channel: AlertChannel, endpointsDown: number): Promise<ChannelFacts> {
  const [sent, dead, retrying] = await Promise.all([
    prisma.alertAndActionOutbox.findFirst({
      where: { shopId, channel, status: "sent" },
      orderBy: { createdAt: "desc" },
      select: { createdAt: true },
    }),
    prisma.alertAndActionOutbox.findFirst({
      where: { shopId, channel, status: "dead" },
      orderBy: { createdAt: "desc" },
      select: { createdAt: true, lastError: true },
    }),
    prisma.alertAndActionOutbox.count({ where: { shopId, channel, status: "pending", attempts: { gt: 0 } } }),
  ]);
  const failed = dead && (!sent || dead.createdAt > sent.createdAt);
  return {
    channel,
    lastFailure: failed ? { at: dead.createdAt, error: dead.lastError ?? "the receiver refused it" } : null,
    retrying,
    ...(channel === "webhook" ? { endpointsDown } : {}),
  };
}

async function alertsVerdict(shopId: string, plan: PlanId): Promise<LayerVerdict> {
  const settings = await prisma.alertSettings.findUnique({
    where: { shopId },
    select: { emailEnabled: true, slackEnabled: true, webhookEnabled: true, webhookEndpointState: true },
  });
  const on: Record<AlertChannel, boolean> = {
    email: settings?.emailEnabled ?? false,
    slack: settings?.slackEnabled ?? false,
    webhook: settings?.webhookEnabled ?? false,
  };
  const endpointsDown = Object.keys((settings?.webhookEndpointState as Record<string, unknown> | null) ?? {}).length;
  const channels = await Promise.all(
    CHANNELS.filter((channel) => on[channel]).map((channel) => channelFacts(shopId, channel, endpointsDown)),
  );
  return alertsLayer({ included: planHasAlerts(plan), channels });
}

/** The webhooks layer's facts from the shop's reconciliation (docs/operations.md#reconciliation). */
function webhookFacts(status: ReconciliationStatus, installedAt: Date): WebhookFacts {
  return {
    installedAt,
    lastSweep: status.lastSweepAt && status.lastResult ? { at: status.lastSweepAt, ...status.lastResult } : null,
    missingTopics: status.missingTopics ?? [],
    sweepEveryMs: getEnv().reconcileEveryMs,
  };
}

type ShopToJudge = { id: string; plan: string; installedAt: Date };

/** Reads the facts of every layer and judges them (no write). */
async function judgeProtection(shop: ShopToJudge): Promise<LayerVerdict[]> {
  const plan = toPlanId(shop.plan) ?? "free";
  const verdicts = await Promise.all([
    reconciliationStatus(shop.id).then((status) => webhooksLayer(webhookFacts(status, shop.installedAt), new Date())),
    adminAccessStatus(shop.id).then(adminAccessLayer),
    codeRulesVerdict(shop.id, plan),
    checkoutVerdict(shop.id, plan),
    alertsVerdict(shop.id, plan),
  ]);
  const byKey = new Map(verdicts.map((verdict) => [verdict.key, verdict]));
  return LAYER_KEYS.flatMap((key) => byKey.get(key) ?? []);
}

/**
 * Stores each layer's state where it changed (since: now), and queues the notice e-mail for a
 * layer that turned failing: only the process whose UPDATE moved the state tells it.
 */
async function recordStates(shopId: string, verdicts: LayerVerdict[], now: Date): Promise<Map<LayerKey, Date>> {
  const stored = await prisma.protectionLayerState.findMany({ where: { shopId } });
  const previous = new Map(stored.map((row) => [row.layer, row]));
  const since = new Map<LayerKey, Date>();
  for (const verdict of verdicts) {
    const before = previous.get(verdict.key);
    if (before?.state === verdict.state) {
      since.set(verdict.key, before.since);
      continue;
    }
    since.set(verdict.key, now);
    const moved = before
      ? (
          await prisma.protectionLayerState.updateMany({
            where: { shopId, layer: verdict.key, state: before.state },
            data: { state: verdict.state, since: now },
          })
        ).count === 1
      : await createState(shopId, verdict.key, verdict.state, now);
    const told = TOLD_ELSEWHERE.includes(verdict.key);
    if (moved && !told && turnedFailing(before?.state as LayerState | undefined, verdict.state)) {
      await queueFailingNotice(shopId, verdict, now);
    }
  }
  return since;
}

/** The layer's first state; false when another process stored it first. */
async function createState(shopId: string, layer: LayerKey, state: LayerState, now: Date): Promise<boolean> {
  try {
    await prisma.protectionLayerState.create({ data: { shopId, layer, state, since: now } });
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") return false;
    throw error;
  }
}

async function queueFailingNotice(shopId: string, verdict: LayerVerdict, now: Date): Promise<void> {
  const notice: NoticePayload = {
    kind: "notice",
    notice: "protection_failing",
    layer: verdict.key,
    detail: verdict.detail,
    fix: verdict.fix,
    at: now.toISOString(),
  };
  await prisma.$transaction([
    prisma.alertAndActionOutbox.create({
      data: {
        shopId,
        channel: NOTICE_CHANNEL,
        // a plain JSON object: the layer keys and fix are strings
        payload: notice as unknown as Prisma.InputJsonObject,
        status: "pending",
        nextAttemptAt: now,
      },
    }),
    prisma.protectionLayerState.update({
      where: { shopId_layer: { shopId, layer: verdict.key } },
      data: { alertedAt: now },
    }),
  ]);
  log.warn("A protection layer turned failing; the shop is told", {
    shopId,
    layer: verdict.key,
    detail: verdict.detail,
  });
}

/** The shop's layers with since when each is in its state; stores what changed and tells a failing turn. */
export async function protectionStatus(shop: ShopToJudge, now = new Date()): Promise<{ layers: ProtectionLayer[] }> {
  const verdicts = await judgeProtection(shop);
  const since = await recordStates(shop.id, verdicts, now);
  return {
    layers: verdicts.map((verdict) => ({ ...verdict, since: since.get(verdict.key)?.toISOString() ?? null })),
  };
}

/** After a shop's scheduled sweep: its layers judged and stored, a failing turn told. */
export async function judgeShopProtection(shopId: string): Promise<void> {
  const shop = await prisma.shop.findUnique({
    where: { id: shopId },
    select: { id: true, plan: true, installedAt: true },
  });
  if (shop) await protectionStatus(shop);
}
