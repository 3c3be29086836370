import prisma from "../../db.server";
import { recordCostSeen } from "../costs/history.server";
import type { AdminData, AdminGraphql } from "../admin-api/admin-graphql.server";

/** What the engine needs of a variant beyond the payload. */
export interface VariantFacts {
  unitCostCents: number | null;
  collectionIds: string[];
}

/** Cached facts are refreshed after this long even without a webhook saying they changed. */
export const VARIANT_FACTS_TTL_MS = 24 * 60 * 60 * 1000;
/** Variants asked for in one GraphQL call. */
export const VARIANT_BATCH = 100;

const VARIANT_FACTS_QUERY = `#graphql
  query VariantFacts($ids: [ID!]!) {
    nodes(ids: $ids) {
      ... on ProductVariant {
        id
        inventoryItem {
          id
          unitCost {
            amount
            currencyCode
          }
        }
        product {
          id
          collections(first: 50) {
            nodes {
              id
            }
          }
        }
      }
    }
  }`;

/** A variant as the query answers it (a node that is not a variant answers `{}`). */
type VariantNode = Extract<NonNullable<AdminData<typeof VARIANT_FACTS_QUERY>["nodes"][number]>, { id: string }>;

function toCents(amount: string | number | undefined): number | null {
  if (amount === undefined || amount === null) return null;
  const number = Number(amount);
  return Number.isFinite(number) ? Math.round(number * 100) : null;
}

async function fetchBatch(graphql: AdminGraphql, ids: string[]): Promise<VariantNode[]> {
  const response = await graphql(VARIANT_FACTS_QUERY, { variables: { ids } });
  const body = (await response.json()) as { data?: AdminData<typeof VARIANT_FACTS_QUERY>; errors?: unknown };
  if (body.errors) throw new Error(`Admin API refused the variant query: ${JSON.stringify(body.errors).slice(0, 300)}`);
  return (body.data?.nodes ?? []).filter((node): node is VariantNode => Boolean(node && "id" in node && node.id));
}

/**
 * Unit costs and collections of the given variants: from the cache when fresh, otherwise
 * from Shopify's Admin API in batches, then cached. Without a client (the demo store, or a
 * shop without an offline session) only the cache answers. A variant Shopify has no cost
 * for stays null: never guessed.
 */
export async function loadVariantFacts(
  shopId: string,
  variantIds: string[],
  graphql: AdminGraphql | null,
  now = new Date(),
): Promise<Map<string, VariantFacts>> {
  const unique = [...new Set(variantIds)];
  const cached = await prisma.variantUnitCost.findMany({ where: { shopId, variantId: { in: unique } } });
  const result = new Map<string, VariantFacts>();
  for (const row of cached) {
    result.set(row.variantId, {
      unitCostCents: row.unitCostCents,
      collectionIds: Array.isArray(row.collectionIds) ? (row.collectionIds as string[]) : [],
    });
  }
  const fresh = new Set(
    cached
      .filter((row) => row.collectionIds !== null && now.getTime() - row.fetchedAt.getTime() < VARIANT_FACTS_TTL_MS)
      .map((row) => row.variantId),
  );
  const missing = unique.filter((id) => !fresh.has(id));
  if (!graphql || missing.length === 0) return result;

  for (let start = 0; start < missing.length; start += VARIANT_BATCH) {
    const nodes = await fetchBatch(graphql, missing.slice(start, start + VARIANT_BATCH));
    for (const node of nodes) {
      const facts: VariantFacts = {
        unitCostCents: toCents(node.inventoryItem?.unitCost?.amount),
        collectionIds: (node.product?.collections?.nodes ?? []).flatMap((collection) =>
          collection.id ? [collection.id] : [],
        ),
      };
      result.set(node.id!, facts);
      const data = {
        inventoryItemId: node.inventoryItem?.id ?? null,
        productId: node.product?.id ?? null,
        unitCostCents: facts.unitCostCents,
        currency: node.inventoryItem?.unitCost?.currencyCode ?? null,
        collectionIds: facts.collectionIds,
        fetchedAt: now,
      };
      await prisma.variantUnitCost.upsert({
        where: { shopId_variantId: { shopId, variantId: node.id! } },
        create: { shopId, variantId: node.id!, ...data },
        update: data,
      });
      // a cost different from the history's latest is a change, dated when it was read
      // (docs/product.md#costs)
      const before = cached.find((row) => row.variantId === node.id) ?? null;
      await recordCostSeen(
        shopId,
        {
          variantId: node.id!,
          inventoryItemId: data.inventoryItemId,
          unitCostCents: facts.unitCostCents,
          currency: data.currency,
          effectiveAt: now,
          source: "admin_api",
        },
        before,
      );
    }
  }
  return result;
}

/**
 * inventory_items/update: Shopify reports a changed cost; the cached cost follows, and each
 * variant of the item gets a history row dated the item's updated_at (when Shopify says the
 * change was made; the time it arrived otherwise) if its cost changed.
 */
export async function applyInventoryItemCost(
  shopDomain: string,
  inventoryItemId: string,
  cost: string | number | null | undefined,
  updatedAt?: string | null,
): Promise<number> {
  // A payload without a cost says nothing about it; null means the cost was cleared.
  if (cost === undefined) return 0;
  const shop = await prisma.shop.findUnique({ where: { domain: shopDomain } });
  if (!shop) return 0;
  const unitCostCents = cost === null ? null : toCents(cost);
  const now = new Date();
  const stated = updatedAt ? new Date(updatedAt) : null;
  const effectiveAt = stated && Number.isFinite(stated.getTime()) && stated <= now ? stated : now;
  const variants = await prisma.variantUnitCost.findMany({ where: { shopId: shop.id, inventoryItemId } });
  for (const row of variants) {
    await recordCostSeen(
      shop.id,
      {
        variantId: row.variantId,
        inventoryItemId,
        unitCostCents,
        currency: row.currency,
        effectiveAt,
        source: "webhook",
      },
      row,
    );
  }
  const result = await prisma.variantUnitCost.updateMany({
    where: { shopId: shop.id, inventoryItemId },
    data: { unitCostCents, fetchedAt: now },
  });
  return result.count;
}
