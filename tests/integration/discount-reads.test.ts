// What the app reads and follows of the shop's discounts (docs/product.md#what-the-app-reads-of-discounts),
// end to end against the fake Admin API: every code of a discount with 1,000 bulk codes is stored
// (paged 250 at a time), signed discounts/redeemcode_added and _removed webhooks change one code at
// once, and a discount a serving Rollout activates counts as live for the code rules, the leaked-code
// detector and the preflight; without read_rollouts the discount's own dates stand, with a note.
import { beforeAll, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { executeSync, parse } from "graphql";
import { answerStandIn, newStandInState } from "../../app/demo/admin-stand-in";
import { schemaManifest, shopifySchema } from "../../scripts/shopify-schemas.mjs";
import type { ShopDiscount } from "../../app/demo/shop-discounts";
import { percentToFraction } from "../../app/domain/money";
import { liveDiscounts } from "../../app/domain/preflight/combining";
import { ROLLOUTS_NOT_READ, type RolloutShape } from "../../app/domain/discounts/rollouts";
import { installFakeAdminApi } from "../helpers/fake-admin-api";
import { callRoute, installedShops, routeArgs, settle, webhookRequest } from "../helpers/shopify";

// the app's modules first: importing them sets Shopify's library's fetch, which the fake replaces
const config = await import("../../app/routes/api.config.code-rules._index");
const created = await import("../../app/routes/webhooks.discounts.create");
const updated = await import("../../app/routes/webhooks.discounts.update");
const added = await import("../../app/routes/webhooks.discounts.redeemcode_added");
const removed = await import("../../app/routes/webhooks.discounts.redeemcode_removed");
const { listCodes } = await import("../../app/services/leaks/codes.server");
const { readPreflightDiscounts, LIVE_DISCOUNTS, PREFLIGHT_DISCOUNTS } =
  await import("../../app/services/preflight/discounts.server");
const { ThrottledReader, THROTTLE_WAITS_MS, DISCOUNT_CODES, DISCOUNT_ONE, DISCOUNT_PAGE } =
  await import("../../app/services/code-rules/discount-values.server");

const SHOP = "discount-reads.myshopify.com";
const BULK = "gid://shopify/DiscountCodeNode/9701";
const EARLY = "gid://shopify/DiscountCodeNode/9702";
const MID = "gid://shopify/DiscountCodeNode/9703";
const HOUR = 3_600_000;

/** A serving rollout whose second treatment activates `discountId` for a share of buyers. */
const rolloutActivating = (discountId: string): RolloutShape => ({
  name: "Black Friday early access",
  status: "ACTIVE",
  effectiveTrafficAllocation: 20,
  treatments: [
    { split: 50, changes: { nodes: [] } },
    {
      split: 50,
      changes: { nodes: [{ __typename: "RolloutDiscountActivateChange", discount: { id: discountId } }] },
    },
  ],
});

const percentOff = (id: string, percent: number, codes: string[], extra: Record<string, unknown> = {}) =>
  ({
    id,
    discount: {
      __typename: "DiscountCodeBasic",
      status: "ACTIVE",
      usageLimit: null,
      codes: { nodes: codes.map((code) => ({ code })) },
      customerGets: {
        value: { __typename: "DiscountPercentage", percentage: percentToFraction(percent) },
        items: { __typename: "AllDiscountItems", allItems: true },
      },
      minimumRequirement: null,
      ...extra,
    },
  }) as ShopDiscount;

const bulkCodes = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, index) => `${prefix}-${String(index + 1).padStart(4, "0")}`);

const state = newStandInState();
state.shopDiscounts = new Map(
  [
    percentOff(BULK, 15, bulkCodes("BULK", 1000)),
    // scheduled for next month, but a serving Rollout gives it to a share of buyers now
    percentOff(EARLY, 40, ["EARLYBIRD"], { status: "SCHEDULED", rollouts: { nodes: [rolloutActivating(EARLY)] } }),
  ].map((node) => [node.id, node]),
);
const fake = installFakeAdminApi([], { standIn: state });
const named = (name: string) => fake.operations.filter((op) => op.query.includes(`query ${name}(`));
const deliver = async (
  route: { action: (args: ReturnType<typeof routeArgs>) => unknown },
  topic: string,
  payload: unknown,
  secret?: string,
) =>
  (await settle(() =>
    Promise.resolve(route.action(routeArgs(webhookRequest(topic, SHOP, payload, { secret })))),
  )) as Response;
let shopId = "";
const codesOf = async (discountId: string) =>
  (await prisma.discountCodeValue.findMany({ where: { shopId, discountId }, orderBy: { codeKey: "asc" } })).map(
    (row) => row.code,
  );

describe("the discounts the app reads", () => {
  beforeAll(async () => {
    [shopId] = await installedShops(SHOP);
    await prisma.shop.update({ where: { id: shopId }, data: { plan: "core", planCheckedAt: new Date() } });
  });

  it("stores every code of a discount with 1,000 bulk codes, paged 250 at a time under the query cost", async () => {
    const response = await callRoute(config.action, "/api/config/code-rules", SHOP, "PUT", { maxDiscountPercent: 30 });
    expect(response.status).toBe(200);
    const codes = await codesOf(BULK);
    expect(codes).toHaveLength(1000);
    expect(codes[0]).toBe("BULK-0001");
    expect(codes[999]).toBe("BULK-1000");
    // the page read the first 20 with the discount; the other 980 came 250 a page after its cursor
    expect(named("MarginGuardrailCodeDiscountCodes").map((op) => [op.variables.id, op.variables.first])).toEqual([
      [BULK, 250],
      [BULK, 250],
      [BULK, 250],
      [BULK, 250],
    ]);
    const row = await prisma.discountCodeValue.findFirst({ where: { shopId, codeKey: "bulk-0731" } });
    expect(row).toMatchObject({ kind: "percentage", percent: 15, status: "ACTIVE" });
    expect(fake.drift).toEqual([]);
  });

  it("reads a discount a discounts/create names in full: 300 codes, the first 250 with it", async () => {
    state.shopDiscounts!.set(MID, percentOff(MID, 10, bulkCodes("MID", 300)));
    expect((await deliver(created, "discounts/create", { admin_graphql_api_id: MID })).status).toBe(200);
    expect(await codesOf(MID)).toHaveLength(300);
    expect(named("MarginGuardrailCodeDiscountValue").at(-1)?.variables).toMatchObject({ id: MID, codes: 250 });
  });

  it("adds and removes one code at once on signed redeem code webhooks; a forgery or a bad code changes nothing", async () => {
    const reads = named("MarginGuardrailCodeDiscountValue").length;
    const metafieldWrites = () =>
      fake.operations.filter((op) => /metafieldsSet|discountAutomaticAppCreate/.test(op.query));
    const written = metafieldWrites().length;
    const payload = (code: string) => ({
      admin_graphql_api_id: BULK,
      redeem_code: { id: "gid://shopify/DiscountRedeemCode/77", code },
      updated_at: "2026-11-28T10:00:00-05:00",
    });
    expect((await deliver(added, "discounts/redeemcode_added", payload("BULK-NEW"))).status).toBe(200);
    expect(await prisma.discountCodeValue.findFirst({ where: { shopId, codeKey: "bulk-new" } })).toMatchObject({
      discountId: BULK,
      kind: "percentage",
      percent: 15,
    });
    expect((await deliver(removed, "discounts/redeemcode_removed", payload("BULK-0001"))).status).toBe(200);
    expect(await prisma.discountCodeValue.count({ where: { shopId, codeKey: "bulk-0001" } })).toBe(0);
    // the code's value was known: Shopify was not asked again
    expect(named("MarginGuardrailCodeDiscountValue")).toHaveLength(reads);
    // and the code rules' metafield was written again after each
    expect(metafieldWrites()).toHaveLength(written + 2);

    const before = await prisma.discountCodeValue.count({ where: { shopId } });
    const forged = await deliver(added, "discounts/redeemcode_added", payload("FORGED"), "not-the-secret");
    expect(forged.status).toBe(401);
    const empty = await deliver(added, "discounts/redeemcode_added", payload("  "));
    expect(empty.status).toBe(400);
    expect(await prisma.discountCodeValue.count({ where: { shopId } })).toBe(before);

    // a payload without its code: the discount is read again, every code
    state.shopDiscounts!.get(MID)!.discount.codes!.nodes.push({ code: "MID-LATE" });
    expect((await deliver(added, "discounts/redeemcode_added", { admin_graphql_api_id: MID })).status).toBe(200);
    expect(await codesOf(MID)).toHaveLength(301);
  });

  it("counts a scheduled discount a serving Rollout activates as live, for the cap and the leak detector", async () => {
    const early = await prisma.discountCodeValue.findFirst({ where: { shopId, discountId: EARLY } });
    expect(early).toMatchObject({ code: "EARLYBIRD", status: "ACTIVE", percent: 40 });
    const now = new Date();
    await prisma.codeUsage.create({
      data: {
        shopId,
        codeKey: "earlybird",
        code: "EARLYBIRD",
        uses: 3,
        firstSeenAt: new Date(now.getTime() - HOUR),
        lastUsedAt: now,
      },
    });
    const [code] = await listCodes({ id: shopId, plan: "core" }, { limit: 10 }, now);
    expect(code).toMatchObject({ code: "EARLYBIRD", discountId: EARLY, discountLive: true });

    // without read_rollouts the query leaves rollouts out and the discount's own status stands
    await prisma.shop.update({ where: { id: shopId }, data: { grantedScopes: "read_orders,read_discounts" } });
    expect((await deliver(updated, "discounts/update", { admin_graphql_api_id: EARLY })).status).toBe(200);
    expect(named("MarginGuardrailCodeDiscountValue").at(-1)?.variables).toMatchObject({ id: EARLY, rollouts: false });
    expect(await prisma.discountCodeValue.findFirst({ where: { shopId, discountId: EARLY } })).toMatchObject({
      status: "SCHEDULED",
    });
    const [again] = await listCodes({ id: shopId, plan: "core" }, { limit: 10 }, now);
    expect(again?.discountLive).toBe(false);
  });
});

describe("the demo store's stand-in of Shopify", () => {
  it("answers every discount read the app makes, in Shopify's schema, offline", () => {
    const schema = shopifySchema(`admin_${schemaManifest().admin.pinned}`);
    const demo = newStandInState();
    const reads: [string, Record<string, unknown>][] = [
      [DISCOUNT_PAGE, { first: 16, after: null, codes: 20, rollouts: true }],
      [DISCOUNT_ONE, { id: "gid://shopify/DiscountCodeNode/9301", codes: 250, rollouts: true }],
      [DISCOUNT_CODES, { id: "gid://shopify/DiscountCodeNode/9301", first: 250, after: "0" }],
      [PREFLIGHT_DISCOUNTS, { first: 10, after: null, rollouts: true, query: LIVE_DISCOUNTS }],
      [PREFLIGHT_DISCOUNTS, { first: 1, after: null, rollouts: true, query: "id:9401" }],
    ];
    for (const [query, variables] of reads) {
      const answer = answerStandIn(demo, { query, variables }) as { data?: unknown; errors?: unknown };
      expect(answer.errors, query.slice(0, 80)).toBeUndefined();
      const result = executeSync({
        schema,
        document: parse(query),
        rootValue: answer.data,
        variableValues: variables,
        typeResolver: (value: { __typename?: string }) => value.__typename,
      });
      expect(result.errors ?? [], query.slice(0, 80)).toEqual([]);
    }
    const page = answerStandIn(demo, { query: DISCOUNT_PAGE, variables: { first: 16, codes: 20, rollouts: true } }) as {
      data: { codeDiscountNodes: { nodes: { codeDiscount: { codes: { nodes: { code: string }[] } } }[] } };
    };
    expect(
      page.data.codeDiscountNodes.nodes.flatMap((node) => node.codeDiscount.codes.nodes.map((c) => c.code)),
    ).toContain("SUMMER30");
  });
});

describe("the discount sync's reads", () => {
  it("wait out Shopify's throttling and ask again, giving up after the last wait", async () => {
    const throttled = { errors: [{ message: "Throttled", extensions: { code: "THROTTLED" } }] };
    const answers: unknown[] = [throttled, throttled, { data: { codeDiscountNode: null } }];
    const waits: number[] = [];
    const graphql = (async () => Response.json(answers.shift() ?? throttled)) as never;
    const reader = new ThrottledReader(graphql, async (ms) => {
      waits.push(ms);
    });
    const variables = { id: BULK, first: 250, after: null };
    expect(await reader.data(DISCOUNT_CODES, variables)).toEqual({ codeDiscountNode: null });
    expect(waits).toEqual(THROTTLE_WAITS_MS.slice(0, 2));
    await expect(reader.data(DISCOUNT_CODES, variables)).rejects.toThrow("Throttled");
    expect(waits).toHaveLength(2 + THROTTLE_WAITS_MS.length);
  });
});

describe("the preflight's discounts", () => {
  const NOW = new Date("2026-11-28T12:00:00Z");
  const node = (id: string, status: string, startsAt: string, endsAt: string | null, rollouts: RolloutShape[]) => ({
    id,
    discount: {
      __typename: "DiscountCodeBasic",
      title: id.endsWith("1") ? "EARLY40" : "LASTYEAR",
      status,
      startsAt,
      endsAt,
      tags: [],
      discountClasses: ["ORDER"],
      usageLimit: 100,
      appliesOncePerCustomer: false,
      combinesWith: { productDiscounts: false, orderDiscounts: false, shippingDiscounts: false },
      context: { __typename: "DiscountBuyerSelectionAll" },
      codes: { nodes: [{ code: id.endsWith("1") ? "EARLY40" : "LASTYEAR" }] },
      codesCount: { count: 1 },
      customerGets: {
        value: { __typename: "DiscountPercentage", percentage: 0.4 },
        items: { __typename: "AllDiscountItems" },
      },
      minimumRequirement: null,
      ...(rollouts.length ? { rollouts: { nodes: rollouts } } : {}),
    },
  });
  const scheduled = "gid://shopify/DiscountCodeNode/9801";
  const expired = "gid://shopify/DiscountCodeNode/9802";
  const discounts = [
    node(scheduled, "SCHEDULED", "2026-12-20T00:00:00Z", "2027-01-05T00:00:00Z", [rolloutActivating(scheduled)]),
    node(expired, "EXPIRED", "2025-11-01T00:00:00Z", "2025-12-01T00:00:00Z", [rolloutActivating(expired)]),
  ];
  /** Shopify's answer: the discounts, or its refusal of the rollouts field without read_rollouts. */
  const shopify = (granted: boolean) => {
    const asked: boolean[] = [];
    const graphql = async (_query: unknown, options?: { variables?: Record<string, unknown> }) => {
      const rollouts = Boolean(options?.variables?.rollouts);
      asked.push(rollouts);
      if (rollouts && !granted) {
        return Response.json({
          errors: [{ message: "Access denied for rollouts field. Required access: `read_rollouts` access scope." }],
        });
      }
      const nodes = discounts.map((item) =>
        rollouts ? item : { ...item, discount: { ...item.discount, rollouts: undefined } },
      );
      return Response.json({ data: { discountNodes: { nodes, pageInfo: { hasNextPage: false, endCursor: null } } } });
    };
    return { graphql: graphql as never, asked };
  };

  it("counts a scheduled or expired discount a serving Rollout activates as live now", async () => {
    const { graphql } = shopify(true);
    const read = await readPreflightDiscounts(graphql);
    expect(read.rolloutsNote).toBeNull();
    const live = liveDiscounts(read.discounts, NOW);
    expect(live.map((discount) => [discount.code, discount.status, discount.startsAt, discount.rollout])).toEqual([
      ["EARLY40", "ACTIVE", null, "Black Friday early access"],
      ["LASTYEAR", "ACTIVE", null, "Black Friday early access"],
    ]);
  });

  it("reads again without rollouts when Shopify refuses them, judging by the discounts' own dates, with a note", async () => {
    const { graphql, asked } = shopify(false);
    const read = await readPreflightDiscounts(graphql);
    expect(asked).toEqual([true, false]);
    expect(read.rolloutsNote).toBe(ROLLOUTS_NOT_READ);
    expect(liveDiscounts(read.discounts, NOW).map((discount) => [discount.code, discount.status])).toEqual([
      ["EARLY40", "SCHEDULED"],
    ]);
    // a shop whose stored scopes lack read_rollouts is not asked for them at all
    const known = shopify(false);
    expect((await readPreflightDiscounts(known.graphql, { rollouts: false })).rolloutsNote).toBe(ROLLOUTS_NOT_READ);
    expect(known.asked).toEqual([false]);
  });
});
