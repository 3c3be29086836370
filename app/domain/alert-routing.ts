/**
 * Which channels a breach goes to, and when (docs/product.md#alerts): only on a plan with
 * alerts, only at or above the minimum severity, on each channel turned on. Immediate alerts
 * are due now, or when the quiet hours end; hourly and daily ones are held for their digest.
 * Pure: the time is passed in.
 */
import { planHasAlerts, type PlanId } from "./plans";
import { inQuietHours, quietHoursEnd, type QuietHours } from "./quiet-hours";
import { SEVERITIES, type Severity } from "./severity";

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
  /** pending: the worker sends it at nextAttemptAt; held: it waits for its digest */
  status: "pending" | "held";
  nextAttemptAt: Date;
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
  if (preferences.frequency !== "immediate") {
    return channels.map((channel) => ({ channel, status: "held", nextAttemptAt: now }));
  }
  const quiet = preferences.quietHours && inQuietHours(preferences.quietHours, now, preferences.timeZone);
  const due = quiet ? quietHoursEnd(preferences.quietHours!, now, preferences.timeZone) : now;
  return channels.map((channel) => ({ channel, status: "pending", nextAttemptAt: due }));
}
