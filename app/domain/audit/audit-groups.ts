import { SEVERITIES } from "../severity";

/** What grouping needs of an event: the Audit Log's rows carry more, and keep it. */
export interface GroupableEvent {
  id: string;
  eventType: string;
  severity: string;
  orderName: string | null;
  orderId?: string | null;
  /** the rule an event is about: the same rule broken again (an edited order) is one rule broken */
  ruleName?: string | null;
}

/** One row of the Audit Log: an order or checkout with its events, or an event about no order. */
export interface AuditGroup<E extends GroupableEvent> {
  key: string;
  kind: "order" | "checkout" | "event";
  orderName: string | null;
  /** newest first, as the page listed them */
  events: E[];
  /**
   * the worst severity among the events; a testing rule's would-have event (rule_tested) sets it
   * only in a row of nothing else (docs/product.md#status-and-schedule)
   */
  severity: string;
  /** rules broken (rule_triggered, protection_gap) and checkouts blocked: what the merchant reviews */
  breaches: number;
  /** the distinct rules the order broke (rule_triggered): never a testing rule, never one rule twice */
  rulesBroken: number;
  /**
   * the rules the row names, each once: those counted in rulesBroken, then testing rules marked
   * "(testing)". A protection gap's layer is not a rule broken: the row names it by its type.
   */
  ruleNames: string[];
}

const CHECKOUT_TYPES = new Set(["checkout_blocked"]);
const BREACH_TYPES = new Set(["rule_triggered", "checkout_blocked", "protection_gap"]);
const TESTED_TYPE = "rule_tested";

function rank(severity: string): number {
  return (SEVERITIES as readonly string[]).indexOf(severity);
}

/** The row an event belongs to: its order (by id, else by name), else a row of its own. */
export function auditGroupKey(event: Pick<GroupableEvent, "id" | "orderName" | "orderId">): string {
  if (event.orderId) return `order:${event.orderId}`;
  if (event.orderName) return `name:${event.orderName}`;
  return `event:${event.id}`;
}

/**
 * Folds a page of events (newest first) into one row per order or checkout, in the order of
 * each one's newest event: an order that broke five rules is one row with five events inside.
 * Events about no order (a rule created) stay rows of their own.
 */
export function groupAuditEvents<E extends GroupableEvent>(events: readonly E[]): AuditGroup<E>[] {
  const groups = new Map<string, AuditGroup<E>>();
  const rules = new Map<string, Set<string>>();
  // rows with an event other than a testing rule's: their severity is never a testing rule's
  const counted = new Set<string>();
  for (const event of events) {
    const key = auditGroupKey(event);
    let group = groups.get(key);
    if (!group) {
      group = {
        key,
        kind: key.startsWith("event:") ? "event" : "checkout",
        orderName: event.orderName,
        events: [],
        severity: event.severity,
        breaches: 0,
        rulesBroken: 0,
        ruleNames: [],
      };
      groups.set(key, group);
    }
    group.events.push(event);
    if (event.eventType !== TESTED_TYPE) {
      if (!counted.has(key)) group.severity = event.severity;
      else if (rank(event.severity) > rank(group.severity)) group.severity = event.severity;
      counted.add(key);
    } else if (!counted.has(key) && rank(event.severity) > rank(group.severity)) {
      group.severity = event.severity;
    }
    if (BREACH_TYPES.has(event.eventType)) group.breaches += 1;
    if (event.eventType === "rule_triggered") {
      const broken = rules.get(key) ?? new Set<string>();
      broken.add(event.ruleName ?? `#${event.id}`);
      rules.set(key, broken);
      group.rulesBroken = broken.size;
    }
    // a checkout is a row whose every event is about the blocked checkout
    if (group.kind !== "event" && !CHECKOUT_TYPES.has(event.eventType)) group.kind = "order";
  }
  for (const group of groups.values()) {
    const named = (type: string, suffix: string) =>
      group.events.flatMap((event) => (event.eventType === type && event.ruleName ? [event.ruleName + suffix] : []));
    group.ruleNames = [...new Set([...named("rule_triggered", ""), ...named(TESTED_TYPE, " (testing)")])];
  }
  return [...groups.values()];
}

/** One entry of the Dashboard's feed: an order (or checkout, or lone event) with what it broke. */
export interface FeedEntry<E extends GroupableEvent> {
  /** the event the entry shows: the order's worst breach, else its newest event */
  lead: E;
  /** the newest event's time: the feed is the latest first */
  newest: E;
  /** the worst severity among the order's events */
  severity: string;
  /**
   * the names of the rules (and blocks) the order broke, each once, worst first; a protection
   * gap is its own event, not a rule broken, as the Audit Log's row counts them
   */
  brokenRules: string[];
  /** how many events of the order the feed read */
  events: number;
}

/**
 * The Dashboard's "Real-time Monitoring": the latest events (newest first) as one entry per
 * order or checkout, at most `limit` (docs/product.md#dashboard). An order that broke four rules
 * is one entry naming the four, not four entries.
 */
export function feedOf<E extends GroupableEvent & { ruleName?: string | null }>(
  events: readonly E[],
  limit: number,
): FeedEntry<E>[] {
  return groupAuditEvents(events)
    .slice(0, limit)
    .map((group) => {
      const breaches = group.events
        .filter((event) => BREACH_TYPES.has(event.eventType))
        // the worst first; at the same severity, the newest first (the page's order)
        .map((event, index) => ({ event, index }))
        .sort((a, b) => rank(b.event.severity) - rank(a.event.severity) || a.index - b.index)
        .map(({ event }) => event);
      return {
        lead: breaches[0] ?? group.events[0],
        newest: group.events[0],
        severity: group.severity,
        brokenRules: [
          ...new Set(
            breaches.flatMap((event) =>
              event.ruleName && event.eventType !== "protection_gap" ? [event.ruleName] : [],
            ),
          ),
        ],
        events: group.events.length,
      };
    });
}
