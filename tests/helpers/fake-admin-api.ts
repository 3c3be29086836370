import { setAbstractFetchFunc } from "@shopify/shopify-api/runtime";

export interface FakeVariant {
  id: string;
  inventoryItemId: string;
  unitCost: string | null;
  collectionIds: string[];
}

/**
 * Stands in for Shopify's Admin GraphQL API behind the library's own fetch: the app's
 * authenticated admin client makes its real request, and this answers it like Shopify.
 * Install it after importing the app's modules (importing them sets the library's fetch).
 */
export function installFakeAdminApi(
  variants: FakeVariant[],
  options: {
    subscriptions?: { name: string; test?: boolean }[];
    /** answers other operations (mutations): the `data` to send, or undefined to fall through */
    answer?: (query: string, variables: Record<string, unknown>) => unknown;
  } = {},
) {
  const calls: { url: string; ids: string[] }[] = [];
  const operations: { query: string; variables: Record<string, unknown> }[] = [];
  const byId = new Map(variants.map((variant) => [variant.id, variant]));
  const realFetch = globalThis.fetch;
  setAbstractFetchFunc(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (!/\.myshopify\.com\/admin\/api\/[^/]+\/graphql\.json$/.test(url)) return realFetch(input, init);
    const body = JSON.parse(String(init?.body ?? "{}")) as { query?: string; variables?: { ids?: string[] } };
    const answered = options.answer?.(body.query ?? "", (body.variables ?? {}) as Record<string, unknown>);
    if (answered !== undefined) {
      operations.push({ query: body.query ?? "", variables: (body.variables ?? {}) as Record<string, unknown> });
      return new Response(JSON.stringify({ data: answered }), {
        status: 200,
        headers: { "Content-Type": "application/json" },
      });
    }
    if (body.query?.includes("currentAppInstallation")) {
      calls.push({ url, ids: [] });
      const activeSubscriptions = (options.subscriptions ?? []).map((subscription, index) => ({
        id: `gid://shopify/AppSubscription/${index + 1}`,
        name: subscription.name,
        test: subscription.test ?? true,
        status: "ACTIVE",
        createdAt: "2026-11-21T10:00:00Z",
        lineItems: [],
      }));
      return new Response(
        JSON.stringify({
          data: {
            currentAppInstallation: {
              activeSubscriptions,
              oneTimePurchases: { edges: [], pageInfo: { hasNextPage: false, endCursor: null } },
            },
          },
        }),
        { status: 200, headers: { "Content-Type": "application/json" } },
      );
    }
    const ids = body.variables?.ids ?? [];
    calls.push({ url, ids });
    const nodes = ids.map((id) => {
      const variant = byId.get(id);
      if (!variant) return null;
      return {
        id: variant.id,
        inventoryItem: {
          id: variant.inventoryItemId,
          unitCost: variant.unitCost === null ? null : { amount: variant.unitCost, currencyCode: "USD" },
        },
        product: {
          id: `gid://shopify/Product/${variant.id.split("/").pop()}`,
          collections: { nodes: variant.collectionIds.map((id) => ({ id })) },
        },
      };
    });
    return new Response(JSON.stringify({ data: { nodes } }), {
      status: 200,
      headers: { "Content-Type": "application/json" },
    });
  });
  return { calls, operations };
}
