/**
 * Discount codes' values, kept in step with Shopify for the code rules' combined cap
 * (docs/product.md#code-rules, docs/product.md#what-the-app-reads-of-discounts): every code
 * discount is read with the Admin API (codeDiscountNodes) when the cap or "most codes together" is
 * saved, and each one again when a discounts/create, discounts/update or discounts/delete webhook
 * names it (their payloads carry the discount's id, not its value). Every code of a discount is
 * read, 250 a page, up to MAX_CODES_PER_DISCOUNT; discounts/redeemcode_added and
 * discounts/redeemcode_removed add or remove one code at once. Its usage limit is kept too, for
 * the leaked-code detector (docs/product.md#leaked-codes), and the status buyers get: a discount a
 * serving Rollout activates is live whatever its own dates say (read_rollouts). After a change the
 * code rules' metafield is written again, so the Function decides with the new values.
 */
import prisma from "../../db.server";
import type { CodeValue, CodeValues } from "../../domain/code-rules/code-rules";
import { toCents } from "../../domain/checkout/checkout-blocking";
import { logger } from "../../logger.server";
import { messageOf } from "../../domain/result";
import {
  activatingRollout,
  isRolloutsAccessError,
  mayReadRollouts,
  ROLLOUTS_NOT_READ,
  type RolloutShape,
} from "../../domain/discounts/rollouts";
import { grantedScopesOf } from "../../domain/shops/scopes";
import type { ActionClient } from "../actions/admin-client.server";
import {
  adminGraphqlData,
  type AdminData,
  type AdminGraphql,
  type AdminOperation,
  type AdminVariables,
} from "../admin-api/admin-graphql.server";

/** Shopify's largest page of a connection: a discount's codes are read 250 at a time. */
export const CODES_PER_PAGE = 250;
/** Codes read with each discount of a page of discounts; the rest are paged on their own. */
export const CODES_WITH_DISCOUNT = 20;
/** Discounts a page: with their first codes and rollouts, a page stays under Shopify's 1,000-point query cost. */
export const DISCOUNTS_PER_PAGE = 16;
/**
 * A discount's codes read at most (40 pages of 250). Shopify lets a discount hold millions of bulk
 * codes; past this bound the discount is read in part, and the log says so
 * (docs/product.md#what-the-app-reads-of-discounts).
 */
export const MAX_CODES_PER_DISCOUNT = 10_000;

// The same fields in both documents (codegen types each document on its own). `$rollouts` is
// false where Shopify has not granted read_rollouts (docs/product.md#what-the-app-reads-of-discounts).
export const DISCOUNT_ONE = `#graphql
  query MarginGuardrailCodeDiscountValue($id: ID!, $codes: Int!, $rollouts: Boolean!) {
    codeDiscountNode(id: $id) {
      id
      codeDiscount {
        __typename
        # every discount type has its rollouts (HasRollouts, Admin API 2026-10)
        ... on HasRollouts @include(if: $rollouts) {
          rollouts(first: 2, query: "status:ACTIVE") {
            nodes {
              name status effectiveTrafficAllocation
              treatments {
                split
                changes(first: 10, query: "type:RolloutDiscountActivateChange") {
                  nodes { __typename ... on RolloutDiscountChange { discount { id } } }
                }
              }
            }
          }
        }
        ... on DiscountCodeBasic {
          status
          usageLimit
          codes(first: $codes) { nodes { code } pageInfo { hasNextPage endCursor } }
          customerGets {
            value {
              __typename
              ... on DiscountPercentage { percentage }
              ... on DiscountAmount { amount { amount currencyCode } appliesOnEachItem }
            }
            items { __typename }
          }
          minimumRequirement {
            __typename
            ... on DiscountMinimumSubtotal { greaterThanOrEqualToSubtotal { amount currencyCode } }
            ... on DiscountMinimumQuantity { greaterThanOrEqualToQuantity }
          }
        }
        ... on DiscountCodeFreeShipping {
          status usageLimit codes(first: $codes) { nodes { code } pageInfo { hasNextPage endCursor } }
        }
        ... on DiscountCodeBxgy {
          status usageLimit codes(first: $codes) { nodes { code } pageInfo { hasNextPage endCursor } }
        }
        ... on DiscountCodeApp {
          status usageLimit codes(first: $codes) { nodes { code } pageInfo { hasNextPage endCursor } }
        }
      }
    }
  }`;

export const DISCOUNT_PAGE = `#graphql
  query MarginGuardrailCodeDiscountValues($first: Int!, $after: String, $codes: Int!, $rollouts: Boolean!) {
    codeDiscountNodes(first: $first, after: $after) {
      nodes {
        id
        codeDiscount {
          __typename
          # every discount type has its rollouts (HasRollouts, Admin API 2026-10)
          ... on HasRollouts @include(if: $rollouts) {
            rollouts(first: 2, query: "status:ACTIVE") {
              nodes {
                name status effectiveTrafficAllocation
                treatments {
                  split
                  changes(first: 10, query: "type:RolloutDiscountActivateChange") {
                    nodes { __typename ... on RolloutDiscountChange { discount { id } } }
                  }
                }
              }
            }
          }
          ... on DiscountCodeBasic {
            status
            usageLimit
            codes(first: $codes) { nodes { code } pageInfo { hasNextPage endCursor } }
            customerGets {
              value {
                __typename
                ... on DiscountPercentage { percentage }
                ... on DiscountAmount { amount { amount currencyCode } appliesOnEachItem }
              }
              items { __typename }
            }
            minimumRequirement {
              __typename
              ... on DiscountMinimumSubtotal { greaterThanOrEqualToSubtotal { amount currencyCode } }
              ... on DiscountMinimumQuantity { greaterThanOrEqualToQuantity }
            }
          }
          ... on DiscountCodeFreeShipping {
            status usageLimit codes(first: $codes) { nodes { code } pageInfo { hasNextPage endCursor } }
          }
          ... on DiscountCodeBxgy {
            status usageLimit codes(first: $codes) { nodes { code } pageInfo { hasNextPage endCursor } }
          }
          ... on DiscountCodeApp {
            status usageLimit codes(first: $codes) { nodes { code } pageInfo { hasNextPage endCursor } }
          }
        }
      }
      pageInfo { hasNextPage endCursor }
    }
  }`;

/** The rest of one discount's codes, a page at a time. */
export const DISCOUNT_CODES = `#graphql
  query MarginGuardrailCodeDiscountCodes($id: ID!, $first: Int!, $after: String) {
    codeDiscountNode(id: $id) {
      id
      codeDiscount {
        __typename
        ... on DiscountCodeBasic { codes(first: $first, after: $after) { nodes { code } pageInfo { hasNextPage endCursor } } }
        ... on DiscountCodeFreeShipping { codes(first: $first, after: $after) { nodes { code } pageInfo { hasNextPage endCursor } } }
        ... on DiscountCodeBxgy { codes(first: $first, after: $after) { nodes { code } pageInfo { hasNextPage endCursor } } }
        ... on DiscountCodeApp { codes(first: $first, after: $after) { nodes { code } pageInfo { hasNextPage endCursor } } }
      }
    }
  }`;

/** A row as stored (without ids and dates). */
export interface DiscountCodeRow {
  discountId: string;
  code: string;
  codeKey: string;
  kind: "percentage" | "fixed" | "free_shipping" | "other";
  percent: number | null;
  amountCents: number | null;
  currency: string | null;
  minimumCents: number | null;
  minimumQuantity: number | null;
  /** the status buyers get: Shopify's, or ACTIVE while a serving Rollout activates the discount */
  status: string;
  /** Shopify's usage limit (null: unlimited), the leak detector's audience when none is set (docs/product.md#leaked-codes) */
  usageLimit: number | null;
}

interface CodePage {
  nodes: { code: string }[];
  pageInfo?: { hasNextPage: boolean; endCursor?: string | null };
}

interface NodeShape {
  id: string;
  codeDiscount: {
    __typename: string;
    status?: string;
    usageLimit?: number | null;
    codes?: CodePage;
    rollouts?: { nodes: RolloutShape[] };
    customerGets?: {
      value: {
        __typename: string;
        percentage?: number;
        amount?: { amount: string | number; currencyCode: string };
        appliesOnEachItem?: boolean;
      };
      items: { __typename: string };
    };
    minimumRequirement?: {
      __typename: string;
      greaterThanOrEqualToSubtotal?: { amount: string | number; currencyCode: string };
      greaterThanOrEqualToQuantity?: string | number;
    } | null;
  };
}

/**
 * One discount's codes as rows. Only what the app can count is a value: a percentage or a fixed
 * amount off the whole order (every item), free shipping; a discount on some items only, an
 * amount on each item, buy X get Y and apps' discounts are "other" (never rejected by the cap).
 */
export function rowsOfDiscount(node: NodeShape): DiscountCodeRow[] {
  const discount = node.codeDiscount;
  const codes = discount.codes?.nodes ?? [];
  let value: Pick<DiscountCodeRow, "kind" | "percent" | "amountCents" | "currency"> = {
    kind: "other",
    percent: null,
    amountCents: null,
    currency: null,
  };
  const minimum = discount.minimumRequirement ?? null;
  const minimumCents =
    minimum?.__typename === "DiscountMinimumSubtotal" && minimum.greaterThanOrEqualToSubtotal
      ? toCents(minimum.greaterThanOrEqualToSubtotal.amount)
      : null;
  const minimumCurrency = minimum?.greaterThanOrEqualToSubtotal?.currencyCode ?? null;
  const minimumQuantity =
    minimum?.__typename === "DiscountMinimumQuantity" ? Number(minimum.greaterThanOrEqualToQuantity) || null : null;
  if (discount.__typename === "DiscountCodeFreeShipping") {
    value = { kind: "free_shipping", percent: null, amountCents: null, currency: null };
  } else if (
    discount.__typename === "DiscountCodeBasic" &&
    discount.customerGets?.items.__typename === "AllDiscountItems"
  ) {
    const gets = discount.customerGets.value;
    if (gets.__typename === "DiscountPercentage" && typeof gets.percentage === "number") {
      // Shopify gives 0.3 for 30 %
      value = {
        kind: "percentage",
        percent: Math.round(gets.percentage * 100_000) / 1000,
        amountCents: null,
        currency: minimumCurrency,
      };
    } else if (gets.__typename === "DiscountAmount" && gets.amount && !gets.appliesOnEachItem) {
      value = {
        kind: "fixed",
        percent: null,
        amountCents: toCents(gets.amount.amount),
        currency: gets.amount.currencyCode,
      };
    }
  }
  return codes.map(({ code }) => ({
    discountId: node.id,
    code,
    codeKey: code.trim().toLowerCase(),
    ...value,
    minimumCents: value.kind === "percentage" || value.kind === "fixed" ? minimumCents : null,
    minimumQuantity: value.kind === "percentage" || value.kind === "fixed" ? minimumQuantity : null,
    status: activatingRollout(node.id, discount.rollouts?.nodes) ? "ACTIVE" : (discount.status ?? "ACTIVE"),
    usageLimit: usageLimitOf(discount.usageLimit),
  }));
}

/** Shopify's usage limit as stored: a positive whole number, else none (an odd value is not trusted). */
function usageLimitOf(value: unknown): number | null {
  return typeof value === "number" && Number.isInteger(value) && value > 0 && value <= 2_147_483_647 ? value : null;
}

async function replaceRows(shopId: string, discountIds: string[] | "all", rows: DiscountCodeRow[]) {
  await prisma.$transaction(async (tx) => {
    await tx.discountCodeValue.deleteMany({
      where: discountIds === "all" ? { shopId } : { shopId, discountId: { in: discountIds } },
    });
    // a code is unique in a shop; should two rows say the same code, the last read wins
    const byKey = new Map(rows.map((row) => [row.codeKey, row]));
    if (discountIds !== "all" && byKey.size > 0) {
      await tx.discountCodeValue.deleteMany({ where: { shopId, codeKey: { in: [...byKey.keys()] } } });
    }
    if (byKey.size > 0) {
      await tx.discountCodeValue.createMany({ data: [...byKey.values()].map((row) => ({ shopId, ...row })) });
    }
  });
}

/** How a sync read: codes, discounts read in part, and the note when Rollouts could not be read. */
export interface DiscountSyncRead {
  rows: number;
  /** discounts with more codes than MAX_CODES_PER_DISCOUNT, read in part */
  partial: string[];
  /** set when Shopify has not granted read_rollouts: statuses are Shopify's own */
  rolloutsNote: string | null;
}

/** Waits between tries of a throttled read: Shopify's bucket refills 50 to 100 points a second. */
export const THROTTLE_WAITS_MS = [2_000, 5_000, 10_000];

/**
 * Reads with Shopify's rate limit waited out: a THROTTLED answer (a page of discounts asks for up
 * to 1,000 points) is asked again after THROTTLE_WAITS_MS; other errors throw at once.
 */
export class ThrottledReader {
  constructor(
    private readonly graphql: AdminGraphql,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  async data<Q extends AdminOperation>(query: Q, variables: AdminVariables<Q>): Promise<AdminData<Q>> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await adminGraphqlData(this.graphql, query, variables);
      } catch (error) {
        const wait = THROTTLE_WAITS_MS[attempt];
        if (wait === undefined || !/throttled/i.test(messageOf(error))) throw error;
        await this.sleep(wait);
      }
    }
  }
}

/** Whether to ask Shopify for rollouts: the shop's stored scopes, when known, must have read_rollouts. */
async function rolloutsWanted(shopId: string): Promise<boolean> {
  const shop = await prisma.shop.findUnique({ where: { id: shopId }, select: { grantedScopes: true } });
  return mayReadRollouts(grantedScopesOf(shop?.grantedScopes));
}

/** Runs a read with rollouts, and again without them when Shopify refuses them for want of read_rollouts. */
async function withRollouts<T>(wanted: boolean, read: (rollouts: boolean) => Promise<T>): Promise<[T, string | null]> {
  if (!wanted) return [await read(false), ROLLOUTS_NOT_READ];
  try {
    return [await read(true), null];
  } catch (error) {
    if (!isRolloutsAccessError(messageOf(error))) throw error;
    return [await read(false), ROLLOUTS_NOT_READ];
  }
}

/**
 * The rest of a discount's codes after the page read with it: 250 a page, up to
 * MAX_CODES_PER_DISCOUNT in all (true when the discount has more, and is read in part).
 */
async function readRemainingCodes(reader: ThrottledReader, node: NodeShape): Promise<boolean> {
  const codes = node.codeDiscount.codes;
  if (!codes) return false;
  let page: CodePage = codes;
  while (page.pageInfo?.hasNextPage) {
    if (codes.nodes.length >= MAX_CODES_PER_DISCOUNT) return true;
    const data = await reader.data(DISCOUNT_CODES, {
      id: node.id,
      first: Math.min(CODES_PER_PAGE, MAX_CODES_PER_DISCOUNT - codes.nodes.length),
      after: page.pageInfo.endCursor ?? null,
    });
    const next = (data.codeDiscountNode?.codeDiscount as { codes?: CodePage } | undefined)?.codes;
    // gone between two pages: what was read stands, the next webhook or save reads again
    if (!next) return false;
    codes.nodes.push(...next.nodes);
    page = next;
  }
  return false;
}

/** Reads every code discount of the shop and replaces what is stored. Throws on Shopify's errors. */
export async function syncAllDiscountCodeValues(shopId: string, client: ActionClient): Promise<DiscountSyncRead> {
  // Shopify's rate limit waited out between pages (each asks for under 1,000 points)
  const reader = new ThrottledReader(client.graphql);
  const [nodes, rolloutsNote] = await withRollouts(await rolloutsWanted(shopId), async (rollouts) => {
    const read: NodeShape[] = [];
    let after: string | null = null;
    // DISCOUNTS_PER_PAGE discounts a page, each with its first 20 codes and rollouts (under the 1,000-point
    // query cost); a shop with thousands of code discounts is read up to 400 pages (6,400)
    for (let page = 0; page < 400; page++) {
      const connection: { nodes: unknown[]; pageInfo: { hasNextPage: boolean; endCursor?: string | null } } = (
        await reader.data(DISCOUNT_PAGE, {
          first: DISCOUNTS_PER_PAGE,
          after,
          codes: CODES_WITH_DISCOUNT,
          rollouts,
        })
      ).codeDiscountNodes;
      read.push(...(connection.nodes as NodeShape[]));
      if (!connection.pageInfo.hasNextPage) break;
      after = connection.pageInfo.endCursor ?? null;
    }
    return read;
  });
  const rows: DiscountCodeRow[] = [];
  const partial: string[] = [];
  for (const node of nodes) {
    if (await readRemainingCodes(reader, node)) partial.push(node.id);
    rows.push(...rowsOfDiscount(node));
  }
  if (partial.length > 0) {
    logger.warn("Discounts with more codes than are read, read in part", {
      shopId,
      discountIds: partial,
      maxCodes: MAX_CODES_PER_DISCOUNT,
    });
  }
  await replaceRows(shopId, "all", rows);
  return { rows: rows.length, partial, rolloutsNote };
}

/** Reads one discount again (a webhook named it): gone or not a code discount, its codes are removed. */
export async function syncDiscountCodeValue(
  shopId: string,
  discountId: string,
  client: ActionClient,
): Promise<DiscountSyncRead> {
  const reader = new ThrottledReader(client.graphql);
  const [node, rolloutsNote] = await withRollouts(
    await rolloutsWanted(shopId),
    async (rollouts) =>
      (await reader.data(DISCOUNT_ONE, { id: discountId, codes: CODES_PER_PAGE, rollouts }))
        .codeDiscountNode as NodeShape | null,
  );
  const partial = node && (await readRemainingCodes(reader, node)) ? [node.id] : [];
  if (partial.length > 0) {
    logger.warn("A discount with more codes than are read, read in part", {
      shopId,
      discountId,
      maxCodes: MAX_CODES_PER_DISCOUNT,
    });
  }
  const rows = node ? rowsOfDiscount(node) : [];
  await replaceRows(shopId, [discountId], rows);
  return { rows: rows.length, partial, rolloutsNote };
}

/** The values the cap decides with: expired codes are left out (Shopify refuses them anyway). */
export async function codeValuesOf(shopId: string): Promise<CodeValues> {
  const rows = await prisma.discountCodeValue.findMany({
    where: { shopId, NOT: { status: "EXPIRED" } },
    orderBy: { codeKey: "asc" },
  });
  const out: CodeValues = {};
  for (const row of rows) {
    const value = valueOfRow(row);
    if (value) out[row.codeKey] = value;
  }
  return out;
}

export function valueOfRow(row: {
  kind: string;
  percent: number | null;
  amountCents: number | null;
  currency: string | null;
  minimumCents: number | null;
  minimumQuantity: number | null;
}): CodeValue | null {
  const minimums = { minimumCents: row.minimumCents, minimumQuantity: row.minimumQuantity };
  if (row.kind === "percentage" && row.percent !== null) {
    return { kind: "percentage", percent: row.percent, currency: row.currency, ...minimums };
  }
  if (row.kind === "fixed" && row.amountCents !== null && row.currency) {
    return { kind: "fixed", amountCents: row.amountCents, currency: row.currency, ...minimums };
  }
  if (row.kind === "free_shipping") return { kind: "free_shipping" };
  return { kind: "other" };
}

/** The stored values as the preview and the API show them, by code. */
export async function listDiscountCodeValues(shopId: string) {
  return prisma.discountCodeValue.findMany({
    where: { shopId },
    orderBy: { codeKey: "asc" },
    select: {
      discountId: true,
      code: true,
      kind: true,
      percent: true,
      amountCents: true,
      currency: true,
      minimumCents: true,
      minimumQuantity: true,
      status: true,
      usageLimit: true,
      updatedAt: true,
    },
  });
}

/**
 * A discounts/* webhook: the discount is read again and, when the code rules use values, their
 * metafield rewritten. Automatic discounts have no codes and are skipped. Never throws: a failure
 * is logged, and the next save or webhook reads again.
 */
export async function followDiscountWebhook(
  shopDomain: string,
  discountId: string | undefined,
  client: () => Promise<ActionClient | null>,
  rewrite: (shopId: string, client: ActionClient) => Promise<void>,
): Promise<"synced" | "skipped" | "failed"> {
  // Shopify's discount ids share one number across node kinds; automatic discounts have no codes
  const id = codeDiscountIdOf(discountId);
  if (!id) return "skipped";
  const shop = await prisma.shop.findUnique({ where: { domain: shopDomain }, select: { id: true } });
  if (!shop) return "skipped";
  const acting = await client();
  if (!acting) return "skipped";
  try {
    await syncDiscountCodeValue(shop.id, id, acting);
    await rewrite(shop.id, acting);
    return "synced";
  } catch (error) {
    logger.error("Following a discount webhook failed", { shopId: shop.id, discountId: id, err: messageOf(error) });
    return "failed";
  }
}

/** A discounts/redeemcode_added or discounts/redeemcode_removed webhook's facts. */
export interface RedeemCodeChange {
  topic: "discounts/redeemcode_added" | "discounts/redeemcode_removed";
  /** the code discount's id (admin_graphql_api_id) */
  discountId: string | undefined;
  /** the code added or removed (redeem_code.code), when the payload says */
  code: string | undefined;
}

/** A code discount's id as the sync stores it, or null (automatic discounts and other ids have no codes). */
function codeDiscountIdOf(discountId: string | undefined): string | null {
  const match = /^gid:\/\/shopify\/Discount(Code)?(?:Automatic)?(?:Node)?\/(\d{1,20})$/.exec(discountId ?? "");
  if (!match || discountId!.includes("Automatic")) return null;
  return `gid://shopify/DiscountCodeNode/${match[2]}`;
}

/**
 * Applies one code added to or removed from a discount at once: a removed code's row goes; an added
 * code takes the value of its discount's stored codes (all codes of a discount share it). When the
 * payload names no code, or the discount's value is not stored yet, the discount is read again
 * (every code, paged). Then the code rules' metafield is rewritten. Never throws: a failure is
 * logged, and the next save or webhook reads again.
 */
export async function followRedeemCodeWebhook(
  shopDomain: string,
  change: RedeemCodeChange,
  client: () => Promise<ActionClient | null>,
  rewrite: (shopId: string, client: ActionClient) => Promise<void>,
): Promise<"applied" | "synced" | "skipped" | "failed"> {
  const id = codeDiscountIdOf(change.discountId);
  if (!id) return "skipped";
  const shop = await prisma.shop.findUnique({ where: { domain: shopDomain }, select: { id: true } });
  if (!shop) return "skipped";
  const code = change.code?.trim();
  try {
    let applied = false;
    if (code) {
      const codeKey = code.toLowerCase();
      if (change.topic === "discounts/redeemcode_removed") {
        await prisma.discountCodeValue.deleteMany({ where: { shopId: shop.id, discountId: id, codeKey } });
        applied = true;
      } else {
        const sibling = await prisma.discountCodeValue.findFirst({
          where: { shopId: shop.id, discountId: id, NOT: { codeKey } },
          orderBy: { updatedAt: "desc" },
        });
        if (sibling) {
          const row: DiscountCodeRow = {
            discountId: id,
            code,
            codeKey,
            kind: sibling.kind as DiscountCodeRow["kind"],
            percent: sibling.percent,
            amountCents: sibling.amountCents,
            currency: sibling.currency,
            minimumCents: sibling.minimumCents,
            minimumQuantity: sibling.minimumQuantity,
            status: sibling.status,
            usageLimit: sibling.usageLimit,
          };
          await prisma.discountCodeValue.upsert({
            where: { shopId_codeKey: { shopId: shop.id, codeKey } },
            create: { shopId: shop.id, ...row },
            update: row,
          });
          applied = true;
        }
      }
    }
    const acting = await client();
    if (!acting) return applied ? "applied" : "skipped";
    if (!applied) await syncDiscountCodeValue(shop.id, id, acting);
    await rewrite(shop.id, acting);
    return applied ? "applied" : "synced";
  } catch (error) {
    logger.error("Following a redeem code webhook failed", {
      shopId: shop.id,
      discountId: id,
      topic: change.topic,
      err: messageOf(error),
    });
    return "failed";
  }
}
