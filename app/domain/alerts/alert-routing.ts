/**
 * Which channels a breach goes to, and when (docs/product.md#alerts): only on a plan with
 * alerts, only at or above the minimum severity, on each channel turned on. Immediate alerts
 * are due now; in the quiet hours they are held, and released as one digest when the quiet
 * hours end. Hourly and daily ones are held for the digest of their period
 * (app/domain/alerts/alert-digest.ts).
 * Pure: the time is passed in.
 */
import { digestReleaseAt, type HeldFor } from "./alert-digest";
import { planHasAlerts, type PlanId } from "../billing/plans";
import { inQuietHours, quietHoursEnd, type QuietHours } from "./quiet-hours";
import { SEVERITIES, type Severity } from "../severity";

export type AlertChannel = "email" | "slack" | "webhook";

export interface AlertPreferences {
  /** a channel counts only when it is on and has somewhere to send to */
  emailEnabled: boolean;
  slackEnabled: boolean;
  webhookEnabled: boolean;
  minSeverity: Severity;
  frequency: "immediate" | "hourly" | "daily";
  quietHours: QuietHours | null;
  timeZone: string;
}

export interface PlannedDelivery {
  channel: AlertChannel;
  /** pending: the worker sends it at nextAttemptAt; held: it goes in the digest released at nextAttemptAt */
  status: "pending" | "held";
  nextAttemptAt: Date;
  /** why it is held */
  heldFor?: HeldFor;
}

export function meetsMinimum(severity: Severity, minimum: Severity): boolean {
  return SEVERITIES.indexOf(severity) >= SEVERITIES.indexOf(minimum);
}

export function plannedDeliveries(
  severity: Severity,
  preferences: AlertPreferences | null,
  plan: PlanId,
  now: Date,
): PlannedDelivery[] {
  if (!preferences || !planHasAlerts(plan) || !meetsMinimum(severity, preferences.minSeverity)) return [];
  const channels = (
    [
      ["email", preferences.emailEnabled],
      ["slack", preferences.slackEnabled],
      ["webhook", preferences.webhookEnabled],
    ] as const
  )
    .filter(([, enabled]) => enabled)
    .map(([channel]) => channel);
  const { frequency, quietHours, timeZone } = preferences;
  if (frequency !== "immediate") {
    const release = digestReleaseAt(frequency, now, timeZone, quietHours);
    return channels.map((channel) => ({ channel, status: "held", nextAttemptAt: release, heldFor: frequency }));
  }
  if (quietHours && inQuietHours(quietHours, now, timeZone)) {
    const release = quietHoursEnd(quietHours, now, timeZone);
    return channels.map((channel) => ({ channel, status: "held", nextAttemptAt: release, heldFor: "quiet_hours" }));
  }
  return channels.map((channel) => ({ channel, status: "pending", nextAttemptAt: now }));
}
