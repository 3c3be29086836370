import http from "node:http";
import type { AddressInfo } from "node:net";
import { setAbstractFetchFunc } from "@shopify/shopify-api/runtime";
import type { QueryCost } from "../../app/domain/backtest";
import type { GraphqlOrderNode } from "../../app/domain/graphql-order";
import { DEMO_CATALOG, variantGid } from "../../app/demo/demo-store";

/** An `answer` that makes the fake answer with this HTTP status instead of data (an outage, a revoked token). */
export class FakeHttpError {
  constructor(readonly status: number) {}
}

export interface FakeVariant {
  id: string;
  inventoryItemId: string;
  unitCost: string | null;
  collectionIds: string[];
}

/** The demo catalog's variants as the Admin API knows them: their unit costs and collections. */
export const demoCatalogVariants = (): FakeVariant[] =>
  DEMO_CATALOG.map((item) => ({
    id: variantGid(item.variant),
    inventoryItemId: `gid://shopify/InventoryItem/${item.variant}`,
    unitCost: item.costCents === null ? null : (item.costCents / 100).toFixed(2),
    collectionIds: item.collections,
  }));

/**
 * Stands in for Shopify's Admin GraphQL API: a real HTTP server on 127.0.0.1 that answers
 * like Shopify. The app's authenticated admin client makes its real request to
 * https://{shop}.myshopify.com/admin/api/{version}/graphql.json; the library's fetch sends it
 * to this server instead, with its method, headers and body as they are.
 * Install it after importing the app's modules (importing them sets the library's fetch).
 */
export function installFakeAdminApi(
  variants: FakeVariant[],
  options: {
    /** the active subscriptions currentAppInstallation reports (read at each call, so a test may change them) */
    subscriptions?: { name: string; test?: boolean; id?: string; status?: string; currentPeriodEnd?: string }[];
    /** the access scopes currentAppInstallation reports */
    scopes?: string[];
    /** the shop's orders, for the backtest's paginated `orders` query (any order; sorted by createdAt) */
    orders?: GraphqlOrderNode[];
    /**
     * Asked before each `orders` page (numbered from 1): a cost to answer THROTTLED with, as
     * Shopify does when the bucket is short, or null to answer the page.
     */
    throttleOrders?: (page: number) => QueryCost | null;
    /** the cost figures sent with every answer (extensions.cost) */
    cost?: QueryCost;
    /** answers other operations (mutations): the `data` to send, or undefined to fall through */
    answer?: (query: string, variables: Record<string, unknown>) => unknown;
  } = {},
) {
  const calls: { url: string; ids: string[] }[] = [];
  const operations: { query: string; variables: Record<string, unknown> }[] = [];
  const byId = new Map(variants.map((variant) => [variant.id, variant]));
  const realFetch = globalThis.fetch;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const url = `https://${request.headers["x-fake-shop-host"]}${request.url}`;
      void answer(url, Buffer.concat(chunks).toString("utf8")).then(async (answered) => {
        response.writeHead(answered.status, { "Content-Type": "application/json" });
        response.end(await answered.text());
      });
    });
  });
  const listening = new Promise<number>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)),
  );
  server.unref();
  setAbstractFetchFunc(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    if (!/\.myshopify\.com$/.test(url.hostname) || !/^\/admin\/api\/[^/]+\/graphql\.json$/.test(url.pathname)) {
      return realFetch(input, init);
    }
    const headers = new Headers(init?.headers);
    headers.set("x-fake-shop-host", url.host);
    return realFetch(`http://127.0.0.1:${await listening}${url.pathname}`, { ...init, headers });
  });

  let ordersPages = 0;
  const orders = [...(options.orders ?? [])].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const json = (value: unknown) =>
    new Response(JSON.stringify(value), { status: 200, headers: { "Content-Type": "application/json" } });
  const extensions = options.cost ? { extensions: { cost: options.cost } } : {};
  const inWindow = (query: unknown) => {
    const since = /created_at:>='([^']+)'/.exec(String(query ?? ""))?.[1];
    return since ? orders.filter((order) => order.createdAt >= since) : orders;
  };
  /** Lines as a connection of `first` after a cursor (the line's position). */
  const lineConnection = (order: GraphqlOrderNode, first: number, after: unknown) => {
    const all = order.lineItems?.nodes ?? [];
    const start = typeof after === "string" ? Number(after) + 1 : 0;
    const nodes = all.slice(start, start + first);
    const hasNextPage = start + first < all.length;
    return { nodes, pageInfo: { hasNextPage, endCursor: nodes.length ? String(start + nodes.length - 1) : null } };
  };

  function answerOrders(query: string, variables: Record<string, unknown>): Response | undefined {
    if (query.includes("ordersCount(")) {
      return json({
        data: { ordersCount: { count: inWindow(variables.query).length, precision: "EXACT" } },
        ...extensions,
      });
    }
    if (query.includes("BacktestOrderRest")) {
      const order = orders.find((candidate) => candidate.id === variables.id);
      const data = order && {
        discountApplications: { nodes: order.discountApplications?.nodes ?? [] },
        lineItems: lineConnection(order, 50, variables.after),
      };
      return json({ data: { order: data ?? null }, ...extensions });
    }
    if (!query.includes("BacktestOrders")) return undefined;
    ordersPages += 1;
    const throttle = options.throttleOrders?.(ordersPages);
    if (throttle) {
      return json({
        errors: [{ message: "Throttled", extensions: { code: "THROTTLED" } }],
        extensions: { cost: throttle },
      });
    }
    const window = inWindow(variables.query);
    const start = typeof variables.after === "string" ? Number(variables.after) + 1 : 0;
    const first = Number(variables.first);
    const page = window.slice(start, start + first).map((order) => ({
      ...order,
      lineItems: lineConnection(order, Number(/lineItems\(first: (\d+)\)/.exec(query)?.[1] ?? 250), null),
    }));
    return json({
      data: {
        orders: {
          nodes: page,
          pageInfo: {
            hasNextPage: start + first < window.length,
            endCursor: page.length ? String(start + page.length - 1) : null,
          },
        },
      },
      ...extensions,
    });
  }

  async function answer(url: string, text: string): Promise<Response> {
    const body = JSON.parse(text || "{}") as { query?: string; variables?: { ids?: string[] } };
    const ordersAnswer = answerOrders(body.query ?? "", (body.variables ?? {}) as Record<string, unknown>);
    if (ordersAnswer) {
      operations.push({ query: body.query ?? "", variables: (body.variables ?? {}) as Record<string, unknown> });
      return ordersAnswer;
    }
    const answered = options.answer?.(body.query ?? "", (body.variables ?? {}) as Record<string, unknown>);
    if (answered instanceof FakeHttpError) {
      operations.push({ query: body.query ?? "", variables: (body.variables ?? {}) as Record<string, unknown> });
      return new Response(JSON.stringify({ errors: "Fake failure" }), {
        status: answered.status,
        headers: { "Content-Type": "application/json" },
      });
    }
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
        id: subscription.id ?? `gid://shopify/AppSubscription/${index + 1}`,
        name: subscription.name,
        test: subscription.test ?? true,
        status: subscription.status ?? "ACTIVE",
        createdAt: "2026-11-21T10:00:00Z",
        trialDays: 0,
        currentPeriodEnd: subscription.currentPeriodEnd ?? "2026-12-21T10:00:00Z",
        lineItems: [],
      }));
      return new Response(
        JSON.stringify({
          data: {
            currentAppInstallation: {
              accessScopes: (options.scopes ?? []).map((handle) => ({ handle })),
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
  }
  /** the fake's port on 127.0.0.1, for clients that call it directly (the backtest benchmark) */
  return { calls, operations, port: listening };
}
