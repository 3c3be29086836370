/**
 * What an alert says, in the merchant's words, for each channel (docs/product.md#alerts): the
 * order, its codes, the discount and its share, the rule and its threshold, the severity,
 * and links to the order in the Shopify admin and to the event in the Audit Log. Pure.
 */
import { formatCents, formatPercent } from "./money";
import { SEVERITY_BANDS, type Severity } from "./severity";

export interface AlertEvent {
  id: string;
  severity: Severity;
  message: string;
  orderId: string | null;
  orderName: string | null;
  discountCodes: string[];
  discountPercent: number | null;
  totalDiscountCents: number | null;
  currency: string;
  ruleName: string | null;
  threshold: number | null;
  createdAt: Date;
}

export interface Alert {
  /** the outbox row's id: the idempotency key receivers use to drop a repeated delivery */
  id: string;
  shopDomain: string;
  event: AlertEvent;
  /** a test sent from the Alerts page */
  test?: boolean;
}

/** `https://admin.shopify.com/store/<handle>/orders/<id>` for an order's GID or id. */
export function orderAdminUrl(shopDomain: string, orderId: string | null): string | null {
  const handle = shopDomain.replace(/\.myshopify\.com$/, "");
  const id = orderId?.match(/(\d+)$/)?.[1];
  return id ? `https://admin.shopify.com/store/${handle}/orders/${id}` : null;
}

export function auditLogUrl(appUrl: string, event: Pick<AlertEvent, "orderName">): string {
  const url = new URL("/audit-log", appUrl);
  if (event.orderName) url.searchParams.set("q", event.orderName);
  return url.toString();
}

function severityLabel(severity: Severity): string {
  const band = SEVERITY_BANDS.find((entry) => entry.severity === severity);
  return band ? `${severity} (${band.description})` : severity;
}

/** The facts as label and value, in the order every channel shows them. */
export function alertFacts(alert: Alert): [string, string][] {
  const event = alert.event;
  return [
    ["Order", event.orderName ?? "—"],
    ["Discount codes", event.discountCodes.length > 0 ? event.discountCodes.join(", ") : "none"],
    [
      "Discount",
      [
        event.totalDiscountCents === null ? null : formatCents(event.totalDiscountCents, event.currency),
        event.discountPercent === null ? null : `${formatPercent(event.discountPercent)} of the subtotal`,
      ]
        .filter(Boolean)
        .join(", ") || "—",
    ],
    [
      "Rule",
      event.ruleName ? `${event.ruleName}${event.threshold === null ? "" : ` (threshold ${event.threshold})`}` : "—",
    ],
    ["Severity", severityLabel(event.severity)],
  ];
}

export function alertSubject(alert: Alert): string {
  const prefix = alert.test ? "[Test] " : "";
  return `${prefix}Margin Guardrail: ${alert.event.severity} breach on order ${alert.event.orderName ?? "?"}`;
}

export function alertText(alert: Alert, appUrl: string): string {
  const admin = orderAdminUrl(alert.shopDomain, alert.event.orderId);
  return [
    alert.test ? "This is a test alert from Margin Guardrail: your alerts reach this address." : "",
    alert.event.message,
    "",
    ...alertFacts(alert).map(([label, value]) => `${label}: ${value}`),
    "",
    ...(admin ? [`Order in Shopify: ${admin}`] : []),
    `Audit Log: ${auditLogUrl(appUrl, alert.event)}`,
  ]
    .filter((line, index) => index > 0 || line !== "")
    .join("\n");
}

/** Slack's Block Kit: a header, the message, the facts as fields, and the links as buttons. */
export function alertSlackMessage(alert: Alert, appUrl: string, channel: string) {
  const admin = orderAdminUrl(alert.shopDomain, alert.event.orderId);
  return {
    channel,
    text: `${alertSubject(alert)}: ${alert.event.message}`,
    blocks: [
      { type: "header", text: { type: "plain_text", text: alertSubject(alert).slice(0, 150) } },
      { type: "section", text: { type: "mrkdwn", text: alert.event.message.slice(0, 3000) } },
      {
        type: "section",
        fields: alertFacts(alert).map(([label, value]) => ({
          type: "mrkdwn",
          text: `*${label}*\n${value}`.slice(0, 2000),
        })),
      },
      {
        type: "actions",
        elements: [
          ...(admin ? [{ type: "button", text: { type: "plain_text", text: "Open the order" }, url: admin }] : []),
          {
            type: "button",
            text: { type: "plain_text", text: "Open the Audit Log" },
            url: auditLogUrl(appUrl, alert.event),
          },
        ],
      },
    ],
  };
}

/** The JSON body of an outgoing webhook. */
export function alertWebhookBody(alert: Alert, appUrl: string) {
  const event = alert.event;
  return {
    id: alert.id,
    type: alert.test ? "alert.test" : "alert.rule_breached",
    shop: alert.shopDomain,
    created_at: event.createdAt.toISOString(),
    severity: event.severity,
    message: event.message,
    order: { id: event.orderId, name: event.orderName, admin_url: orderAdminUrl(alert.shopDomain, event.orderId) },
    discount_codes: event.discountCodes,
    discount_percent: event.discountPercent,
    total_discount: event.totalDiscountCents === null ? null : (event.totalDiscountCents / 100).toFixed(2),
    currency: event.currency,
    rule: { name: event.ruleName, threshold: event.threshold },
    audit_log_url: auditLogUrl(appUrl, event),
  };
}

/** The alert a test button sends: a realistic breach, marked as a test. */
export function testAlert(id: string, shopDomain: string, at: Date): Alert {
  return {
    id,
    shopDomain,
    test: true,
    event: {
      id: `test-${id}`,
      severity: "high",
      message: "Order #1001 took 42.0% off, above the 30% limit (a test alert)",
      orderId: null,
      orderName: "#1001",
      discountCodes: ["WELCOME20", "SUMMER25"],
      discountPercent: 42,
      totalDiscountCents: 5_040,
      currency: "USD",
      ruleName: "Max 30% off any order",
      threshold: 30,
      createdAt: at,
    },
  };
}
