/**
 * The admin header's bell (docs/product.md#admin-header): the app's own alerts, the ones it
 * delivered (`alert_sent` events, docs/product.md#decisions, 14), the latest first, and how many
 * the shop has not read. An order is one alert however many of its breaches were delivered, so
 * the bell counts and lists orders; an alert without an order (a leaked code, a preflight) is
 * one alert on its own. Read or unread is the shop's read marker: the time up to which its alerts
 * are read (Shop.alertsReadAt), moved forward when someone opens the bell; alerts older than
 * BELL_WINDOW_DAYS count as read, so a shop that never opened the bell sees its last week.
 */

/** The bell counts the alerts of the last this many days: older ones are never "new". */
export const BELL_WINDOW_DAYS = 7;

/** How many alerts the bell's list shows. */
export const BELL_LATEST = 5;

/** The most unread alerts the bell counts one by one; beyond it the badge says "99+". */
export const BELL_COUNT_CAP = 99;

/** An `alert_sent` audit event, as the bell reads it. */
export interface DeliveredAlert {
  id: string;
  orderId: string | null;
  orderName: string | null;
  ruleName: string | null;
  discountCodes: string[];
  severity: string;
  createdAt: Date;
}

/** One line of the bell's list: an order's alerts (or one alert without an order). */
export interface BellAlert {
  key: string;
  /** what it is about: the order's name, else the code, else "Alert" */
  subject: string;
  /** the rules it names, each once, the latest alert's first */
  rules: string[];
  /** the latest alert's severity */
  severity: string;
  /** when the latest of its alerts was delivered */
  at: Date;
  unread: boolean;
  /** its row in the Audit Log */
  url: string;
}

/** An alert of the bell's list, as the page shows it. */
export interface BellAlertView {
  key: string;
  subject: string;
  rules: string[];
  severity: string;
  /** "Nov 24, 2026, 4:11 PM" in the shop's zone */
  at: string;
  unread: boolean;
  url: string;
}

/** What the header's bell shows. */
export interface AlertBellView {
  /** the badge's text: null with nothing unread */
  badge: string | null;
  /** the bell's name for a screen reader, with the count */
  label: string;
  alerts: BellAlertView[];
  /** the delivery time of the newest alert listed (ISO), sent back when the bell is opened; null with none */
  newestAt: string | null;
  /**
   * unread alerts the list does not show (the badge counts them, and opening the bell marks them
   * read with the rest): the menu says how many and leads to them; "" with none
   */
  moreUnread: string;
}

/** Alerts of one order are one; an alert without an order is one on its own. */
function keyOf(alert: Pick<DeliveredAlert, "id" | "orderId">): string {
  return alert.orderId ? `order:${alert.orderId}` : `event:${alert.id}`;
}

/** The time after which alerts are unread: the read marker, or BELL_WINDOW_DAYS ago if that is later. */
export function unreadAfter(readAt: Date | null, now: Date): Date {
  const window = new Date(now.getTime() - BELL_WINDOW_DAYS * 86_400_000);
  return readAt && readAt.getTime() > window.getTime() ? readAt : window;
}

/** Whether an alert delivered at `at` is unread under the read marker (null: nothing read yet). */
export function isUnread(at: Date, readAt: Date | null): boolean {
  return readAt === null || at.getTime() > readAt.getTime();
}

/**
 * The Audit Log's row of an alert: its order found by name (the search box's order-name search),
 * else its code, else every delivered alert.
 */
export function alertAuditUrl(alert: Pick<DeliveredAlert, "orderName" | "discountCodes">): string {
  const search = alert.orderName ?? alert.discountCodes[0];
  return search ? `/audit-log?${new URLSearchParams({ q: search }).toString()}` : "/audit-log?type=alert_sent";
}

/** The bell's list: `alerts` newest first, one line per order, at most `limit` lines. */
export function latestAlerts(alerts: DeliveredAlert[], readAt: Date | null, limit = BELL_LATEST): BellAlert[] {
  const lines = new Map<string, BellAlert>();
  for (const alert of alerts) {
    const key = keyOf(alert);
    const line = lines.get(key);
    if (line) {
      if (alert.ruleName && !line.rules.includes(alert.ruleName)) line.rules.push(alert.ruleName);
      continue;
    }
    if (lines.size === limit) continue;
    lines.set(key, {
      key,
      subject: alert.orderName ?? (alert.discountCodes[0] ? `Code ${alert.discountCodes[0]}` : "Alert"),
      rules: alert.ruleName ? [alert.ruleName] : [],
      severity: alert.severity,
      at: alert.createdAt,
      unread: isUnread(alert.createdAt, readAt),
      url: alertAuditUrl(alert),
    });
  }
  return [...lines.values()];
}

/** How many alerts are unread: the orders (and alerts without one) delivered after the marker. */
export function unreadCount(
  alerts: Pick<DeliveredAlert, "id" | "orderId" | "createdAt">[],
  readAt: Date | null,
): number {
  return new Set(alerts.filter((alert) => isUnread(alert.createdAt, readAt)).map(keyOf)).size;
}

/**
 * What the bell's badge reads: nothing with none unread, the count, "99+" above the cap, and the
 * count with "+" when more alerts were delivered than were read to count them (`more`).
 */
export function unreadBadge(count: number, more = false): string | null {
  if (count === 0) return null;
  if (count > BELL_COUNT_CAP) return `${BELL_COUNT_CAP}+`;
  return more ? `${count}+` : String(count);
}

/**
 * The unread alerts beyond the list's lines: "9 more new alerts" under five lines when the badge
 * said 14 (with "+" when the count itself was cut short), "" when the list shows every one.
 */
export function moreUnreadText(count: number, listedUnread: number, more = false): string {
  const approximate = more || count > BELL_COUNT_CAP;
  const rest = Math.min(count, BELL_COUNT_CAP) - listedUnread;
  if (rest <= 0) return "";
  return `${rest}${approximate ? "+" : ""} more new alert${rest === 1 && !approximate ? "" : "s"}`;
}

/** The bell's name for a screen reader: the count in words. */
export function bellLabel(count: number, more = false): string {
  if (count === 0) return "Alerts, none unread";
  const shown = unreadBadge(count, more) ?? String(count);
  return `Alerts, ${shown} unread`;
}

/**
 * The read marker once someone has seen the alerts up to `seen` (the newest the bell showed
 * them): it only moves forward, and never past `now`, so an alert delivered after the bell was
 * drawn stays unread.
 */
export function nextReadMarker(current: Date | null, seen: Date, now: Date): Date {
  const upTo = seen.getTime() > now.getTime() ? now : seen;
  return current && current.getTime() >= upTo.getTime() ? current : upTo;
}
