import http from "node:http";
import type { AddressInfo } from "node:net";
import { setAbstractFetchFunc } from "@shopify/shopify-api/runtime";
import { executeSync, parse, type GraphQLTypeResolver } from "graphql";
import type { QueryCost } from "../../app/domain/backtest/backtest";
import { DEMO_CATALOG, DEMO_COLLECTIONS, variantGid } from "../../app/demo/demo-store";
import { answerStandIn, operationName, type StandInState } from "../../app/demo/admin-stand-in";
import { centsToDecimal } from "../../app/domain/money";
import type { AdminOperationName, AdminOperationsByName } from "../../app/types/admin-operations";
import { schemaManifest, shopifySchema } from "../../scripts/shopify-schemas.mjs";

/** An `answer` that makes the fake answer with this HTTP status instead of data (an outage, a revoked token). */
export class FakeHttpError {
  constructor(readonly status: number) {}
}

/**
 * Answers to the app's operations, by operation name, each typed with what codegen generated for
 * it (docs/testing.md#typed-admin-graphql): the `data` to send, a FakeHttpError, or undefined to fall
 * through to the stand-in and the fake's own answers.
 */
export type FakeAnswers = {
  [Name in AdminOperationName]?: (
    variables: AdminOperationsByName[Name]["variables"],
  ) => AdminOperationsByName[Name]["data"] | FakeHttpError | undefined;
};

/** The `data` of one of the app's operations, as codegen typed it. */
type Data<Name extends AdminOperationName> = AdminOperationsByName[Name]["data"];

/** An order as the backtest's `BacktestOrders` query reads it (its lines all there: the fake pages them). */
export type FakeOrder = AdminOperationsByName["BacktestOrders"]["data"]["orders"]["nodes"][number];

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
    unitCost: item.costCents === null ? null : centsToDecimal(item.costCents),
    collectionIds: item.collections,
  }));

/**
 * An abstract type's member for a value: its `__typename`, or the type its Shopify GID names
 * (`gid://shopify/Order/1` is an Order), as a `node` or `nodes` answer carries no `__typename`;
 * else any member, which serves a selection of the interface's own fields (`discountApplication
 * { index }`). A document that asks for a member's fields asks for `__typename` too, and gets it.
 */
const typeOf: GraphQLTypeResolver<unknown, unknown> = (value, _context, info, abstractType) => {
  const { __typename, id } = (value ?? {}) as { __typename?: unknown; id?: unknown };
  if (typeof __typename === "string") return __typename;
  const named = typeof id === "string" ? /^gid:\/\/shopify\/(\w+)\//.exec(id)?.[1] : undefined;
  return named ?? info.schema.getPossibleTypes(abstractType)[0]?.name;
};

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
    orders?: FakeOrder[];
    /**
     * Asked before each `orders` page (numbered from 1): a cost to answer THROTTLED with, as
     * Shopify does when the bucket is short, or null to answer the page.
     */
    throttleOrders?: (page: number) => QueryCost | null;
    /** the cost figures sent with every answer (extensions.cost) */
    cost?: QueryCost;
    /** the shop's collections, for a collection rule's `collection(id:)` read; default the demo store's */
    collections?: { id: string; title: string }[];
    /** answers the app's operations by name (typed); undefined falls through */
    answers?: FakeAnswers;
    /**
     * then the demo's stand-in answers what it knows (order actions, code rules, checkout blocking, the
     * chart markers' analytics annotations, checked as Shopify documents them)
     */
    standIn?: StandInState;
    /**
     * Every answer is executed against Shopify's pinned Admin schema (docs/testing.md#typed-admin-graphql):
     * the document with the fake's data as its root value, so the client gets only what it selected and
     * an answer that does not fit the schema (a missing non-null field, an unknown enum value, a wrong
     * scalar) is a GraphQL error naming the drift, kept in `drift`. On under Vitest; the benchmark skips it.
     */
    checkSchema?: boolean;
  } = {},
) {
  const calls: { url: string; ids: string[] }[] = [];
  const operations: { query: string; variables: Record<string, unknown> }[] = [];
  /** answers that did not fit Shopify's schema: each is a test failure waiting to be noticed */
  const drift: string[] = [];
  const schema =
    (options.checkSchema ?? Boolean(process.env.VITEST))
      ? shopifySchema(`admin_${schemaManifest().admin.pinned}`)
      : null;
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
  /** The answer Shopify would send: `data` run through the schema with the document and its variables. */
  const answered = (query: string, variables: Record<string, unknown>, data: unknown, extra: object = {}) => {
    if (!schema) return json({ data, ...extra });
    const result = executeSync({
      schema,
      document: parse(query),
      rootValue: data,
      variableValues: variables,
      typeResolver: typeOf,
    });
    if (result.errors?.length) {
      const message = `The fake Admin API's answer to ${operationName(query) ?? "an operation"} does not fit Shopify's schema: ${result.errors.map((error) => `${error.message} (${error.path?.join(".") ?? "-"})`).join("; ")}`;
      drift.push(message);
      console.error(message);
      return json({ errors: [{ message }] });
    }
    return json({ data: result.data, ...extra });
  };
  const inWindow = (query: unknown) => {
    const since = /created_at:>='([^']+)'/.exec(String(query ?? ""))?.[1];
    return since ? orders.filter((order) => order.createdAt >= since) : orders;
  };
  /** Lines as a connection of `first` after a cursor (the line's position). */
  const lineConnection = (order: FakeOrder, first: number, after: unknown) => {
    const all = order.lineItems?.nodes ?? [];
    const start = typeof after === "string" ? Number(after) + 1 : 0;
    const nodes = all.slice(start, start + first);
    const hasNextPage = start + first < all.length;
    return { nodes, pageInfo: { hasNextPage, endCursor: nodes.length ? String(start + nodes.length - 1) : null } };
  };

  function answerOrders(query: string, variables: Record<string, unknown>): Response | undefined {
    if (query.includes("ordersCount(")) {
      return answered(
        query,
        variables,
        { ordersCount: { count: inWindow(variables.query).length } } satisfies Data<"BacktestOrdersCount">,
        extensions,
      );
    }
    if (query.includes("BacktestOrderRest")) {
      const order = orders.find((candidate) => candidate.id === variables.id);
      const data = order && {
        discountApplications: { nodes: order.discountApplications?.nodes ?? [] },
        lineItems: lineConnection(order, 50, variables.after),
      };
      return answered(query, variables, { order: data ?? null } satisfies Data<"BacktestOrderRest">, extensions);
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
      lineItems: lineConnection(order, Number(variables.lines ?? 250), null),
    }));
    const orderPage = {
      orders: {
        nodes: page,
        pageInfo: {
          hasNextPage: start + first < window.length,
          endCursor: page.length ? String(start + page.length - 1) : null,
        },
      },
    } satisfies Data<"BacktestOrders">;
    return answered(query, variables, orderPage, extensions);
  }

  /** An answer by name, typed by the caller (`answers`), or the stand-in's. */
  function answerByName(query: string, variables: Record<string, unknown>): unknown {
    const name = operationName(query) as AdminOperationName | null;
    const handler = name ? (options.answers?.[name] as ((variables: unknown) => unknown) | undefined) : undefined;
    const typed = handler?.(variables);
    if (typed !== undefined) return typed;
    if (!options.standIn) return undefined;
    const standIn = answerStandIn(options.standIn, { query, variables });
    return "data" in standIn ? standIn.data : undefined;
  }

  async function answer(url: string, text: string): Promise<Response> {
    const body = JSON.parse(text || "{}") as { query?: string; variables?: Record<string, unknown> };
    const query = body.query ?? "";
    const variables = body.variables ?? {};
    const ordersAnswer = answerOrders(query, variables);
    if (ordersAnswer) {
      operations.push({ query, variables });
      return ordersAnswer;
    }
    const data = answerByName(query, variables);
    if (data instanceof FakeHttpError) {
      operations.push({ query, variables });
      return new Response(JSON.stringify({ errors: "Fake failure" }), {
        status: data.status,
        headers: { "Content-Type": "application/json" },
      });
    }
    if (data !== undefined) {
      operations.push({ query, variables });
      return answered(query, variables, data);
    }
    if (operationName(query) === "MarginGuardrailCollectionTitle") {
      operations.push({ query, variables });
      const collection = (options.collections ?? DEMO_COLLECTIONS).find((candidate) => candidate.id === variables.id);
      return answered(query, variables, {
        collection: collection ? { id: collection.id, title: collection.title } : null,
      } satisfies Data<"MarginGuardrailCollectionTitle">);
    }
    if (query.includes("currentAppInstallation")) {
      calls.push({ url, ids: [] });
      type Subscription = Data<"MarginGuardrailSubscriptions">["currentAppInstallation"]["activeSubscriptions"][number];
      // the app's fields, typed; `lineItems` for Shopify's library's own billing query
      const activeSubscriptions = (options.subscriptions ?? []).map((subscription, index) => {
        const typed: Subscription = {
          id: subscription.id ?? `gid://shopify/AppSubscription/${index + 1}`,
          name: subscription.name,
          test: subscription.test ?? true,
          status: (subscription.status ?? "ACTIVE") as Subscription["status"],
          createdAt: "2026-11-21T10:00:00Z",
          trialDays: 0,
          currentPeriodEnd: subscription.currentPeriodEnd ?? "2026-12-21T10:00:00Z",
        };
        return { ...typed, lineItems: [] };
      });
      return answered(query, variables, {
        currentAppInstallation: {
          accessScopes: (options.scopes ?? []).map((handle) => ({ handle })),
          activeSubscriptions,
          oneTimePurchases: { edges: [], pageInfo: { hasNextPage: false, endCursor: null } },
        },
      });
    }
    const ids = Array.isArray(variables.ids) ? variables.ids.map(String) : [];
    calls.push({ url, ids });
    const nodes = ids.map((id): Data<"VariantFacts">["nodes"][number] => {
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
    return answered(query, variables, { nodes } satisfies Data<"VariantFacts">);
  }
  /** the fake's port on 127.0.0.1, for clients that call it directly (the backtest benchmark) */
  return { calls, operations, drift, port: listening };
}
