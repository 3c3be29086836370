/**
 * Reconciliation's pure rules (docs/operations.md#reconciliation): which stretch of time a
 * shop's sweep lists, how its search reads in Shopify's syntax, which protection topics have no
 * subscription, and how an evaluation found by a sweep is marked in the audit log.
 */

/** The queue's topic of an order a sweep found (no webhook brought it); its events say `source: "reconciliation"`. */
export const RECONCILIATION_TOPIC = "reconciliation";

/** The webhook topics protection depends on: an order is evaluated when one of them arrives. */
export const PROTECTION_TOPICS = ["orders/create", "orders/updated"] as const;

/**
 * The protection topics the app subscribes to in its configuration (shopify.app.toml, app-scoped:
 * Shopify keeps them for every shop, and the Admin API's webhookSubscriptions does not list them).
 * reconciliation.test.ts holds this to the file.
 */
export const APP_SCOPED_TOPICS: readonly string[] = ["orders/create", "orders/updated"];

export interface SweepWindowOptions {
  /** how far back the window reaches before the last sweep's end, so an order at the boundary is listed again */
  overlapMs: number;
  /** how long a new order is left to its webhook before a sweep counts it (0: up to now) */
  settleMs: number;
  /** how far back a shop's first sweep looks (never before its install) */
  firstLookbackMs: number;
}

/** The orders' `updated_at` stretch a sweep lists: from the last sweep's end (less the overlap) to now (less the settle time). */
export function sweepWindow(
  sweptThrough: Date | null,
  installedAt: Date,
  now: Date,
  options: SweepWindowOptions,
): { from: Date; to: Date } {
  const to = new Date(now.getTime() - options.settleMs);
  const start = sweptThrough
    ? sweptThrough.getTime() - options.overlapMs
    : Math.max(installedAt.getTime(), now.getTime() - options.firstLookbackMs);
  // a window never ends before it starts: a sweep right after a manual one lists its overlap
  return { from: new Date(Math.min(start, to.getTime())), to };
}

/** Shopify's search syntax for the orders updated in the window. */
export const windowSearch = (window: { from: Date; to: Date }) =>
  `updated_at:>='${window.from.toISOString()}' AND updated_at:<='${window.to.toISOString()}'`;

/** A webhook topic as the Admin API's WebhookSubscriptionTopic names it: orders/create is ORDERS_CREATE. */
export const topicEnum = (topic: string) => topic.replace(/\//g, "_").toUpperCase();

/**
 * The protection topics neither the app's configuration (app-scoped subscriptions, shopify.app.toml,
 * which Shopify keeps for every shop and the Admin API does not list) nor the shop's own
 * subscriptions (webhookSubscriptions, by their enum names) cover.
 */
export function missingTopics(appScoped: readonly string[], shopScoped: readonly string[]): string[] {
  const subscribed = new Set([...appScoped.map(topicEnum), ...shopScoped]);
  return PROTECTION_TOPICS.filter((topic) => !subscribed.has(topicEnum(topic)));
}

/** An audit event of an order a sweep found, marked so in its details. */
export function reconciledEvent<Event extends { details?: unknown }>(event: Event): Event {
  const details = event.details && typeof event.details === "object" ? event.details : {};
  return { ...event, details: { ...details, source: "reconciliation" } } as Event;
}
