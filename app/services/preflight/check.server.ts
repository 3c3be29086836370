/**
 * One discount's check (docs/product.md#checking-one-discount): the worst stack a discount of the
 * shop, or a promotion not created yet, reaches with the shop's other active and scheduled discounts
 * on the carts the app received in the last `days` days, as the full preflight replays Shopify's
 * (preflight.server.ts), with its depth, the margin left on that cart, and the discount's hygiene
 * findings. Answered at once, without a run row: the discounts read are kept (discount-snapshot.server.ts),
 * nothing else is stored.
 */
import prisma from "../../db.server";
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
import { shopContext } from "../monitoring/evaluation.server";
import { loadVariantFacts } from "../monitoring/variant-facts.server";
import { keepDiscount, snapshotDiscounts } from "./discount-snapshot.server";
import { adminDiscountUrl, readPreflightDiscount } from "./discounts.server";
import { discountNumber } from "../../domain/discounts/discount-ids";
import { hygieneThresholds, linkedHygiene, type LinkedFinding } from "./hygiene.server";
import { cartOf, factsWithStack, type LinkedPart } from "./preflight.server";

const DAY_MS = 86_400_000;
/** Received orders read at a time. */
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
  /** when the shop's discount list was last read whole (discount-snapshot.server.ts); null: never */
  discountsReadAt?: Date | null;
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

/** The most recent carts a check replays: a busy shop's last thousands, not every order of the period. */
export const RECENT_CARTS = 5_000;

type Cart = { full: OrderFacts; createdAt: string };

/**
 * The carts the app received with the orders/* webhooks since `since`, newest first: each order's
 * latest facts (a cancelled order is no cart), at most RECENT_CARTS, `each` called a chunk at a time.
 * Collections come from the app's cache of variants (Shopify is not read). Returns when the oldest
 * cart read was placed, when the cap cut the period short.
 */
async function receivedCarts(
  shopId: string,
  since: Date,
  needsCollections: boolean,
  each: (carts: Cart[]) => void,
): Promise<Date | null> {
  const seen = new Set<string>();
  let after: { createdAt: Date; id: string } | null = null;
  while (seen.size < RECENT_CARTS) {
    const rows: { id: string; orderId: string; facts: unknown; createdAt: Date }[] =
      await prisma.orderEvaluation.findMany({
        where: {
          shopId,
          createdAt: { gte: since },
          ...(after && {
            OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }],
          }),
        },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: CHUNK,
        select: { id: true, orderId: true, facts: true, createdAt: true },
      });
    if (rows.length === 0) return null;
    after = rows[rows.length - 1]!;
    const latest = rows.filter((row) => !seen.has(row.orderId) && seen.add(row.orderId));
    const facts = latest.flatMap((row) => {
      const full = row.facts as OrderFacts;
      return full.cancelled ? [] : [{ full, createdAt: row.createdAt.toISOString() }];
    });
    const variants = needsCollections
      ? await loadVariantFacts(
          shopId,
          facts.flatMap(({ full }) => full.lines.flatMap((line) => line.variantId ?? [])),
          null,
        )
      : null;
    each(variants ? facts.map((cart) => ({ ...cart, full: withVariantFacts(cart.full, variants) })) : facts);
    if (seen.size >= RECENT_CARTS) return after.createdAt;
  }
  return null;
}

/**
 * Checks one discount: 404 when the shop has no active or scheduled discount with that id (Shopify's
 * discount ids share their number across node kinds). The discount checked is read from Shopify now;
 * the others are the kept list (discount-snapshot.server.ts). Throws when Shopify cannot be read.
 */
export async function checkDiscount(
  shop: CheckShop,
  target: CheckTarget,
  days: number,
  /** Shopify's Admin API (the demo's stand-in): the discount checked, and the list when none is kept */
  graphql: AdminGraphql,
  now = new Date(),
): Promise<Result<DiscountCheck>> {
  let since = new Date(now.getTime() - days * DAY_MS);
  const rollouts = mayReadRollouts(grantedScopesOf(shop.grantedScopes));
  const kept = await snapshotDiscounts({ id: shop.id, discountsReadAt: shop.discountsReadAt ?? null }, graphql, {
    rollouts,
    now,
  });
  const { rolloutsNote } = kept;
  let discounts = kept.discounts;
  let discount: PreflightDiscount;
  if ("planned" in target) {
    discount = plannedDiscount(target.planned, now);
  } else {
    const found = await readPreflightDiscount(graphql, target.discountId, { rollouts });
    if (found) await keepDiscount(shop.id, found.id, found);
    if (!found) {
      return fail(404, "The shop has no active or scheduled discount with this id", {
        fields: { discountId: ["No active or scheduled discount of this shop has this id"] },
      });
    }
    discount = found;
    const number = discountNumber(found.id);
    discounts = [found, ...discounts.filter((other) => discountNumber(other.id) !== number)];
  }
  const list = stackableWith(discount, discounts, now);
  const worstOf = worstIncluding(discount);
  const needsCollections = list.some((item) => item.appliesTo.kind === "collections");
  const tally = newPreflightTally();
  const keptFacts = new Map<string, OrderFacts>();
  const replay = (carts: Cart[]) => {
    for (const { full, createdAt } of carts) {
      tallyCart(tally, cartOf(full, createdAt), list, now, worstOf);
      if (tally.worst[0]?.orderId === full.orderId) keptFacts.set(full.orderId, full);
    }
    for (const id of keptFacts.keys()) if (id !== tally.worst[0]?.orderId) keptFacts.delete(id);
  };
  if (list.length > 0) since = (await receivedCarts(shop.id, since, needsCollections, replay)) ?? since;
  const thresholds = await hygieneThresholds(shop.id);
  const url = (id: string) => adminDiscountUrl(shop.domain, id);
  const planned = "planned" in target;
  const worst = tally.worst[0] ?? null;
  let worstView: DiscountCheck["worst"] = null;
  if (worst) {
    const facts = keptFacts.get(worst.orderId);
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
