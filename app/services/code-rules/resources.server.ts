/**
 * The products and collections the code rules protect, by title (docs/product.md#code-rules;
 * docs/product.md#code-rules): the settings keep Shopify's ids, the page
 * shows their titles, asked of the Admin API (or the demo store's stand-in of it) as it loads.
 */
import { messageOf } from "../../domain/result";
import type { ActionClient } from "../actions/admin-client.server";
import { adminGraphqlData } from "../admin-api/admin-graphql.server";

const RESOURCE_TITLES = `#graphql
  query MarginGuardrailCodeRulesResources($ids: [ID!]!) {
    nodes(ids: $ids) {
      __typename
      ... on Product { id title }
      ... on Collection { id title }
    }
  }`;

const PICKER_RESOURCES = `#graphql
  query MarginGuardrailPickerResources($first: Int!) {
    products(first: $first, sortKey: TITLE) { nodes { id title } }
    collections(first: $first, sortKey: TITLE) { nodes { id title } }
  }`;

/** Why a call failed: Shopify's library throws its HTTP answer itself when it is an error. */
const failureText = (error: unknown) =>
  error instanceof Response ? `Shopify answered ${error.status} ${error.statusText}`.trim() + "." : messageOf(error);

/** Shopify's `nodes` takes at most 250 ids in one call. */
const NODES_PER_CALL = 250;

/**
 * Each id's title; null for an id Shopify has no product or collection for (deleted, or another
 * shop's). `error` says why no title could be asked for: the ids are then absent from `titles`.
 */
export interface ResourceTitles {
  titles: Record<string, string | null>;
  error: string | null;
}

/** The titles of these product and collection GIDs; never throws. */
export async function resourceTitles(client: ActionClient | null, ids: string[]): Promise<ResourceTitles> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return { titles: {}, error: null };
  if (!client) return { titles: {}, error: "Not connected to Shopify." };
  const titles: Record<string, string | null> = {};
  try {
    for (let start = 0; start < wanted.length; start += NODES_PER_CALL) {
      const batch = wanted.slice(start, start + NODES_PER_CALL);
      const data = await adminGraphqlData(client.graphql, RESOURCE_TITLES, { ids: batch });
      batch.forEach((id, index) => {
        const node = data.nodes[index];
        const kind = id.startsWith("gid://shopify/Product/") ? "Product" : "Collection";
        // an id of another kind (or none) names no product or collection: shown as deleted
        titles[id] = node && node.__typename === kind && "title" in node ? node.title : null;
      });
    }
    return { titles, error: null };
  } catch (error) {
    return { titles: {}, error: failureText(error) };
  }
}

/** A product or collection as a picker lists it. */
export interface PickerResource {
  id: string;
  title: string;
}

/** What the demo store's stand-in picker lists: the first products and collections by title. */
export interface PickerCatalog {
  products: PickerResource[];
  collections: PickerResource[];
}

/** How many of each the stand-in picker lists. */
const PICKER_FIRST = 100;

/**
 * The products and collections the demo store's stand-in picker offers (embedded, App Bridge's
 * resource picker asks Shopify itself); null when they could not be read.
 */
export async function pickerCatalog(client: ActionClient | null): Promise<PickerCatalog | null> {
  if (!client) return null;
  try {
    const data = await adminGraphqlData(client.graphql, PICKER_RESOURCES, { first: PICKER_FIRST });
    return {
      products: data.products.nodes.map(({ id, title }) => ({ id, title })),
      collections: data.collections.nodes.map(({ id, title }) => ({ id, title })),
    };
  } catch {
    return null;
  }
}
