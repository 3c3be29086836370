/**
 * Reads a shop's orders of a window through the Admin GraphQL API, a page at a time, keeping
 * within Shopify's cost-based rate limit: after each answer it waits until the bucket holds
 * the next query's cost, and a THROTTLED answer (or an HTTP 429) is waited out and asked
 * again (docs/architecture.md#a-backtest).
 */
import { throttleWaitMs, type QueryCost } from "../../domain/backtest/backtest";
import type { GraphqlOrderLine, GraphqlOrderNode } from "../../domain/monitoring/graphql-order";
import type { AdminData, AdminGraphql, AdminOperation, AdminVariables } from "../admin-api/admin-graphql.server";
import { logger } from "../../logger.server";

/**
 * Orders per page. Counted as Shopify's documented defaults count a query before running it (an
 * object 1 point, a scalar 0, a connection 2 plus `first` times a node; a plain list as one object,
 * pageInfo as one), an order with its first 10 lines, 10 applications and 2 shipping lines (their
 * price and discounts) asks for 135 points: 7 a page ask for 948, under Shopify's 1,000-point ceiling
 * (8 would ask for 1,083). tests/integration/order-query-cost.test.ts counts it against the pinned schema.
 */
export const ORDERS_PER_PAGE = 7;
/** Lines of an order read with it; an order with more has the rest read on its own. */
export const LINES_PER_ORDER = 10;
/** A query's cost until Shopify has said what it is. */
const FIRST_PAGE_COST = 1000;
/** Throttled answers in a row before the read gives up. */
export const MAX_THROTTLED = 20;

// The order's fields as the backtest reads them (app/domain/monitoring/graphql-order.ts): the same selection in
// both queries, written out in each because a typed document is one literal string.
export const ORDERS_QUERY = `#graphql
  query BacktestOrders($first: Int!, $after: String, $query: String!, $lines: Int!) {
    orders(first: $first, after: $after, query: $query, sortKey: CREATED_AT) {
      pageInfo { hasNextPage endCursor }
      nodes {
        id legacyResourceId name createdAt currencyCode tags note discountCodes
        totalDiscountsSet { shopMoney { amount } }
        discountApplications(first: 10) {
          pageInfo { hasNextPage }
          nodes {
            __typename index targetType value { __typename }
            ... on DiscountCodeApplication { code }
            ... on AutomaticDiscountApplication { title }
            ... on ManualDiscountApplication { title }
            ... on ScriptDiscountApplication { title }
          }
        }
        lineItems(first: $lines) {
          pageInfo { hasNextPage endCursor }
          nodes {
            id quantity variant { id } product { id } originalUnitPriceSet { shopMoney { amount } }
            discountAllocations { allocatedAmountSet { shopMoney { amount } } discountApplication { index } }
          }
        }
        shippingLines(first: 2) {
          nodes {
            originalPriceSet { shopMoney { amount } }
            discountAllocations { allocatedAmountSet { shopMoney { amount } } discountApplication { index } }
          }
        }
      }
    }
  }`;

export const ORDER_REST_QUERY = `#graphql
  query BacktestOrderRest($id: ID!, $after: String) {
    order(id: $id) {
      discountApplications(first: 50) {
        nodes {
          __typename index targetType value { __typename }
          ... on DiscountCodeApplication { code }
          ... on AutomaticDiscountApplication { title }
          ... on ManualDiscountApplication { title }
          ... on ScriptDiscountApplication { title }
        }
      }
      lineItems(first: 50, after: $after) {
        pageInfo { hasNextPage endCursor }
        nodes {
          id quantity variant { id } product { id } originalUnitPriceSet { shopMoney { amount } }
          discountAllocations { allocatedAmountSet { shopMoney { amount } } discountApplication { index } }
        }
      }
    }
  }`;

export const ORDERS_COUNT_QUERY = `#graphql
  query BacktestOrdersCount($query: String!) {
    ordersCount(query: $query, limit: null) { count }
  }`;

export interface ReadOptions {
  /** waits (tests pass a recorder; the app sleeps) */
  sleep?: (ms: number) => Promise<void>;
  /** told of each wait for the rate limit */
  onWait?: (ms: number) => void;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Shopify's search syntax for the window's orders. */
export const windowQuery = (since: Date) => `created_at:>='${since.toISOString()}'`;

interface GraphqlAnswer<T> {
  data?: T;
  errors?: { message?: string; extensions?: { code?: string } }[];
  extensions?: { cost?: QueryCost };
}

/** What a thrown client error says of throttling: Shopify's cost, or an HTTP 429's Retry-After. */
function throttleOf(error: unknown): { cost?: QueryCost; retryAfterMs?: number } | null {
  type Listed = { extensions?: { code?: string } }[];
  const candidate = error as {
    body?: { errors?: Listed | { graphQLErrors?: Listed }; extensions?: { cost?: QueryCost } };
    retryAfter?: number;
    constructor?: { name?: string };
  };
  if (candidate?.constructor?.name === "HttpThrottlingError") {
    return { retryAfterMs: (candidate.retryAfter ?? 1) * 1000 };
  }
  const body = candidate?.body;
  const errors: Listed = Array.isArray(body?.errors) ? body.errors : (body?.errors?.graphQLErrors ?? []);
  if (errors.some((item) => item?.extensions?.code === "THROTTLED")) return { cost: body?.extensions?.cost };
  return null;
}

/**
 * One operation, with Shopify's throttling waited out. The library throws on GraphQL
 * errors; a client that answers them in the body (a plain fetch) is read the same way.
 */
export class ThrottledReader {
  private lastCost: QueryCost | undefined;
  private nextCost = FIRST_PAGE_COST;
  requests = 0;
  waits = 0;
  waitedMs = 0;

  constructor(
    private readonly graphql: AdminGraphql,
    private readonly options: ReadOptions = {},
  ) {}

  private async wait(ms: number) {
    if (ms <= 0) return;
    this.waits += 1;
    this.waitedMs += ms;
    this.options.onWait?.(ms);
    await (this.options.sleep ?? defaultSleep)(ms);
  }

  async data<Q extends AdminOperation>(query: Q, variables: AdminVariables<Q>): Promise<AdminData<Q>> {
    type T = AdminData<Q>;
    for (let throttled = 0; ; throttled += 1) {
      if (throttled > MAX_THROTTLED) throw new Error("Shopify kept throttling the order reads; try again later");
      // the bucket must hold what the query costs before it is sent
      await this.wait(throttleWaitMs(this.lastCost, this.nextCost));
      let body: GraphqlAnswer<T>;
      this.requests += 1;
      try {
        body = (await (await this.graphql(query, { variables })).json()) as GraphqlAnswer<T>;
      } catch (error) {
        const throttle = throttleOf(error);
        if (!throttle) throw error;
        await this.throttled(throttle);
        continue;
      }
      if (body.errors?.some((item) => item?.extensions?.code === "THROTTLED")) {
        await this.throttled({ cost: body.extensions?.cost });
        continue;
      }
      if (body.errors?.length) throw new Error(body.errors.map((item) => item.message).join("; "));
      if (!body.data) throw new Error("Shopify answered without data");
      this.lastCost = body.extensions?.cost;
      this.nextCost = body.extensions?.cost?.requestedQueryCost ?? this.nextCost;
      return body.data;
    }
  }

  private async throttled({ cost, retryAfterMs }: { cost?: QueryCost; retryAfterMs?: number }) {
    this.lastCost = cost ?? this.lastCost;
    if (cost?.requestedQueryCost) this.nextCost = cost.requestedQueryCost;
    // a throttled answer always waits: at least a second when Shopify gave no figures
    const wait = retryAfterMs ?? throttleWaitMs(cost, this.nextCost);
    await this.wait(Math.max(wait, cost?.throttleStatus ? 1 : 1000));
    // the wait just taken refilled the bucket
    this.lastCost = undefined;
  }
}

/** How many orders Shopify counts in the window, or null when it will not say. */
export async function countOrders(reader: ThrottledReader, since: Date): Promise<number | null> {
  try {
    const data = await reader.data(ORDERS_COUNT_QUERY, {
      query: windowQuery(since),
    });
    return typeof data.ordersCount?.count === "number" ? data.ordersCount.count : null;
  } catch (error) {
    logger.warn("Orders count unavailable; the backtest runs without a total", { err: error });
    return null;
  }
}

/** An order whose page held only its first lines or applications, read again in full on its own. */
export async function completeOrder(reader: ThrottledReader, node: GraphqlOrderNode): Promise<GraphqlOrderNode> {
  const lines: GraphqlOrderLine[] = [];
  let applications = node.discountApplications?.nodes ?? [];
  let after: string | null = null;
  do {
    const data: AdminData<typeof ORDER_REST_QUERY> = await reader.data(ORDER_REST_QUERY, { id: node.id, after });
    if (!data.order) return node;
    applications = data.order.discountApplications?.nodes ?? applications;
    lines.push(...(data.order.lineItems?.nodes ?? []));
    const page = data.order.lineItems?.pageInfo;
    after = page?.hasNextPage ? (page.endCursor ?? null) : null;
  } while (after);
  return { ...node, lineItems: { nodes: lines }, discountApplications: { nodes: applications } };
}

/** The window's orders, oldest first, a page at a time. */
export async function* orderPages(reader: ThrottledReader, since: Date): AsyncGenerator<GraphqlOrderNode[]> {
  let after: string | null = null;
  for (;;) {
    const data: AdminData<typeof ORDERS_QUERY> = await reader.data(ORDERS_QUERY, {
      first: ORDERS_PER_PAGE,
      after,
      query: windowQuery(since),
      lines: LINES_PER_ORDER,
    });
    const nodes: GraphqlOrderNode[] = [];
    // the answer's type is the domain's input: a field the query drops or retypes fails here
    const page: GraphqlOrderNode[] = data.orders.nodes;
    for (const node of page) {
      const partial = node.lineItems?.pageInfo?.hasNextPage || node.discountApplications?.pageInfo?.hasNextPage;
      nodes.push(partial ? await completeOrder(reader, node) : node);
    }
    yield nodes;
    if (!data.orders.pageInfo.hasNextPage || !data.orders.pageInfo.endCursor) return;
    after = data.orders.pageInfo.endCursor;
  }
}
