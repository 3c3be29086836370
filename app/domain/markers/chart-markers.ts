/**
 * Markers on Shopify's analytics charts (docs/product.md#markers-on-shopifys-charts): which
 * findings become annotations on the shop's charts (a leaked code flagged, a promotion whose worst
 * stack breaks a margin floor going live, a protection layer not protecting), as Shopify takes
 * them (a title of at most 75 characters, a description of at most 150, a supported type), at most
 * MAX_CHART_MARKERS of them, and what a pass changes in Shopify to get from the markers it made
 * to those it wants. Pure: the service reads the findings and calls the Admin API.
 */
import { planHasAlerts, type PlanId } from "../billing/plans";
import { planHasLeakFlags } from "../leaks/code-leaks";
import { formatPercent } from "../money";
import { LAYER_TITLES, type LayerKey } from "../protection/protection-status";

/** Shopify's longest title for an app-created annotation (AnalyticsAnnotationCreateInput.title). */
export const MARKER_TITLE_MAX = 75;
/** Shopify's longest description (AnalyticsAnnotationCreateInput.description). */
export const MARKER_DESCRIPTION_MAX = 150;
/**
 * The annotation type the app's markers take: `other`, among Shopify's supported types for an
 * app-created annotation, for an event that moved the numbers and is neither a campaign nor a launch.
 */
export const MARKER_TYPE = "other";
/**
 * The most markers the app keeps on a shop's charts. Shopify caps the annotations an app may have
 * per shop without publishing the number (LIMIT_REACHED): the app stays well under any cap by
 * keeping its most important and most recent findings.
 */
export const MAX_CHART_MARKERS = 25;
/** The access scope the annotation mutations need. */
export const MARKERS_SCOPE = "write_analytics_annotations";

/** The plans that put markers on Shopify's charts: those with leak flags and alerts. */
export function planHasChartMarkers(plan: PlanId): boolean {
  return planHasLeakFlags(plan) && planHasAlerts(plan);
}

export type MarkerKind = "protection" | "stack" | "leak";

/** A leaked code flagged and still live (not deactivated): its open episode. */
export interface LeakFinding {
  code: string;
  codeKey: string;
  flaggedAt: Date;
  /** the signals that fired, in words (signalInWords) */
  signals: string[];
}

/** The latest preflight's worst stack when it breaks a margin floor. */
export interface StackFinding {
  /** the stack's discounts, by Shopify id: the same stack keeps its marker across runs */
  discountIds: string[];
  /** the stack's parts as the preflight names them (a code, or automatic 'Title') */
  labels: string[];
  /** discount as a percent of the cart's subtotal */
  percent: number;
  /** the margin floors it breaks, by name */
  rules: string[];
  /** when the stack becomes reachable (its latest discount's start) */
  reachableFrom: Date;
}

/** A protection layer not protecting (failing) since `since`. */
export interface ProtectionFinding {
  layer: LayerKey;
  detail: string;
  since: Date;
}

export interface MarkerFindings {
  leaks: LeakFinding[];
  stack: StackFinding | null;
  protection: ProtectionFinding[];
}

/** A marker as Shopify is given it, under the app's own stable key. */
export interface WantedMarker {
  key: string;
  kind: MarkerKind;
  title: string;
  description: string;
  startedAt: Date;
}

/** A marker the app made: its key, Shopify's annotation id and what Shopify was last given. */
export interface MadeMarker {
  key: string;
  annotationId: string;
  title: string;
  description: string | null;
  startedAt: Date;
}

export type MarkerChange =
  | { op: "delete"; made: MadeMarker }
  | { op: "update"; made: MadeMarker; marker: WantedMarker }
  | { op: "create"; marker: WantedMarker };

/** Text cut to `max` characters, an ellipsis ending what was cut; spaces collapsed, as one line. */
export function clampText(text: string, max: number): string {
  const line = text.replace(/\s+/g, " ").trim();
  const chars = [...line];
  return chars.length <= max
    ? line
    : `${chars
        .slice(0, max - 1)
        .join("")
        .trimEnd()}…`;
}

const KIND_ORDER: Record<MarkerKind, number> = { protection: 0, stack: 1, leak: 2 };

function leakMarker(leak: LeakFinding): WantedMarker {
  return {
    key: `leak:${leak.codeKey}:${leak.flaggedAt.getTime()}`,
    kind: "leak",
    title: clampText(`Margin Guardrail: code ${leak.code} probably leaked`, MARKER_TITLE_MAX),
    description: clampText(
      leak.signals.length ? `Flagged: ${leak.signals.join("; ")}` : "Flagged by the leak detector",
      MARKER_DESCRIPTION_MAX,
    ),
    startedAt: leak.flaggedAt,
  };
}

function stackMarker(stack: StackFinding): WantedMarker {
  return {
    key: `stack:${[...stack.discountIds].sort().join(",")}`,
    kind: "stack",
    title: clampText(
      `Margin Guardrail: a ${formatPercent(stack.percent)} discount stack passes your margin floor`,
      MARKER_TITLE_MAX,
    ),
    description: clampText(
      `${stack.labels.join(" + ")} can stack and break ${stack.rules.join(", ")}`,
      MARKER_DESCRIPTION_MAX,
    ),
    startedAt: stack.reachableFrom,
  };
}

function protectionMarker(gap: ProtectionFinding): WantedMarker {
  return {
    key: `protection:${gap.layer}:${gap.since.getTime()}`,
    kind: "protection",
    title: clampText(`Margin Guardrail: ${LAYER_TITLES[gap.layer]} stopped protecting`, MARKER_TITLE_MAX),
    description: clampText(gap.detail, MARKER_DESCRIPTION_MAX),
    startedAt: gap.since,
  };
}

/**
 * The markers the shop's findings call for: one per finding, the protection layers not protecting first, then the
 * margin-floor stack, then the leaks, each kind newest first; at most `max` of them.
 */
export function wantedMarkers(findings: MarkerFindings, max = MAX_CHART_MARKERS): WantedMarker[] {
  const all = [
    ...findings.protection.map(protectionMarker),
    ...(findings.stack && findings.stack.rules.length > 0 ? [stackMarker(findings.stack)] : []),
    ...findings.leaks.map(leakMarker),
  ];
  const unique = [...new Map(all.map((marker) => [marker.key, marker])).values()];
  unique.sort(
    (a, b) =>
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
      b.startedAt.getTime() - a.startedAt.getTime() ||
      a.key.localeCompare(b.key),
  );
  return unique.slice(0, Math.max(0, max));
}

const sameMarker = (made: MadeMarker, marker: WantedMarker) =>
  made.title === marker.title &&
  (made.description ?? "") === marker.description &&
  made.startedAt.getTime() === marker.startedAt.getTime();

/**
 * What a pass changes in Shopify: the made markers no longer wanted deleted (first, so they make
 * room under Shopify's cap), those whose text or date changed updated, the new ones created.
 * Nothing when the made markers are the wanted ones (a second pass is idempotent).
 */
export function markerChanges(wanted: readonly WantedMarker[], made: readonly MadeMarker[]): MarkerChange[] {
  const wantedByKey = new Map(wanted.map((marker) => [marker.key, marker]));
  const madeByKey = new Map(made.map((marker) => [marker.key, marker]));
  const deletes: MarkerChange[] = made
    .filter((marker) => !wantedByKey.has(marker.key))
    .map((marker) => ({ op: "delete", made: marker }));
  const updates: MarkerChange[] = wanted.flatMap((marker): MarkerChange[] => {
    const existing = madeByKey.get(marker.key);
    return existing && !sameMarker(existing, marker) ? [{ op: "update", made: existing, marker }] : [];
  });
  const creates: MarkerChange[] = wanted
    .filter((marker) => !madeByKey.has(marker.key))
    .map((marker) => ({ op: "create", marker }));
  return [...deletes, ...updates, ...creates];
}

/**
 * Whether the shop's markers are put (`on`), taken off (`off`: the merchant turned them off or the
 * plan has none, so every marker made is deleted), or left as they are because Shopify has not
 * granted the scope the mutations need (`no_scope`: no call would be allowed).
 */
export function markersMode(shop: {
  chartMarkers: boolean;
  plan: PlanId;
  scopeGranted: boolean;
}): "on" | "off" | "no_scope" {
  if (!shop.scopeGranted) return "no_scope";
  return shop.chartMarkers && planHasChartMarkers(shop.plan) ? "on" : "off";
}
