// Where a backtest's or preflight's orders come from (Shopify or sample orders), read a page at a time.
import { orderPayloadFromNode } from "../../domain/monitoring/graphql-order";
import type { AdminGraphql } from "../admin-api/admin-graphql.server";
import { ThrottledReader, countOrders, orderPages, type ReadOptions } from "./order-pages.server";

/**
 * Where the orders come from: Shopify's Admin API, or sample orders the caller supplies when the
 * run starts (the demo store's: services do not import demo/, docs/architecture.md#layers-and-folders).
 */
export type OrderSource =
  { kind: "shopify"; graphql: AdminGraphql; read?: ReadOptions } | { kind: "sample"; orders: () => SampleOrder[] };

/** An order as a webhook payload, with when it was placed. */
export interface SampleOrder {
  payload: unknown;
  createdAt: Date;
}

/** One page of orders: each as a webhook payload with its time, and the client that read them (null: samples). */
export type OrderPage = (
  orders: { payload: unknown; createdAt: string }[],
  graphql: AdminGraphql | null,
) => Promise<void>;

/**
 * Reads the source's orders created since `since` into `page`, a page at a time (samples in pages
 * of `samplePage`), after telling `total` how many there are when that is known. Returns the Admin
 * API reader, with its counts of requests and waits (null for samples).
 */
export async function readOrderPages(
  source: OrderSource,
  since: Date,
  samplePage: number,
  total: (count: number) => Promise<unknown>,
  page: OrderPage,
): Promise<ThrottledReader | null> {
  if (source.kind === "sample") {
    const orders = source.orders().filter((order) => order.createdAt >= since);
    await total(orders.length);
    for (let start = 0; start < orders.length; start += samplePage) {
      await page(
        orders
          .slice(start, start + samplePage)
          .map((order) => ({ payload: order.payload, createdAt: order.createdAt.toISOString() })),
        null,
      );
    }
    return null;
  }
  const reader = new ThrottledReader(source.graphql, source.read);
  const count = await countOrders(reader, since);
  if (count !== null) await total(count);
  for await (const nodes of orderPages(reader, since)) {
    await page(
      nodes.map((node) => ({ payload: orderPayloadFromNode(node), createdAt: node.createdAt })),
      source.graphql,
    );
  }
  return reader;
}
