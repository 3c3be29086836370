/**
 * A backtest of BENCH_BACKTEST_ORDERS (10,000) orders read from a local fake Admin API on
 * 127.0.0.1 over HTTP, page by page, with the demo store's rules (margin floors included, so
 * unit costs are looked up) and a suggested rule. Run in its own process: `npm run bench -- backtest`.
 */
import fs from "node:fs";
import path from "node:path";
import { formatCount } from "../app/domain/money";
import { TMP_DIR, createMigratedDatabase } from "../scripts/migrations";

const ORDERS = Number(process.env.BENCH_BACKTEST_ORDERS || 10_000);
const SHOP = "bench-backtest.myshopify.com";
const DAY_MS = 86_400_000;

const file = path.join(TMP_DIR, "bench-backtest.sqlite");
fs.rmSync(file, { force: true });
createMigratedDatabase(file);
process.env.DATABASE_URL = `file:${file}`;
process.env.SHOPIFY_API_SECRET ||= "bench";

const { buildDemoStore, sampleOrder, seededRandom } = await import("../app/demo/demo-store");
const { graphqlOrderNode } = await import("../app/demo/graphql-order-builder");
const { demoCatalogVariants, installFakeAdminApi } = await import("../tests/helpers/fake-admin-api");
const { ensureShop } = await import("../app/db/shops.server");
const { startBacktest, findBacktest } = await import("../app/services/backtest/backtest.server");
const prisma = (await import("../app/db.server")).default;

const now = Date.now();
const rand = seededRandom(42);
const nodes = Array.from({ length: ORDERS }, (_, index) =>
  graphqlOrderNode(
    sampleOrder(rand, 8_000_000 + index, 10_001 + index, new Date(now - 1000 - Math.floor(rand() * 59 * DAY_MS))),
  ),
);
const fake = installFakeAdminApi(demoCatalogVariants(), {
  orders: nodes,
  // a bucket that never runs dry: the figure is the app's own time, not Shopify's pace
  cost: {
    requestedQueryCost: 900,
    actualQueryCost: 300,
    throttleStatus: { maximumAvailable: 1000, currentlyAvailable: 1000, restoreRate: 1000 },
  },
});
const port = await fake.port;
const graphql = (query: string, options?: { variables?: Record<string, unknown> }) =>
  fetch(`http://127.0.0.1:${port}/admin/api/2025-10/graphql.json`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Fake-Shop-Host": SHOP },
    body: JSON.stringify({ query, variables: options?.variables ?? {} }),
  });

const shop = await ensureShop(SHOP, { currency: "USD" });
const demo = buildDemoStore(new Date(now));
for (const rule of demo.rules) await prisma.rule.create({ data: { ...rule, id: `bench-${rule.id}`, shopId: shop.id } });
await prisma.shop.update({ where: { id: shop.id }, data: { plan: "core", planCheckedAt: new Date() } });
await prisma.stackingSettings.update({ where: { shopId: shop.id }, data: demo.stackingSettings });

const started = performance.now();
const run = await startBacktest(shop, { rules: "shop", suggest: true }, { kind: "shopify", graphql });
if (!run.ok) throw new Error(run.error.message);
await run.value.run;
const seconds = (performance.now() - started) / 1000;
const view = await findBacktest(shop.id, run.value.view.id);
if (view?.status !== "done" || !view.results) throw new Error(`The backtest ended ${view?.status}: ${view?.error}`);
const results = view.results;
if (results.ordersScanned !== ORDERS) throw new Error(`Read ${results.ordersScanned} of ${ORDERS} orders`);
console.log(
  `\nBacktest of ${formatCount(ORDERS)} orders from a local fake Admin API: ${seconds.toFixed(1)} s (target: under 30 s), ${formatCount(Math.round(ORDERS / seconds))} orders/s over ${results.reads?.requests} requests; ${formatCount(results.ordersBreached)} orders would breach ${results.rules.length} rules; suggested: ${results.suggestion?.rule.name}`,
);
await prisma.$disconnect();
process.exit(0);
