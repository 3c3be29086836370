/**
 * Discount codes' values, kept in step with Shopify for the code rules' combined cap
 * (docs/product.md#code-rules): every code discount
 * is read with the Admin API (codeDiscountNodes) when the cap or "most codes together" is saved,
 * and each one again when a discounts/create, discounts/update or discounts/delete webhook names
 * it (their payloads carry the discount's id, not its value). A discount's first 100 codes are
 * read: one with thousands (bulk codes) is read in part. Its usage limit is kept too, for the
 * leaked-code detector (docs/product.md#leaked-codes). After a change the code rules'
 * metafield is written again, so the Function decides with the new values.
 */
import prisma from "../../db.server";
import type { CodeValue, CodeValues } from "../../domain/code-rules/code-rules";
import { toCents } from "../../domain/checkout/checkout-blocking";
import { logger } from "../../logger.server";
import { messageOf } from "../../domain/result";
import type { ActionClient } from "../actions/admin-client.server";
import { adminGraphqlData } from "../admin-api/admin-graphql.server";

// The same fields in both documents (codegen types each document on its own).
const DISCOUNT_ONE = `#graphql
  query MarginGuardrailCodeDiscountValue($id: ID!) {
    codeDiscountNode(id: $id) {
      id
      codeDiscount {
        __typename
        ... on DiscountCodeBasic {
          status
          usageLimit
          codes(first: 100) { nodes { code } }
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
        ... on DiscountCodeFreeShipping { status usageLimit codes(first: 100) { nodes { code } } }
        ... on DiscountCodeBxgy { status usageLimit codes(first: 100) { nodes { code } } }
        ... on DiscountCodeApp { status usageLimit codes(first: 100) { nodes { code } } }
      }
    }
  }`;

const DISCOUNT_PAGE = `#graphql
  query MarginGuardrailCodeDiscountValues($after: String) {
    codeDiscountNodes(first: 50, after: $after) {
      nodes {
        id
        codeDiscount {
          __typename
          ... on DiscountCodeBasic {
            status
            usageLimit
            codes(first: 100) { nodes { code } }
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
          ... on DiscountCodeFreeShipping { status usageLimit codes(first: 100) { nodes { code } } }
          ... on DiscountCodeBxgy { status usageLimit codes(first: 100) { nodes { code } } }
          ... on DiscountCodeApp { status usageLimit codes(first: 100) { nodes { code } } }
        }
      }
      pageInfo { hasNextPage endCursor }
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
  status: string;
  /** Shopify's usage limit (null: unlimited), the leak detector's audience when none is set (docs/product.md#leaked-codes) */
  usageLimit: number | null;
}

interface NodeShape {
  id: string;
  codeDiscount: {
    __typename: string;
    status?: string;
    usageLimit?: number | null;
    codes?: { nodes: { code: string }[] };
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
    status: discount.status ?? "ACTIVE",
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

/** Reads every code discount of the shop and replaces what is stored. Throws on Shopify's errors. */
export async function syncAllDiscountCodeValues(shopId: string, client: ActionClient): Promise<number> {
  const rows: DiscountCodeRow[] = [];
  let after: string | null = null;
  // 50 discounts a page; a shop with thousands of code discounts is read up to 40 pages
  for (let page = 0; page < 40; page++) {
    const connection: { nodes: unknown[]; pageInfo: { hasNextPage: boolean; endCursor?: string | null } } = (
      await adminGraphqlData(client.graphql, DISCOUNT_PAGE, { after })
    ).codeDiscountNodes;
    for (const node of connection.nodes) rows.push(...rowsOfDiscount(node as NodeShape));
    if (!connection.pageInfo.hasNextPage) break;
    after = connection.pageInfo.endCursor ?? null;
  }
  await replaceRows(shopId, "all", rows);
  return rows.length;
}

/** Reads one discount again (a webhook named it): gone or not a code discount, its codes are removed. */
export async function syncDiscountCodeValue(shopId: string, discountId: string, client: ActionClient): Promise<void> {
  const data = await adminGraphqlData(client.graphql, DISCOUNT_ONE, { id: discountId });
  const node = data.codeDiscountNode as NodeShape | null;
  await replaceRows(shopId, [discountId], node ? rowsOfDiscount(node) : []);
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
  const match = /^gid:\/\/shopify\/Discount(Code)?(?:Automatic)?(?:Node)?\/(\d{1,20})$/.exec(discountId ?? "");
  if (!match || discountId!.includes("Automatic")) return "skipped";
  const id = `gid://shopify/DiscountCodeNode/${match[2]}`;
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
