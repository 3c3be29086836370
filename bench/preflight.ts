/**
 * The promotion preflight's model (`npm run bench -- preflight`; docs/benchmarks.md#the-promotion-preflight):
 * BENCH_PREFLIGHT_CARTS carts (default 50,000, 1 to 6 lines from 500 products in 20 collections)
 * against BENCH_PREFLIGHT_DISCOUNTS live discounts (default 200: product, order and shipping, codes and
 * automatic, percentages and fixed amounts, minimums, collections and products, random combinations).
 * Prints the time of the whole replay (the worst stack of every cart, the worst 10 kept, the risks),
 * carts per second, the process's CPU time over it (on a shared machine the wall time also counts
 * other work's turns), and how many carts' searches stopped at their limit. Reading the orders from
 * Shopify is not in it: that is the backtest's reader, measured by `-- backtest`.
 */
import { seededRandom } from "../app/domain/seeded-random";
import { liveDiscounts } from "../app/domain/preflight/combining";
import { configurationRisks, typicalCartCents } from "../app/domain/preflight/risks";
import { worstSentence } from "../app/domain/preflight/search";
import { newPreflightTally, tallyCart } from "../app/domain/preflight/tally";
import type { DiscountClass, PreflightCart, PreflightDiscount } from "../app/domain/preflight/types";

const CARTS = Number(process.env.BENCH_PREFLIGHT_CARTS || 50_000);
const DISCOUNTS = Number(process.env.BENCH_PREFLIGHT_DISCOUNTS || 200);
const DAY = 86_400_000;

export function preflightFixture(carts: number, discounts: number, now: Date) {
  const rand = seededRandom(65);
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)]!;
  const collection = (index: number) => `gid://shopify/Collection/${index}`;
  const products = Array.from({ length: 500 }, (_, index) => ({
    id: `gid://shopify/Product/${index + 1}`,
    variant: `gid://shopify/ProductVariant/${index + 1}`,
    price: 500 + Math.floor(rand() * 200) * 100,
    collections: [collection(index % 20), ...(rand() < 0.3 ? [collection((index * 7) % 20)] : [])],
  }));
  const list: PreflightDiscount[] = Array.from({ length: discounts }, (_, index) => {
    const discountClass: DiscountClass = pick(["PRODUCT", "PRODUCT", "ORDER", "ORDER", "SHIPPING"]);
    const automatic = rand() < 0.2;
    const starts = now.getTime() + (rand() < 0.15 ? Math.floor(rand() * 20) : -Math.floor(rand() * 30)) * DAY;
    return {
      id: `gid://shopify/Discount${automatic ? "Automatic" : "Code"}Node/${index + 1}`,
      title: `Discount ${index + 1}`,
      code: automatic ? null : `CODE${index + 1}`,
      method: automatic ? "automatic" : "code",
      discountClass,
      value:
        discountClass === "SHIPPING"
          ? { kind: "free_shipping", maxShippingCents: rand() < 0.5 ? null : 2000 }
          : rand() < 0.7
            ? { kind: "percentage", percent: pick([5, 10, 15, 20, 25, 30, 40]) }
            : { kind: "fixed", amountCents: pick([500, 1000, 1500, 2000, 5000]), eachItem: rand() < 0.2 },
      appliesTo:
        discountClass !== "PRODUCT"
          ? { kind: "all" }
          : rand() < 0.5
            ? { kind: "collections", collectionIds: [collection(Math.floor(rand() * 20))] }
            : { kind: "products", productIds: Array.from({ length: 10 }, () => pick(products).id), variantIds: [] },
      minimumCents: rand() < 0.4 ? pick([5000, 10000, 15000, 20000]) : null,
      minimumQuantity: rand() < 0.15 ? pick([2, 3, 5]) : null,
      startsAt: new Date(starts).toISOString(),
      endsAt: rand() < 0.3 ? null : new Date(starts + (10 + Math.floor(rand() * 60)) * DAY).toISOString(),
      status: starts > now.getTime() ? "SCHEDULED" : "ACTIVE",
      combinesWith: { product: rand() < 0.5, order: rand() < 0.4, shipping: rand() < 0.7 },
      sameLineTags: rand() < 0.1 ? ["stack"] : [],
      tags: rand() < 0.2 ? ["stack"] : [],
      usageLimit: rand() < 0.5 ? 1000 : null,
      appliesOncePerCustomer: rand() < 0.3,
      allBuyers: rand() < 0.8,
      codesCount: rand() < 0.1 ? 500 : 1,
    } satisfies PreflightDiscount;
  });
  const cartList: PreflightCart[] = Array.from({ length: carts }, (_, index) => {
    const lines = Array.from({ length: 1 + Math.floor(rand() * 6) }, () => {
      const product = pick(products);
      return {
        productId: product.id,
        variantId: product.variant,
        collectionIds: product.collections,
        quantity: 1 + Math.floor(rand() * 3),
        unitPriceCents: product.price,
      };
    });
    return {
      orderId: `gid://shopify/Order/${index + 1}`,
      orderName: `#${1001 + index}`,
      createdAt: new Date(now.getTime() - Math.floor(rand() * 60) * DAY).toISOString(),
      currency: "USD",
      lines,
      shippingCents: rand() < 0.8 ? pick([500, 800, 1200, 2500]) : 0,
    };
  });
  return { discounts: list, carts: cartList };
}

export function benchPreflight() {
  const now = new Date("2026-11-26T12:00:00Z");
  const { discounts, carts } = preflightFixture(CARTS, DISCOUNTS, now);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const live = liveDiscounts(discounts, now);
  const tally = newPreflightTally();
  for (const cart of carts) tallyCart(tally, cart, live, now);
  const risks = configurationRisks(live, typicalCartCents(tally.subtotals), "USD");
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  console.log(
    `Preflight: ${carts.length} carts × ${live.length} live discounts in ${(ms / 1000).toFixed(2)} s ` +
      `(${Math.round(carts.length / (ms / 1000))} carts/s; ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s CPU); ` +
      `${tally.cartsWithStack} carts reach a stack, ` +
      `${tally.searchCuts} searches cut at their limit, ${risks.length} risks`,
  );
  if (tally.worst[0]) console.log(`  ${worstSentence(tally.worst[0])}`);
}
