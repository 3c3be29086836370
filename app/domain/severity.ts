/**
 * Severity bands (docs/product.md#rule-semantics): how far a value went past its threshold, relative to
 * the threshold. Defined once here; the UI shows these bands and filters use the order.
 */

export const SEVERITIES = ["low", "medium", "high", "critical"] as const;
export type Severity = (typeof SEVERITIES)[number];

export interface SeverityBand {
  severity: Severity;
  /** lower bound of the overshoot, in percent of the threshold (inclusive) */
  fromPercent: number;
  description: string;
}

export const SEVERITY_BANDS: readonly SeverityBand[] = [
  { severity: "low", fromPercent: 0, description: "up to 10% past the threshold" },
  { severity: "medium", fromPercent: 10, description: "10% to 25% past the threshold" },
  { severity: "high", fromPercent: 25, description: "25% to 50% past the threshold" },
  { severity: "critical", fromPercent: 50, description: "50% or more past the threshold" },
];

export function isSeverity(value: unknown): value is Severity {
  return typeof value === "string" && (SEVERITIES as readonly string[]).includes(value);
}

/**
 * Overshoot in percent of the threshold: 30% discount against a 20% limit is 50.
 * A zero threshold makes any breach critical.
 */
export function overshootPercent(actual: number, threshold: number): number {
  if (threshold === 0) return actual === 0 ? 0 : Infinity;
  return (Math.abs(actual - threshold) / Math.abs(threshold)) * 100;
}

export function severityForOvershoot(percent: number): Severity {
  let result: Severity = "low";
  for (const band of SEVERITY_BANDS) if (percent >= band.fromPercent) result = band.severity;
  return result;
}

export function severityFor(actual: number, threshold: number): Severity {
  return severityForOvershoot(overshootPercent(actual, threshold));
}

/** Severities at or above `minimum`, for the minimum-severity filter. */
export function severitiesAtLeast(minimum: Severity): Severity[] {
  return SEVERITIES.slice(SEVERITIES.indexOf(minimum));
}

/**
 * Stacking breaches are graded by how many discounts one order combined, not by a threshold:
 * the bands the Alerts page and the Audit Log show beside the others, and the minimum-severity
 * filter applies.
 */
export const STACKING_SEVERITY_BANDS: readonly { severity: Severity; fromDiscounts: number; description: string }[] = [
  { severity: "medium", fromDiscounts: 0, description: "up to 2 discounts combined" },
  { severity: "high", fromDiscounts: 3, description: "3 discounts combined" },
  { severity: "critical", fromDiscounts: 4, description: "4 or more discounts combined" },
];

export function stackingSeverity(applications: number): Severity {
  let result: Severity = "medium";
  for (const band of STACKING_SEVERITY_BANDS) if (applications >= band.fromDiscounts) result = band.severity;
  return result;
}

/** The stacking bands in one line, as the pages say them. */
export const STACKING_SEVERITY_TEXT = `Stacking prevention: ${STACKING_SEVERITY_BANDS.map(
  (band) => `${band.severity}, ${band.description}`,
).join("; ")}.`;
