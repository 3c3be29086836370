/**
 * Markers on Shopify's analytics charts (docs/product.md#markers-on-shopifys-charts), kept by a
 * reconciler rather than by calls scattered where findings happen: every few minutes each shop
 * with markers (or with markers left to take off) is passed once. A pass reads the findings from
 * the app's own tables (leak flags, the latest preflight, the protection layers), works out the
 * markers they call for (app/domain/markers/chart-markers.ts), compares them with those the app
 * made (ChartMarker) and creates, updates or deletes annotations through the Admin API with the
 * shop's offline token. A pass is claimed with a conditional UPDATE (a lease), so two app
 * processes never pass a shop together; a refusal or failure is logged and the shop is passed
 * again after a growing delay; nothing here throws into the server.
 */
import prisma from "../../db.server";
import { isUniqueViolation } from "../../db/errors";
import { backoffDelayMs } from "../../domain/backoff";
import { PLAN_IDS, toPlanId } from "../../domain/billing/plans";
import { signalInWords, type LeakSignal } from "../../domain/leaks/code-leaks";
import {
  MARKERS_SCOPE,
  markerChanges,
  markersMode,
  planHasChartMarkers,
  wantedMarkers,
  type MadeMarker,
  type MarkerChange,
  type MarkerFindings,
  type StackFinding,
  type WantedMarker,
} from "../../domain/markers/chart-markers";
import { LAYER_KEYS, LAYER_TITLES, type LayerKey } from "../../domain/protection/protection-status";
import { fail, ok, type Result } from "../../domain/result";
import { grantedScopesOf, scopeGranted } from "../../domain/shops/scopes";
import { logger as processLogger, type Logger } from "../../logger.server";
import { actionClientFor, type ActionClient } from "../actions/admin-client.server";
import type { PreflightResults } from "../preflight/preflight.server";
import { PROCESS_ID } from "../process-id.server";
import { startScheduledLoop, workerLoop } from "../worker-loop.server";
import { createAnnotation, deleteAnnotation, updateAnnotation } from "./annotations.server";

/** How often the shops' markers are passed. */
export const MARKERS_EVERY_MS = 5 * 60_000;
/** A pass's claim older than this belongs to a process that died: another process passes the shop. */
export const MARKERS_LEASE_MS = 10 * 60_000;
/** Delay before a shop whose pass failed is passed again: 1 minute, doubling up to the interval. */
export const MARKERS_RETRY_BASE_MS = 60_000;
/** Shops passed in one step of the loop. */
const SHOPS_PER_STEP = 10;
const MARKER_PLANS = PLAN_IDS.filter(planHasChartMarkers);

interface MarkerShop {
  id: string;
  domain: string;
  plan: string;
  chartMarkers: boolean;
  grantedScopes: string | null;
  isDemo: boolean;
}

const SHOP_SELECT = {
  id: true,
  domain: true,
  plan: true,
  chartMarkers: true,
  grantedScopes: true,
  isDemo: true,
} as const;

/** What a pass did: markers created, updated and deleted in Shopify, and the changes Shopify refused. */
export interface PassCounts {
  created: number;
  updated: number;
  deleted: number;
  refused: number;
  /** `no_scope`: Shopify has not granted write_analytics_annotations, nothing was called */
  skipped?: "no_scope";
}

export interface MarkerDeps {
  logger: Logger;
  /** the shop's Admin API client; the offline token's (or the demo's stand-in) by default */
  clientFor?: (shopDomain: string) => Promise<ActionClient | null>;
  /** the clock; Date.now by default */
  now?: () => number;
}

/** Whether Shopify granted the scope the annotations need (the demo store's stand-in asks for none). */
export const markersGranted = (shop: { isDemo: boolean; grantedScopes: string | null }) =>
  shop.isDemo || scopeGranted(MARKERS_SCOPE, new Set(grantedScopesOf(shop.grantedScopes)));

/** The shop's leaked codes flagged and still live: not deactivated by the app, not expired in Shopify. */
async function leakFindings(shopId: string): Promise<MarkerFindings["leaks"]> {
  const flagged = await prisma.codeUsage.findMany({
    where: { shopId, flaggedAt: { not: null }, deactivatedAt: null },
    select: { code: true, codeKey: true, flaggedAt: true, signals: true },
  });
  if (flagged.length === 0) return [];
  const ended = await prisma.discountCodeValue.findMany({
    where: { shopId, codeKey: { in: flagged.map((row) => row.codeKey) }, status: { not: "ACTIVE" } },
    select: { codeKey: true },
  });
  const over = new Set(ended.map((row) => row.codeKey));
  return flagged
    .filter((row) => !over.has(row.codeKey))
    .map((row) => ({
      code: row.code,
      codeKey: row.codeKey,
      flaggedAt: row.flaggedAt as Date,
      signals: ((row.signals ?? []) as unknown as LeakSignal[]).map(signalInWords),
    }));
}

/**
 * The latest finished preflight's worst stack when it breaks one of the shop's margin floors
 * (rules and collection rules of that type, testing ones aside as the preflight counts them), and
 * none of its code discounts has ended in Shopify since.
 */
async function stackFinding(shopId: string): Promise<StackFinding | null> {
  const run = await prisma.preflightRun.findFirst({
    where: { shopId, status: "done" },
    orderBy: { createdAt: "desc" },
    select: { results: true },
  });
  const worst = (run?.results as PreflightResults | null | undefined)?.worst;
  if (!worst || worst.rulesBroken.length === 0) return null;
  const [rules, collectionRules] = await Promise.all([
    prisma.rule.findMany({ where: { shopId, ruleType: "margin_floor" }, select: { name: true } }),
    prisma.collectionRule.findMany({
      where: { shopId, ruleType: "margin_floor" },
      select: { collectionId: true, collectionTitle: true },
    }),
  ]);
  // a collection rule is named as the rules list names it (app/domain/rules/rules.ts)
  const names = [
    ...rules.map((rule) => rule.name),
    ...collectionRules.map((rule) => `${rule.collectionTitle || rule.collectionId} - Margin Floor`),
  ];
  const floors = new Set(names);
  const broken = [...new Set(worst.rulesBroken.map((item) => item.rule).filter((rule) => floors.has(rule)))];
  if (broken.length === 0) return null;
  const ids = worst.stack.map((part) => part.id);
  const ended = await prisma.discountCodeValue.count({
    where: { shopId, discountId: { in: ids }, status: "EXPIRED" },
  });
  if (ended > 0) return null;
  return {
    discountIds: ids,
    labels: worst.stack.map((part) => part.label),
    percent: worst.percent,
    rules: broken,
    reachableFrom: new Date(worst.reachableFrom),
  };
}

/** The shop's protection layers stored as failing (docs/product.md#protection-status). */
async function protectionFindings(shopId: string): Promise<MarkerFindings["protection"]> {
  const rows = await prisma.protectionLayerState.findMany({
    where: { shopId, state: "failing" },
    select: { layer: true, since: true },
  });
  return rows
    .filter((row): row is { layer: LayerKey; since: Date } => (LAYER_KEYS as readonly string[]).includes(row.layer))
    .map((row) => ({
      layer: row.layer,
      since: row.since,
      detail: `${LAYER_TITLES[row.layer]} stopped protecting your margins. Margin Guardrail's Protection status says what to fix.`,
    }));
}

/** The findings the shop's markers are made from, read from the app's own tables. */
export async function markerFindings(shopId: string): Promise<MarkerFindings> {
  const [leaks, stack, protection] = await Promise.all([
    leakFindings(shopId),
    stackFinding(shopId),
    protectionFindings(shopId),
  ]);
  return { leaks, stack, protection };
}

const madeOf = (row: {
  key: string;
  annotationId: string;
  title: string;
  description: string | null;
  startedAt: Date;
}): MadeMarker => ({
  key: row.key,
  annotationId: row.annotationId,
  title: row.title,
  description: row.description,
  startedAt: row.startedAt,
});

const rowOf = (marker: WantedMarker) => ({
  title: marker.title,
  description: marker.description,
  startedAt: marker.startedAt,
});

/** Records a marker Shopify made (a row left by an earlier pass under the key is replaced). */
async function recordCreated(shopId: string, marker: WantedMarker, annotationId: string) {
  await prisma.chartMarker.upsert({
    where: { shopId_key: { shopId, key: marker.key } },
    create: { shopId, key: marker.key, annotationId, ...rowOf(marker) },
    update: { annotationId, ...rowOf(marker) },
  });
}

/**
 * Applies one change in Shopify and records it. A delete or update of an annotation Shopify no
 * longer has (NOT_FOUND) is done: its row goes, and an update makes the marker again. Answers the
 * refusal's words, or null when done; `full`: Shopify answered LIMIT_REACHED.
 */
async function applyChange(
  shopId: string,
  client: ActionClient,
  change: MarkerChange,
): Promise<{ refused: string | null; full?: boolean }> {
  const gone = (answer: { ok: false; codes: string[] }) => answer.codes.includes("NOT_FOUND");
  if (change.op === "delete") {
    const answer = await deleteAnnotation(client.graphql, change.made.annotationId);
    if (!answer.ok && !gone(answer)) return { refused: answer.message };
    await prisma.chartMarker.deleteMany({ where: { shopId, key: change.made.key } });
    return { refused: null };
  }
  if (change.op === "update") {
    const answer = await updateAnnotation(client.graphql, change.made.annotationId, change.marker);
    if (answer.ok) {
      await prisma.chartMarker.updateMany({ where: { shopId, key: change.marker.key }, data: rowOf(change.marker) });
      return { refused: null };
    }
    if (!gone(answer)) return { refused: answer.message };
    await prisma.chartMarker.deleteMany({ where: { shopId, key: change.made.key } });
  }
  const answer = await createAnnotation(client.graphql, change.marker);
  if (!answer.ok) return { refused: answer.message, full: answer.codes.includes("LIMIT_REACHED") };
  await recordCreated(shopId, change.marker, answer.id);
  return { refused: null };
}

/**
 * One pass of a shop's markers: the markers its findings call for (none when they are off or its
 * plan has none) put in Shopify, those no longer called for deleted. Each refusal is logged and
 * counted; the pass goes on with the other changes (after LIMIT_REACHED, with no more creates).
 * Shopify or the database failing throws (the caller backs off).
 */
export async function passShopMarkers(shop: MarkerShop, deps: MarkerDeps): Promise<PassCounts> {
  const counts: PassCounts = { created: 0, updated: 0, deleted: 0, refused: 0 };
  const mode = markersMode({
    chartMarkers: shop.chartMarkers,
    plan: toPlanId(shop.plan) ?? "free",
    scopeGranted: markersGranted(shop),
  });
  if (mode === "no_scope") return { ...counts, skipped: "no_scope" };
  const wanted = mode === "on" ? wantedMarkers(await markerFindings(shop.id)) : [];
  const made = (await prisma.chartMarker.findMany({ where: { shopId: shop.id } })).map(madeOf);
  const changes = markerChanges(wanted, made);
  if (changes.length === 0) return counts;
  const client = await (deps.clientFor ?? actionClientFor)(shop.domain);
  if (!client) throw new Error("No Admin API access for the shop (no offline session)");
  let full = false;
  for (const change of changes) {
    if (full && change.op === "create") continue;
    const done = await applyChange(shop.id, client, change);
    if (done.refused === null) {
      counts[change.op === "create" ? "created" : change.op === "update" ? "updated" : "deleted"] += 1;
      continue;
    }
    counts.refused += 1;
    full ||= Boolean(done.full);
    deps.logger.warn(
      `${client.standIn ? "The demo store's stand-in of Shopify" : "Shopify"} refused a chart marker; tried again at the next pass`,
      {
        shop: shop.domain,
        op: change.op,
        key: change.op === "delete" ? change.made.key : change.marker.key,
        reason: done.refused,
      },
    );
  }
  return counts;
}

/** The shop's pass row, made on first need (two processes making it at once make one). */
async function ensureSync(shopId: string): Promise<void> {
  try {
    await prisma.chartMarkerSync.upsert({ where: { shopId }, create: { shopId }, update: {} });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
}

/** Claims the shop's pass for this process: one conditional UPDATE, so of two processes only one gets it. */
async function claimPass(shopId: string, now: Date, due: boolean): Promise<boolean> {
  await ensureSync(shopId);
  const { count } = await prisma.chartMarkerSync.updateMany({
    where: {
      shopId,
      AND: [
        { OR: [{ lockedAt: null }, { lockedAt: { lt: new Date(now.getTime() - MARKERS_LEASE_MS) } }] },
        ...(due ? [{ OR: [{ nextPassAt: null }, { nextPassAt: { lte: now } }] }] : []),
      ],
    },
    data: { lockedBy: PROCESS_ID, lockedAt: now },
  });
  return count === 1;
}

/**
 * Passes a shop this process claimed and records the outcome, releasing the claim: the next pass
 * at the interval, or, when Shopify refused a change or the pass failed, after a growing delay.
 */
async function passClaimed(shop: MarkerShop, deps: MarkerDeps): Promise<Result<PassCounts>> {
  const clock = deps.now ?? Date.now;
  const mine = { shopId: shop.id, lockedBy: PROCESS_ID };
  let outcome: Result<PassCounts>;
  try {
    const counts = await passShopMarkers(shop, deps);
    outcome = counts.refused > 0 ? fail(502, `Shopify refused ${counts.refused} marker change(s)`) : ok(counts);
  } catch (error) {
    deps.logger.error("Chart markers: the shop's pass failed; tried again later", { shop: shop.domain, err: error });
    outcome = fail(502, error instanceof Error ? error.message : String(error));
  }
  const finished = new Date(clock());
  if (outcome.ok) {
    await prisma.chartMarkerSync.updateMany({
      where: mine,
      data: {
        lastPassAt: finished,
        failures: 0,
        lastError: null,
        nextPassAt: new Date(finished.getTime() + MARKERS_EVERY_MS),
        lockedBy: null,
        lockedAt: null,
      },
    });
    return outcome;
  }
  const state = await prisma.chartMarkerSync.findUnique({ where: { shopId: shop.id }, select: { failures: true } });
  const failures = (state?.failures ?? 0) + 1;
  const delay = backoffDelayMs(failures, { baseMs: MARKERS_RETRY_BASE_MS, capMs: MARKERS_EVERY_MS });
  await prisma.chartMarkerSync.updateMany({
    where: mine,
    data: {
      lastPassAt: finished,
      failures,
      lastError: outcome.error.message,
      nextPassAt: new Date(finished.getTime() + delay),
      lockedBy: null,
      lockedAt: null,
    },
  });
  return outcome;
}

/** Passes one shop now, whether or not its pass is due (tests, scripts); null when another process holds it. */
export async function passShopMarkersNow(shopId: string, deps: MarkerDeps): Promise<Result<PassCounts> | null> {
  const shop = await prisma.shop.findUnique({ where: { id: shopId }, select: SHOP_SELECT });
  if (!shop) return fail(404, "Shop not found");
  const now = new Date((deps.now ?? Date.now)());
  if (!(await claimPass(shop.id, now, false))) return null;
  return passClaimed(shop, deps);
}

/**
 * Passes the installed shops whose pass is due and that have markers to keep (on a plan with them,
 * switched on, the scope granted) or to take off (markers made); returns how many it passed.
 */
export async function passDueShops(deps: MarkerDeps, limit = SHOPS_PER_STEP): Promise<number> {
  const now = new Date((deps.now ?? Date.now)());
  const shops = await prisma.shop.findMany({
    where: {
      installState: "installed",
      AND: [
        {
          // markers to keep: switched on, on a plan with them, the scope granted (a shop without it is
          // not passed at all: nothing could be called); or markers made, to take off
          OR: [
            {
              chartMarkers: true,
              plan: { in: MARKER_PLANS },
              OR: [{ isDemo: true }, { grantedScopes: { contains: MARKERS_SCOPE } }],
            },
            { chartMarkerRows: { some: {} } },
          ],
        },
        {
          OR: [
            { chartMarkerSync: null },
            { chartMarkerSync: { OR: [{ nextPassAt: null }, { nextPassAt: { lte: now } }] } },
          ],
        },
      ],
    },
    orderBy: { id: "asc" },
    take: limit,
    select: SHOP_SELECT,
  });
  let passed = 0;
  for (const shop of shops) {
    if (!(await claimPass(shop.id, now, true))) continue;
    await passClaimed(shop, deps);
    passed += 1;
  }
  return passed;
}

/**
 * The merchant's switch of the shop's markers, saved; the shop's next pass is due at once, so the
 * change reaches Shopify at the reconciler's next look (turned off: every marker is deleted).
 */
export async function saveChartMarkersSwitch(shopId: string, on: boolean): Promise<void> {
  await prisma.$transaction([
    prisma.shop.update({ where: { id: shopId }, data: { chartMarkers: on } }),
    prisma.chartMarkerSync.updateMany({ where: { shopId }, data: { nextPassAt: null } }),
  ]);
}

/** How many markers the app has on the shop's charts now. */
export function markersShown(shopId: string): Promise<number> {
  return prisma.chartMarker.count({ where: { shopId } });
}

/** Starts the reconciler (a look now, then every MARKERS_EVERY_MS); returns what stops it. */
export function startChartMarkers(logger: Logger = processLogger): () => Promise<void> {
  const deps: MarkerDeps = { logger: logger.child({ worker: "chart-markers" }) };
  const loop = workerLoop("Chart markers", async () => (await passDueShops(deps)) === SHOPS_PER_STEP, {
    gatherMs: 0,
    backoff: { baseMs: MARKERS_RETRY_BASE_MS, capMs: MARKERS_EVERY_MS },
    logger: deps.logger,
  });
  return startScheduledLoop(loop, MARKERS_EVERY_MS);
}
