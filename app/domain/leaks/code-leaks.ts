/**
 * The leaked-code detector's rules (docs/product.md#leaked-codes,
 * docs/product.md#leaked-codes). Pure. A code is "probably leaked" when one of the signals below
 * fires; each names its figure and its limit, never a score. Every threshold is here.
 */
import type { FlowCall } from "../actions/order-actions";
import type { PlanId } from "../billing/plans";

/** The thresholds, in one place (documented in docs/product.md#leaked-codes). */
export const LEAK_THRESHOLDS = {
  /** velocity: the last clock hour's uses ≥ this many times the code's own hourly baseline … */
  velocityFactor: 3,
  /** … and at least this many uses in that hour */
  velocityMinUses: 10,
  /** the baseline: the hours before the last one, at most 7 days … */
  baselineHours: 168,
  /** … of which the code must have at least a day: a brand-new code has no baseline, so no velocity signal */
  baselineMinHours: 24,
  /** segment breach: the share of checked orders from outside the segment above this … */
  segmentMaxShare: 0.2,
  /** … with at least this many orders from outside */
  segmentMinOutside: 5,
  /**
   * first-time share: more than this share of orders from first-time customers (with the code
   * rules' new-account rule on, accounts younger than its days count as first-time too) …
   */
  firstTimeMaxShare: 0.8,
  /** … over at least this many orders that said whether they were the customer's first */
  firstTimeMinOrders: 20,
  /** country spread: more distinct shipping countries than this (a code shared abroad) */
  maxCountries: 5,
  /**
   * audience from Shopify's usage limit (no audience size set): uses reached this share of the
   * limit (Shopify stops the code at the limit itself, so "exceeded" never happens) …
   */
  usageLimitShare: 0.9,
  /** … within this many days of the code's first use (from the first use to the latest) … */
  usageLimitDays: 3,
  /** … with at least this many uses, so single-use and small codes never fire */
  usageLimitMinUses: 20,
} as const;

export type LeakSignalName =
  "velocity_spike" | "audience_exceeded" | "segment_breach" | "first_time_share" | "country_spread";

export interface LeakSignal {
  name: LeakSignalName;
  /** what was measured (uses, customers, a share 0..1 or countries) */
  figure: number;
  /** the limit it passed */
  limit: number;
  /** audience_exceeded against Shopify's usage limit (the merchant set no audience size): the limit … */
  usageLimit?: number;
  /** … and the days from the code's first use to its latest */
  days?: number;
}

/** A code's running counts, as kept per code (and added to per batch of orders). */
export interface CodeCounts {
  uses: number;
  customers: number;
  firstKnown: number;
  firstTime: number;
  segmentChecked: number;
  outsideSegment: number;
  countries: number;
}

/** What the rules read of a code: its running counts, its settings and its hourly uses. */
export interface CodeHistory extends CodeCounts {
  firstSeenAt: Date;
  /** the latest use (absent: the time the rules are read at) */
  lastUsedAt?: Date;
  audienceSize: number | null;
  /** Shopify's usage limit of the code's discount (docs/product.md#leaked-codes) */
  usageLimit?: number | null;
  /** uses per clock hour (UTC), keyed by the hour's start in ms */
  hourly: Map<number, number>;
}

const HOUR_MS = 3_600_000;

/** The start of the clock hour (UTC) holding `at`. */
export function hourOf(at: Date): Date {
  return new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
}

/** The velocity signal's figures at `now`: the current hour's uses and the baseline per hour (null: too new). */
export function velocity(history: Pick<CodeHistory, "hourly" | "firstSeenAt">, now: Date) {
  const hour = hourOf(now).getTime();
  const lastHour = history.hourly.get(hour) ?? 0;
  const known = Math.floor((hour - hourOf(history.firstSeenAt).getTime()) / HOUR_MS);
  const hours = Math.min(LEAK_THRESHOLDS.baselineHours, known);
  if (hours < LEAK_THRESHOLDS.baselineMinHours) return { lastHour, baseline: null };
  let before = 0;
  for (let step = 1; step <= hours; step += 1) before += history.hourly.get(hour - step * HOUR_MS) ?? 0;
  return { lastHour, baseline: before / hours };
}

/** Uses in the 24 clock hours up to the one holding `now`. */
export function dailyUses(hourly: Map<number, number>, now: Date): number {
  const hour = hourOf(now).getTime();
  let sum = 0;
  for (let step = 0; step < 24; step += 1) sum += hourly.get(hour - step * HOUR_MS) ?? 0;
  return sum;
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/** The signals that fire for a code at `now` (empty: not suspected). */
export function leakSignals(history: CodeHistory, now: Date): LeakSignal[] {
  const t = LEAK_THRESHOLDS;
  const signals: LeakSignal[] = [];
  const { lastHour, baseline } = velocity(history, now);
  if (baseline !== null) {
    const limit = Math.max(t.velocityMinUses, t.velocityFactor * baseline);
    if (lastHour >= limit) signals.push({ name: "velocity_spike", figure: lastHour, limit: round(limit) });
  }
  const audience = audienceSignal(history, now);
  if (audience) signals.push(audience);
  if (history.segmentChecked > 0 && history.outsideSegment >= t.segmentMinOutside) {
    const share = history.outsideSegment / history.segmentChecked;
    if (share > t.segmentMaxShare)
      signals.push({ name: "segment_breach", figure: round(share), limit: t.segmentMaxShare });
  }
  if (history.firstKnown >= t.firstTimeMinOrders) {
    const share = history.firstTime / history.firstKnown;
    if (share > t.firstTimeMaxShare)
      signals.push({ name: "first_time_share", figure: round(share), limit: t.firstTimeMaxShare });
  }
  if (history.countries > t.maxCountries)
    signals.push({ name: "country_spread", figure: history.countries, limit: t.maxCountries });
  return signals;
}

/**
 * Audience exceeded: the merchant's audience size when set (uses or customers above it), else
 * Shopify's usage limit as the intended audience: uses reached 90 % of it within 3 days of the
 * first use (Shopify stops a code at its limit, so burning through it fast is what a leak does).
 */
function audienceSignal(history: CodeHistory, now: Date): LeakSignal | null {
  if (history.audienceSize !== null) {
    const figure = Math.max(history.uses, history.customers);
    return figure > history.audienceSize ? { name: "audience_exceeded", figure, limit: history.audienceSize } : null;
  }
  const usageLimit = history.usageLimit ?? null;
  if (usageLimit === null || usageLimit <= 0) return null;
  const t = LEAK_THRESHOLDS;
  const limit = Math.ceil(usageLimit * t.usageLimitShare);
  const latest = history.lastUsedAt ?? now;
  const days = Math.max(0, latest.getTime() - history.firstSeenAt.getTime()) / (24 * HOUR_MS);
  if (history.uses < t.usageLimitMinUses || history.uses < limit || days > t.usageLimitDays) return null;
  return { name: "audience_exceeded", figure: history.uses, limit, usageLimit, days: Math.round(days * 10) / 10 };
}

const percent = (share: number) => `${Math.round(share * 100)} %`;
const dayCount = (days: number) => (days === 1 ? "1 day" : `${days} days`);

/** A signal in words, as the page, the API's consumers and the alert say it. */
export function signalInWords(signal: LeakSignal): string {
  switch (signal.name) {
    case "velocity_spike":
      return `velocity spike: ${signal.figure} uses in the last hour (limit ${signal.limit})`;
    case "audience_exceeded":
      return signal.usageLimit === undefined
        ? `audience exceeded: ${signal.figure} uses or customers for an audience of ${signal.limit}`
        : `audience exceeded: ${signal.figure} uses in ${dayCount(signal.days ?? 0)} since the first use, ${percent(signal.figure / signal.usageLimit)} of Shopify's usage limit of ${signal.usageLimit} (limit ${percent(LEAK_THRESHOLDS.usageLimitShare)} within ${dayCount(LEAK_THRESHOLDS.usageLimitDays)})`;
    case "segment_breach":
      return `segment breach: ${percent(signal.figure)} of orders from outside the segment (limit ${percent(signal.limit)})`;
    case "first_time_share":
      return `first-time customers: ${percent(signal.figure)} of orders (limit ${percent(signal.limit)})`;
    case "country_spread":
      return `country spread: shipped to ${signal.figure} countries (limit ${signal.limit})`;
  }
}

/** The audit event's message: the code and the signals that fired. */
export function leakMessage(code: string, signals: LeakSignal[]): string {
  return `Code ${code} probably leaked: ${signals.map(signalInWords).join("; ")}`;
}

/** The severity of a flag: high when the audience is exceeded or two signals fire, else medium. */
export function leakSeverity(signals: LeakSignal[]): "medium" | "high" {
  return signals.length > 1 || signals.some((signal) => signal.name === "audience_exceeded") ? "high" : "medium";
}

/** Segment tags as stored: lower case, trimmed, deduplicated, comma-separated (null: no segment). */
export function normalizeSegmentTags(tags: string[]): string | null {
  const clean = [...new Set(tags.map((tag) => tag.trim().toLowerCase()).filter(Boolean))];
  return clean.length > 0 ? clean.join(",") : null;
}

/** Whether a customer with these tags is outside the segment (null: the code has no segment). */
export function outsideSegment(segmentTags: string | null, customerTags: string[]): boolean | null {
  if (!segmentTags) return null;
  const wanted = new Set(segmentTags.split(","));
  return !customerTags.some((tag) => wanted.has(tag.trim().toLowerCase()));
}

/** What the detector reads of an order payload, leniently: an odd value is unknown, never refused. */
export interface LeakInputs {
  /** the customer's first order (orders_count 1), null when the payload does not say */
  firstOrder: boolean | null;
  /**
   * the customer's account age when the order was placed, in ms (the order's created_at less the
   * customer's); null or absent: a guest, or either time missing or unreadable
   */
  accountAgeMs?: number | null;
  customerTags: string[];
  /** the shipping address's ISO country code */
  country: string | null;
}

export function leakInputsOf(order: {
  created_at?: string;
  customer?: { tags?: string[]; orders_count?: unknown; created_at?: unknown } | null;
  shipping_address?: unknown;
}): LeakInputs {
  const count = order.customer?.orders_count;
  const address = order.shipping_address as { country_code?: unknown } | null | undefined;
  const code = address && typeof address === "object" ? address.country_code : null;
  const opened = typeof order.customer?.created_at === "string" ? Date.parse(order.customer.created_at) : Number.NaN;
  const placed = typeof order.created_at === "string" ? Date.parse(order.created_at) : Number.NaN;
  const age = placed - opened;
  return {
    firstOrder: typeof count === "number" && Number.isInteger(count) && count >= 0 ? count <= 1 : null,

    customerTags: (order.customer?.tags ?? []).slice(0, 250).map((tag) => tag.slice(0, 40)),
    country: typeof code === "string" && /^[A-Za-z]{2}$/.test(code) ? code.toUpperCase() : null,
    // kept only when known: the order facts stay as they were for guests and older payloads
    ...(Number.isFinite(age) && age >= 0 ? { accountAgeMs: age } : {}),
  };
}

const DAY_MS = 86_400_000;

/**
 * Whether an order counts as a first-time customer's in the first-time share
 * (docs/product.md#leaked-codes): the customer's first order, or, with the code rules'
 * new-account rule on (`newAccountDays`), an account younger than that many days when it ordered,
 * as the code rules Function judges it (exactly that many days old is not new). null: not known
 * (the order is left out of the share). A guest has no account and stays as the payload says.
 */
export function firstTimeOrder(leak: LeakInputs | undefined, newAccountDays: number | null): boolean | null {
  if (!leak) return null;
  if (leak.firstOrder === true) return true;
  const age = leak.accountAgeMs ?? null;
  if (newAccountDays !== null && age !== null && age < newAccountDays * DAY_MS) return true;
  return leak.firstOrder;
}

/** Flags, their alerts and the deactivate button are Core and Plus; counts are kept on every plan. */
export function planHasLeakFlags(plan: PlanId): boolean {
  return plan === "core" || plan === "plus";
}

/**
 * The Shopify Flow trigger of a leak flag (extensions/discount-code-leaked,
 * docs/product.md#leaked-codes): a trigger of its own beside
 * "Margin rule breached", which needs an order; a flag has none.
 */
export const LEAK_FLOW_TRIGGER = { handle: "discount-code-leaked", name: "Discount code probably leaked" } as const;

/** What the trigger says of a flagged code. */
export interface LeakFlowFacts {
  code: string;
  codeKey: string;
  signals: LeakSignal[];
  uses: number;
  customers: number;
  firstSeenAt: Date;
  audienceSize: number | null;
  usageLimit: number | null;
  /** the code's discount in Shopify (gid), when the discount sync knows it */
  discountId: string | null;
  /** when the flag was raised: one trigger per flag */
  flaggedAt: Date;
}

/** The trigger's payload, keyed as the extension's fields; 0 and "" stand for "not set". */
export function leakFlowPayload(facts: LeakFlowFacts): Record<string, string | number> {
  return {
    "Discount code": facts.code,
    Signals: facts.signals.map(signalInWords).join("; ").slice(0, 1000),
    "Signal names": facts.signals.map((signal) => signal.name).join(", "),
    Uses: facts.uses,
    Customers: facts.customers,
    "First use": facts.firstSeenAt.toISOString(),
    "Audience size": facts.audienceSize ?? 0,
    "Usage limit": facts.usageLimit ?? 0,
    Severity: leakSeverity(facts.signals),
    "Discount ID": facts.discountId ?? "",
  };
}

/** The trigger's call as the outbox keeps it: made once per flag (its key), recorded as flow_triggered. */
export function leakFlowCall(facts: LeakFlowFacts): FlowCall {
  return {
    handle: LEAK_FLOW_TRIGGER.handle,
    name: LEAK_FLOW_TRIGGER.name,
    subject: `code ${facts.code}`,
    key: `code_leak|${facts.codeKey}|${facts.flaggedAt.getTime()}`,
    payload: leakFlowPayload(facts),
  };
}
