// Markers on Shopify's analytics charts (docs/product.md#markers-on-shopifys-charts) driven through
// the fake Admin API: a leak flagged puts one marker, resolving it deletes it; a protection gap and
// a margin-floor stack put theirs; the merchant's switch off deletes them all; Shopify refusing a
// marker is logged and the pass tried again later; a second pass changes nothing; a shop without
// the scope is left alone.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Prisma } from "@prisma/client";
import prisma from "../../app/db.server";
import { newStandInState, type StandInState } from "../../app/demo/admin-stand-in";
import { createLogger } from "../../app/logger.server";
import { installFakeAdminApi } from "../helpers/fake-admin-api";
import { coreShopWithLimit } from "../helpers/breaches";
import { storeOfflineSession } from "../helpers/shopify";

const { passShopMarkersNow, passDueShops, MARKERS_EVERY_MS } =
  await import("../../app/services/markers/chart-markers.server");

const SHOP = "chart-markers.myshopify.com";
let state: StandInState = newStandInState();
/** Shopify refuses every marker created while this is set (a userError, as Shopify answers one). */
let refuseCreates = false;
installFakeAdminApi([], {
  answers: {
    MarginGuardrailMarkerCreate: () =>
      refuseCreates
        ? {
            analyticsAnnotationCreate: {
              analyticsAnnotation: null,
              userErrors: [{ field: ["input", "type"], message: "Type is not supported", code: "INVALID" as const }],
            },
          }
        : undefined,
  },
  get standIn() {
    return state;
  },
});

const logged: { msg: string; level: number; reason?: string }[] = [];
const deps = {
  logger: createLogger({ level: "warn", write: (line) => logged.push(JSON.parse(line) as (typeof logged)[number]) }),
};

const FLAGGED_AT = new Date("2026-11-25T10:00:00Z");

async function flagLeak(shopId: string, code: string) {
  const signals = [{ name: "velocity_spike", figure: 40, limit: 20 }] as unknown as Prisma.InputJsonValue;
  await prisma.codeUsage.create({
    data: {
      shopId,
      codeKey: code.toLowerCase(),
      code,
      uses: 40,
      firstSeenAt: FLAGGED_AT,
      lastUsedAt: FLAGGED_AT,
      flaggedAt: FLAGGED_AT,
      signals,
    },
  });
}

const annotations = () => [...(state.annotations?.values() ?? [])];

describe("markers on Shopify's charts", () => {
  let shopId: string;
  beforeAll(async () => {
    shopId = await coreShopWithLimit(SHOP);
    await storeOfflineSession(SHOP);
  });
  beforeEach(async () => {
    state = newStandInState();
    refuseCreates = false;
    logged.length = 0;
    await prisma.shop.update({
      where: { id: shopId },
      data: { chartMarkers: true, grantedScopes: "read_orders,write_analytics_annotations" },
    });
    await Promise.all([
      prisma.codeUsage.deleteMany({ where: { shopId } }),
      prisma.chartMarker.deleteMany({ where: { shopId } }),
      prisma.chartMarkerSync.deleteMany({ where: { shopId } }),
      prisma.protectionLayerState.deleteMany({ where: { shopId } }),
      prisma.preflightRun.deleteMany({ where: { shopId } }),
    ]);
  });

  it("puts one marker for a leak flagged, changes nothing the second time and deletes it once resolved", async () => {
    await flagLeak(shopId, "SAVE50");
    expect(await passShopMarkersNow(shopId, deps)).toEqual({
      ok: true,
      value: { created: 1, updated: 0, deleted: 0, refused: 0 },
    });
    expect(annotations()).toEqual([
      {
        id: expect.stringMatching(/^gid:\/\/shopify\/AnalyticsAnnotation\/\d+$/),
        type: "other",
        title: "Margin Guardrail: code SAVE50 probably leaked",
        description: "Flagged: velocity spike: 40 uses in the last hour (limit 20)",
        startedAt: FLAGGED_AT.toISOString(),
        endedAt: null,
      },
    ]);
    const [row] = await prisma.chartMarker.findMany({ where: { shopId } });
    expect(row).toMatchObject({ key: `leak:save50:${FLAGGED_AT.getTime()}`, annotationId: annotations()[0].id });

    // idempotent: the same findings, nothing called
    expect(await passShopMarkersNow(shopId, deps)).toEqual({
      ok: true,
      value: { created: 0, updated: 0, deleted: 0, refused: 0 },
    });
    expect(annotations()).toHaveLength(1);

    // the merchant deactivated the code: resolved, the marker goes
    await prisma.codeUsage.updateMany({ where: { shopId }, data: { deactivatedAt: new Date() } });
    expect(await passShopMarkersNow(shopId, deps)).toEqual({
      ok: true,
      value: { created: 0, updated: 0, deleted: 1, refused: 0 },
    });
    expect(annotations()).toEqual([]);
    expect(await prisma.chartMarker.count({ where: { shopId } })).toBe(0);
  });

  it("marks a protection gap and a stack past a margin floor, and deletes them all when switched off", async () => {
    await prisma.protectionLayerState.create({
      data: { shopId, layer: "code_rules", state: "failing", since: new Date("2026-11-20T08:00:00Z") },
    });
    await prisma.rule.create({
      data: {
        shopId,
        name: "Keep 30% margin",
        ruleType: "margin_floor",
        threshold: "30",
        thresholdPercent: 30,
        thresholdUnit: "PERCENT",
        conditions: {},
      },
    });
    const worst = {
      percent: 47.5,
      reachableFrom: "2026-12-01T00:00:00.000Z",
      stack: [
        { id: "gid://shopify/DiscountCodeNode/2", label: "SAVE20" },
        { id: "gid://shopify/DiscountAutomaticNode/1", label: "automatic 'Spring sale'" },
      ],
      rulesBroken: [
        { rule: "Keep 30% margin", message: "margin under 30%" },
        { rule: "Max 20%", message: "over 20%" },
      ],
    };
    await prisma.preflightRun.create({
      data: { shopId, status: "done", days: 60, results: { worst } as unknown as Prisma.InputJsonValue },
    });
    expect(await passShopMarkersNow(shopId, deps)).toMatchObject({ ok: true, value: { created: 2 } });
    expect(annotations().map((annotation) => [annotation.title, annotation.description])).toEqual([
      [
        "Margin Guardrail: Code rules stopped protecting",
        "Code rules stopped protecting your margins. Margin Guardrail's Protection status says what to fix.",
      ],
      [
        "Margin Guardrail: a 47.5% discount stack passes your margin floor",
        "SAVE20 + automatic 'Spring sale' can stack and break Keep 30% margin",
      ],
    ]);

    await prisma.shop.update({ where: { id: shopId }, data: { chartMarkers: false } });
    expect(await passShopMarkersNow(shopId, deps)).toMatchObject({ ok: true, value: { deleted: 2 } });
    expect(annotations()).toEqual([]);
    expect(await prisma.chartMarker.count({ where: { shopId } })).toBe(0);
    await prisma.rule.deleteMany({ where: { shopId, name: "Keep 30% margin" } });
  });

  it("logs Shopify's refusal and puts the marker at a later pass", async () => {
    await flagLeak(shopId, "LEAKY");
    refuseCreates = true;
    const refused = await passShopMarkersNow(shopId, deps);
    expect(refused).toMatchObject({ ok: false, error: { message: "Shopify refused 1 marker change(s)" } });
    expect(logged).toContainEqual(
      expect.objectContaining({
        msg: "Shopify refused a chart marker; tried again at the next pass",
        reason: "input.type: Type is not supported",
      }),
    );
    const sync = await prisma.chartMarkerSync.findUniqueOrThrow({ where: { shopId } });
    expect(sync).toMatchObject({ failures: 1, lockedBy: null, lastError: "Shopify refused 1 marker change(s)" });
    expect(sync.nextPassAt!.getTime()).toBeGreaterThan(Date.now());
    expect(await prisma.chartMarker.count({ where: { shopId } })).toBe(0);

    // Shopify takes it again: the scheduled look passes the shop once its retry is due
    refuseCreates = false;
    const later = { ...deps, now: () => Date.now() + MARKERS_EVERY_MS };
    expect(await passDueShops(later)).toBeGreaterThanOrEqual(1);
    expect(annotations().map((annotation) => annotation.title)).toEqual([
      "Margin Guardrail: code LEAKY probably leaked",
    ]);
    expect(await prisma.chartMarkerSync.findUniqueOrThrow({ where: { shopId } })).toMatchObject({
      failures: 0,
      lastError: null,
    });
  });

  it("leaves a shop that has not granted the scope alone", async () => {
    await flagLeak(shopId, "SAVE50");
    await prisma.shop.update({ where: { id: shopId }, data: { grantedScopes: "read_orders" } });
    expect(await passShopMarkersNow(shopId, deps)).toEqual({
      ok: true,
      value: { created: 0, updated: 0, deleted: 0, refused: 0, skipped: "no_scope" },
    });
    expect(annotations()).toEqual([]);
  });
});
