/**
 * One discount's preflight check (`npm run bench -- preflight-check`; docs/benchmarks.md#the-promotion-preflight):
 * the service that answers POST /api/preflight {discountId} (the route adds the session token's check
 * and the JSON), for a shop with BENCH_CHECK_DISCOUNTS (1,000) active and scheduled discounts on a
 * local fake Admin API on 127.0.0.1 over HTTP (the first check reads them all, 10 a page, and keeps
 * them; later ones read the discount checked by its id), and BENCH_CHECK_ORDERS (1,000) orders of the
 * last 60 days as the app received them. Prints the first answer's time and the median and slowest of
 * the next BENCH_CHECK_REPEAT (10). Run in its own process.
 */
import fs from "node:fs";
import path from "node:path";
import { formatCount } from "../app/domain/money";
import { TMP_DIR, createMigratedDatabase } from "../scripts/migrations";

const DISCOUNTS = Number(process.env.BENCH_CHECK_DISCOUNTS || 1_000);
const ORDERS = Number(process.env.BENCH_CHECK_ORDERS || 1_000);
const REPEAT = Number(process.env.BENCH_CHECK_REPEAT || 10);
const SHOP = "bench-check.myshopify.com";
const DAY_MS = 86_400_000;

const file = path.join(TMP_DIR, "bench-preflight-check.sqlite");
fs.rmSync(file, { force: true });
createMigratedDatabase(file);
process.env.DATABASE_URL = `file:${file}`;
process.env.SHOPIFY_API_SECRET ||= "bench";

const { sampleOrder, seededRandom, DEMO_CATALOG, SUMMER_SALE } = await import("../app/demo/demo-store");
const { graphqlOrderNode } = await import("../app/demo/graphql-order-builder");
const { demoCatalogVariants, installFakeAdminApi } = await import("../tests/helpers/fake-admin-api");
const { ensureShop } = await import("../app/db/shops.server");
const { checkDiscount } = await import("../app/services/preflight/check.server");
const { receiveOrders } = await import("../tests/helpers/catalog-orders");
const { cacheCatalogVariants } = await import("../app/demo/seed.server");
const prisma = (await import("../app/db.server")).default;

const now = Date.now();
const rand = seededRandom(48);
const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
const at = (days: number) => new Date(now + days * DAY_MS).toISOString();

/** A discount node as Shopify's discountNodes answers it: codes and automatic, three classes, random settings. */
function discountNode(index: number) {
  const automatic = rand() < 0.2;
  const kind = pick(["PRODUCT", "PRODUCT", "ORDER", "ORDER", "SHIPPING"] as const);
  const starts = rand() < 0.15 ? Math.floor(rand() * 20) : -Math.floor(rand() * 30);
  const base = {
    title: `Discount ${index}`,
    status: starts > 0 ? "SCHEDULED" : "ACTIVE",
    startsAt: at(starts),
    endsAt: rand() < 0.3 ? null : at(starts + 10 + Math.floor(rand() * 60)),
    tags: [],
    combinesWith: {
      productDiscounts: rand() < 0.5,
      orderDiscounts: rand() < 0.4,
      shippingDiscounts: rand() < 0.7,
      ...(kind === "SHIPPING" ? {} : { productDiscountsWithTagsOnSameCartLine: [] }),
    },
    context: { __typename: "DiscountBuyerSelectionAll" },
    minimumRequirement:
      rand() < 0.4
        ? {
            __typename: "DiscountMinimumSubtotal",
            greaterThanOrEqualToSubtotal: { amount: pick(["50.0", "100.0", "150.0"]) },
          }
        : null,
    rollouts: { nodes: [] },
    ...(automatic
      ? {}
      : {
          usageLimit: rand() < 0.5 ? 1000 : null,
          appliesOncePerCustomer: rand() < 0.3,
          codes: { nodes: [{ code: `CODE${index}` }] },
          codesCount: { count: 1 },
        }),
  };
  const id = `gid://shopify/Discount${automatic ? "Automatic" : "Code"}Node/${100_000 + index}`;
  if (kind === "SHIPPING") {
    return {
      id,
      discount: {
        __typename: automatic ? "DiscountAutomaticFreeShipping" : "DiscountCodeFreeShipping",
        ...base,
        maximumShippingPrice: null,
      },
    };
  }
  const product = pick(DEMO_CATALOG);
  return {
    id,
    discount: {
      __typename: automatic ? "DiscountAutomaticBasic" : "DiscountCodeBasic",
      ...base,
      discountClasses: [kind],
      customerGets: {
        value:
          rand() < 0.7
            ? { __typename: "DiscountPercentage", percentage: pick([0.05, 0.1, 0.15, 0.2, 0.3]) }
            : {
                __typename: "DiscountAmount",
                amount: { amount: pick(["5.0", "10.0", "20.0"]) },
                appliesOnEachItem: false,
              },
        items:
          kind === "ORDER"
            ? { __typename: "AllDiscountItems" }
            : rand() < 0.5
              ? { __typename: "DiscountCollections", collections: { nodes: [{ id: SUMMER_SALE }] } }
              : {
                  __typename: "DiscountProducts",
                  products: { nodes: [{ id: `gid://shopify/Product/${product.product}` }] },
                  productVariants: { nodes: [] },
                },
      },
    },
  };
}

const discounts = Array.from({ length: DISCOUNTS }, (_, index) => discountNode(index + 1));
const placed = Array.from({ length: ORDERS }, (_, index) => {
  const createdAt = new Date(now - 1000 - Math.floor(rand() * 59 * DAY_MS));
  return { payload: sampleOrder(rand, 9_000_000 + index, 20_001 + index, createdAt), createdAt };
});
const fake = installFakeAdminApi(demoCatalogVariants(), {
  orders: placed.map(({ payload }) => graphqlOrderNode(payload)),
  // a bucket that never runs dry: the figure is the app's own time, not Shopify's pace
  cost: {
    requestedQueryCost: 900,
    actualQueryCost: 300,
    throttleStatus: { maximumAvailable: 1000, currentlyAvailable: 1000, restoreRate: 1000 },
  },
  answers: {
    MarginGuardrailPreflightDiscounts: (variables: { first?: number; after?: string | null; query?: string }) => {
      // one discount by its number (`id:123`), or the list a page at a time
      const number = /^id:(\d+)$/.exec(variables.query ?? "")?.[1];
      const matching = number ? discounts.filter((node) => node.id.endsWith(`/${number}`)) : discounts;
      const first = variables.first ?? 10;
      const from = variables.after ? Number(variables.after) : 0;
      const nodes = matching.slice(from, from + first);
      const next = from + nodes.length;
      return {
        discountNodes: {
          nodes: nodes as never,
          pageInfo: { hasNextPage: next < matching.length, endCursor: String(next) },
        },
      };
    },
  },
});
const port = await fake.port;
let requests = 0;
const graphql = (query: string, options?: { variables?: Record<string, unknown> }) => {
  requests++;
  return fetch(`http://127.0.0.1:${port}/admin/api/2026-10/graphql.json`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Fake-Shop-Host": SHOP },
    body: JSON.stringify({ query, variables: options?.variables ?? {} }),
  });
};

const shop = await ensureShop(SHOP, { currency: "USD" });
// the orders as the app received them with its order webhooks, and its cache of their variants
await receiveOrders(shop.id, placed);
await cacheCatalogVariants(shop.id, DEMO_CATALOG);
// a sample discount: an order discount of the list that combines with order discounts
const target = discounts.find(
  (node) => node.discount.__typename === "DiscountCodeBasic" && node.discount.combinesWith.orderDiscounts,
)!;

async function once() {
  requests = 0;
  const started = performance.now();
  // the shop as the route reads it: its kept discounts' time
  const current = (await prisma.shop.findUnique({ where: { id: shop.id } }))!;
  const answer = await checkDiscount(current, { discountId: target.id }, 60, graphql);
  const ms = performance.now() - started;
  if (!answer.ok) throw new Error(answer.error.message);
  return { ms, answer: answer.value, requests };
}

const first = await once();
const times: number[] = [];
let laterRequests = 0;
for (let run = 0; run < REPEAT; run++) {
  const next = await once();
  times.push(next.ms);
  laterRequests = Math.max(laterRequests, next.requests);
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)] ?? first.ms;
const slowest = times[times.length - 1] ?? first.ms;
const check = first.answer;
console.log(
  `\nPreflight check of one discount (POST /api/preflight {discountId}) for ${formatCount(DISCOUNTS)} discounts and ${formatCount(ORDERS)} orders from a local fake Admin API: ` +
    `first ${Math.round(first.ms)} ms, then median ${Math.round(median)} ms, slowest ${Math.round(slowest)} ms of ${REPEAT} ` +
    `(target: under 1 s); ${first.requests} requests to Shopify the first time (the whole list, kept), ` +
    `then at most ${laterRequests} each; ${check.stackableCount} discounts stack with it, ` +
    `worst: ${check.summary ?? "none"}; ${check.hygiene.length} hygiene findings`,
);
await prisma.$disconnect();
process.exit(0);
