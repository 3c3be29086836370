/**
 * One alert per order and channel (docs/product.md#alerts): the breaches one evaluation of an
 * order records (every rule it breaks, a protection gap) become one alert that names each of
 * them, headed by the worst. A breach the order was already alerted about (the same rule, or the
 * same block, before an edit) is not told again. Pure.
 */
import { SEVERITIES } from "../severity";
import type { AlertBreach, AlertEvent } from "./alert-event";

/** What identifies a breach of an order across its evaluations, whatever its figures. */
export interface BreachIdentity {
  eventType: string;
  ruleId?: string | null;
  ruleKey?: string | null;
  details?: unknown;
}

/**
 * "rule|<rule id>" for a rule's breach, "protection_gap|<block>" for a gap, else the event's type
 * and rule: an edited order that breaks the same rule again is the same breach.
 */
export function breachKeyOf(event: BreachIdentity): string {
  if (event.eventType === "rule_triggered" && event.ruleId) return `rule|${event.ruleId}`;
  const details = (event.details ?? {}) as { blocked_by?: unknown };
  if (event.eventType === "protection_gap") {
    return `protection_gap|${typeof details.blocked_by === "string" ? details.blocked_by : (event.ruleKey ?? "")}`;
  }
  return `${event.eventType}|${event.ruleId ?? event.ruleKey ?? ""}`;
}

/** One breach of an order as planned: its event's dedupe key, its identity and what its alert says. */
export interface PlannedBreach {
  eventKey: string;
  breachKey: string;
  event: Omit<AlertEvent, "id" | "breaches">;
}

function rank(breach: Pick<AlertEvent, "severity" | "overLimitCents">): [number, number] {
  return [SEVERITIES.indexOf(breach.severity), breach.overLimitCents ?? 0];
}

/** Worst first: the higher severity, then the larger overage; otherwise as planned. */
export function worstFirst<T extends { event: Pick<AlertEvent, "severity" | "overLimitCents"> }>(
  breaches: readonly T[],
): T[] {
  return breaches
    .map((breach, index) => ({ breach, index }))
    .sort((a, b) => {
      const [left, right] = [rank(a.breach.event), rank(b.breach.event)];
      return right[0] - left[0] || right[1] - left[1] || a.index - b.index;
    })
    .map(({ breach }) => breach);
}

/**
 * The breaches of one evaluation still to tell: those recorded now (their event ids known) and
 * not told before (`told`: the order's breach keys already alerted), worst first.
 */
export function breachesToTell<T extends { eventKey: string; breachKey: string }>(
  breaches: readonly T[],
  recorded: ReadonlyMap<string, string>,
  told: ReadonlySet<string>,
): (T & { id: string })[] {
  return breaches.flatMap((breach) => {
    const id = recorded.get(breach.eventKey);
    return id && !told.has(breach.breachKey) ? [{ ...breach, id }] : [];
  });
}

/**
 * The alert of an order's breaches (worst first): the worst breach's fields at the top (its id is
 * the alert's event, what a single-breach alert always said) and every breach listed.
 */
export function orderAlertOf(breaches: readonly (PlannedBreach & { id: string })[]): AlertEvent {
  if (breaches.length === 0) throw new Error("An order's alert needs at least one breach");
  const [worst] = breaches;
  return {
    ...worst.event,
    id: worst.id,
    breaches: breaches.map(({ id, breachKey, event }) => breachOf(id, breachKey, event)),
  };
}

/** One breach as an alert names it. */
function breachOf(id: string, key: string, event: Omit<AlertEvent, "id" | "breaches">): AlertBreach {
  return {
    id,
    key,
    severity: event.severity,
    message: event.message,
    ruleName: event.ruleName,
    threshold: event.threshold,
    discountPercent: event.discountPercent,
    overLimitCents: event.overLimitCents,
    ...(event.gap ? { gap: event.gap } : {}),
  };
}

/** The breaches an alert names: its list, or the alert itself (an alert queued before lists). */
export function breachesOf(event: AlertEvent): AlertBreach[] {
  if (event.breaches && event.breaches.length > 0) return event.breaches;
  return [breachOf(event.id, "", event)];
}

/**
 * An alert as the breaches it names, each a whole AlertEvent with the order's facts: what a
 * digest counts (by rule, by severity, the worst), so an order's alert held for a digest counts
 * every rule it broke.
 */
export function breachEventsOf<E extends AlertEvent>(event: E): E[] {
  if (!event.breaches || event.breaches.length === 0) return [event];
  return event.breaches.map((breach) => {
    const { key: _key, ...fields } = breach;
    void _key;
    const single = { ...event, ...fields, gap: breach.gap } as E;
    delete single.breaches;
    if (!breach.gap) delete single.gap;
    return single;
  });
}
