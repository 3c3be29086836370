/**
 * One discount's check (docs/product.md#checking-one-discount): the worst stack a discount of the
 * shop, or a promotion not created yet, reaches with the shop's other active and scheduled discounts
 * on its carts of the last `days` days, as the full preflight replays them (preflight.server.ts),
 * with its depth, the margin left on that cart, and the discount's hygiene findings. Answered at
 * once, without a run row: nothing is stored.
 */
import { withVariantFacts } from "../../domain/actions/order-effects";
import { mayReadRollouts } from "../../domain/discounts/rollouts";
import { evaluateOrder, marginOf } from "../../domain/monitoring/evaluate";
import type { OrderFacts } from "../../domain/monitoring/order-facts";
import { discountLabel } from "../../domain/preflight/combining";
import { stackableWith, worstIncluding } from "../../domain/preflight/including";
import { plannedDiscount, type PlannedPromotion } from "../../domain/preflight/planned";
import { worstSentence } from "../../domain/preflight/search";
import { newPreflightTally, tallyCart } from "../../domain/preflight/tally";
import type { PreflightDiscount } from "../../domain/preflight/types";
import { fail, ok, type Result } from "../../domain/result";
import { grantedScopesOf } from "../../domain/shops/scopes";
import type { AdminGraphql } from "../admin-api/admin-graphql.server";
import { readOrderPages } from "../backtest/order-source.server";
import { shopContext } from "../monitoring/evaluation.server";
import { loadVariantFacts } from "../monitoring/variant-facts.server";
import { adminDiscountUrl, readPreflightDiscounts } from "./discounts.server";
import { hygieneThresholds, linkedHygiene, type LinkedFinding } from "./hygiene.server";
import { cartFactsOf, cartOf, factsWithStack, type LinkedPart, type PreflightSources } from "./preflight.server";

const DAY_MS = 86_400_000;
/** Carts evaluated at a time from samples (Shopify's come a page at a time). */
const CHUNK = 500;
/** The page of the app the answer links to: the full preflight. */
export const PREFLIGHT_PATH = "/preflight";

/** What is checked: a discount of the shop by its id, or a planned promotion. */
export type CheckTarget = { discountId: string } | { planned: PlannedPromotion };

export interface CheckShop {
  id: string;
  domain: string;
  currency: string;
  grantedScopes?: string | null;
}

export interface DiscountCheck {
  check: "discount" | "planned";
  /** the discount checked (a planned one has id "planned" and no admin link) */
  discount: {
    id: string;
    title: string;
    label: string;
    code: string | null;
    method: string;
    discountClass: string;
    status: string;
    adminUrl: string | null;
  };
  days: number;
  since: string;
  currency: string;
  discountsRead: number;
  /** the live discounts it can stack with (itself aside) */
  stackableCount: number;
  cartsScanned: number;
  /** the carts it reaches at all, in a stack or alone */
  cartsReached: number;
  /** the sentence the page and the extension show, or null when no cart reaches it */
  summary: string | null;
  worst: {
    orderId: string;
    orderName: string;
    currency: string;
    subtotalCents: number;
    discountCents: number;
    percent: number;
    /** how many discounts the stack has */
    depth: number;
    /** the margin left on the cart after the stack, over the lines with a known unit cost; null when none has one */
    marginPercent: number | null;
    reachableFrom: string;
    codes: string[];
    automatic: string[];
    stack: LinkedPart[];
    /** the shop's rules the stack would break (testing rules aside) */
    rulesBroken: { rule: string; message: string }[];
  } | null;
  hygiene: LinkedFinding[];
  /** the app's full preflight page */
  preflightPath: string;
  rolloutsNote: string | null;
}

const numericId = (gid: string) => /\/(\d{1,20})$/.exec(gid)?.[1] ?? null;

/**
 * Checks one discount: 404 when the shop has no active or scheduled discount with that id (Shopify's
 * discount ids share their number across node kinds). Throws when Shopify cannot be read.
 */
export async function checkDiscount(
  shop: CheckShop,
  target: CheckTarget,
  days: number,
  sources: PreflightSources,
  now = new Date(),
): Promise<Result<DiscountCheck>> {
  const since = new Date(now.getTime() - days * DAY_MS);
  const { discounts, rolloutsNote } = await readPreflightDiscounts(sources.discounts, {
    rollouts: mayReadRollouts(grantedScopesOf(shop.grantedScopes)),
  });
  let discount: PreflightDiscount;
  if ("planned" in target) {
    discount = plannedDiscount(target.planned, now);
  } else {
    const id = numericId(target.discountId);
    const found = discounts.find((candidate) => numericId(candidate.id) === id);
    if (!found) {
      return fail(404, "The shop has no active or scheduled discount with this id", {
        fields: { discountId: ["No active or scheduled discount of this shop has this id"] },
      });
    }
    discount = found;
  }
  const list = stackableWith(discount, discounts, now);
  const worstOf = worstIncluding(discount);
  const needsCollections = list.some((item) => item.appliesTo.kind === "collections");
  const tally = newPreflightTally();
  const kept = new Map<string, OrderFacts>();
  if (list.length > 0) {
    await readOrderPages(
      sources.orders,
      since,
      CHUNK,
      async () => undefined,
      async (items, graphql: AdminGraphql | null) => {
        const { carts, skipped } = await cartFactsOf(shop.id, items, needsCollections, graphql);
        tally.cartsScanned += skipped;
        for (const { full, item } of carts) {
          tallyCart(tally, cartOf(full, item.createdAt), list, now, worstOf);
          if (tally.worst[0]?.orderId === full.orderId) kept.set(full.orderId, full);
        }
        for (const id of kept.keys()) if (id !== tally.worst[0]?.orderId) kept.delete(id);
      },
    );
  }
  const thresholds = await hygieneThresholds(shop.id);
  const url = (id: string) => adminDiscountUrl(shop.domain, id);
  const planned = "planned" in target;
  const worst = tally.worst[0] ?? null;
  let worstView: DiscountCheck["worst"] = null;
  if (worst) {
    const facts = kept.get(worst.orderId);
    let marginPercent: number | null = null;
    let rulesBroken: { rule: string; message: string }[] = [];
    if (facts) {
      // the unit costs the app knows (its cache; docs/product.md#costs): never guessed
      const costs = await loadVariantFacts(
        shop.id,
        facts.lines.flatMap((line) => line.variantId ?? []),
        null,
        now,
      );
      const stacked = factsWithStack(withVariantFacts(facts, costs), worst);
      marginPercent = marginOf(stacked.lines)?.marginPercent ?? null;
      const context = await shopContext(shop.id);
      rulesBroken = evaluateOrder(stacked, context?.rules ?? [], context?.stacking).flatMap((outcome) =>
        outcome.breached && !outcome.rule.testing ? [{ rule: outcome.rule.name, message: outcome.message }] : [],
      );
    }
    worstView = {
      orderId: worst.orderId,
      orderName: worst.orderName,
      currency: worst.currency,
      subtotalCents: worst.subtotalCents,
      discountCents: worst.discountCents,
      percent: worst.percent,
      depth: worst.stack.length,
      marginPercent,
      reachableFrom: worst.reachableFrom,
      codes: worst.stack.flatMap((part) => (part.method === "code" && part.code ? [part.code] : [])),
      automatic: worst.stack.flatMap((part) =>
        part.method === "automatic" ? [list.find((item) => item.id === part.id)?.title ?? part.label] : [],
      ),
      stack: worst.stack.map((part) => ({
        id: part.id,
        label: part.label,
        discountClass: part.discountClass,
        method: part.method,
        amountCents: part.amountCents,
        adminUrl: planned && part.id === discount.id ? null : url(part.id),
      })),
      rulesBroken,
    };
  }
  const findings = linkedHygiene(shop.domain, [discount], thresholds, now).map((finding) =>
    planned ? { ...finding, adminUrl: null } : finding,
  );
  return ok({
    check: planned ? "planned" : "discount",
    discount: {
      id: discount.id,
      title: discount.title,
      label: discountLabel(discount),
      code: discount.code,
      method: discount.method,
      discountClass: discount.discountClass,
      status: discount.status,
      adminUrl: planned ? null : url(discount.id),
    },
    days,
    since: since.toISOString(),
    currency: worst?.currency ?? shop.currency,
    discountsRead: discounts.length,
    stackableCount: Math.max(0, list.length - 1),
    cartsScanned: tally.cartsScanned,
    cartsReached: tally.cartsWithStack,
    summary: worst ? worstSentence(worst) : null,
    worst: worstView,
    hygiene: findings,
    preflightPath: PREFLIGHT_PATH,
    rolloutsNote,
  });
}
