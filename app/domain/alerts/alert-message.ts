/**
 * What an alert says, in the merchant's words, for each channel (docs/product.md#alerts): the
 * order, its codes, the discount and its share, every rule it broke with its threshold (one alert
 * per order, order-alert.ts), the worst severity, and links to the order in the Shopify admin and
 * to the order in the Audit Log. Pure.
 */
import type { Digest, DigestEntry, HeldFor } from "./alert-digest";
import {
  ALERT_ID_HEADER,
  SLACK_METADATA_TYPE,
  alertMessageId,
  messageIdDomain,
  slackIdLine,
  type AlertKind,
} from "./alert-identity";
import { formatShopDateTime } from "../dates";
import { centsToDecimal, formatCents, formatPercent } from "../money";
import { SEVERITIES, SEVERITY_BANDS, type Severity } from "../severity";
import type { AlertBreach, AlertEvent } from "./alert-event";
import { breachesOf } from "./order-alert";

export type { AlertEvent } from "./alert-event";

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

type Discounted = Pick<AlertEvent, "totalDiscountCents" | "discountPercent" | "currency">;

/** "$50.40, 42.0%" (the percent followed by `percentSuffix`); empty when neither is known. */
function discountText(breach: Discounted, percentSuffix = ""): string {
  return [
    breach.totalDiscountCents === null ? null : formatCents(breach.totalDiscountCents, breach.currency),
    breach.discountPercent === null ? null : `${formatPercent(breach.discountPercent)}${percentSuffix}`,
  ]
    .filter(Boolean)
    .join(", ");
}

/** A breach's fields in a webhook body: the same for one alert and for each of a digest's worst. */
function webhookBreach(breach: Omit<DigestEntry, "id" | "createdAt" | "overLimitCents">, shopDomain: string) {
  return {
    severity: breach.severity,
    message: breach.message,
    order: { id: breach.orderId, name: breach.orderName, admin_url: orderAdminUrl(shopDomain, breach.orderId) },
    discount_codes: breach.discountCodes,
    discount_percent: breach.discountPercent,
    total_discount: breach.totalDiscountCents === null ? null : centsToDecimal(breach.totalDiscountCents),
    currency: breach.currency,
    rule: { name: breach.ruleName, threshold: breach.threshold },
    ...(breach.gap ? { protection_gap: breach.gap } : {}),
  };
}

function ruleText(breach: Pick<AlertBreach, "ruleName" | "threshold">): string | null {
  return breach.ruleName
    ? `${breach.ruleName}${breach.threshold === null ? "" : ` (threshold ${breach.threshold})`}`
    : null;
}

/** The facts as label and value, in the order every channel shows them. */
export function alertFacts(alert: Alert): [string, string][] {
  const event = alert.event;
  const breaches = breachesOf(event);
  const rules = breaches.map(ruleText).filter((text): text is string => Boolean(text));
  // a protection gap says why the block did not hold and what to do (docs/product.md#protection-gaps)
  const gap = event.gap ?? breaches.find((breach) => breach.gap)?.gap;
  return [
    ["Order", event.orderName ?? "—"],
    ["Discount codes", event.discountCodes.length > 0 ? event.discountCodes.join(", ") : "none"],
    ["Discount", discountText(event, " of the subtotal") || "—"],
    breaches.length > 1 ? ["Rules", rules.length > 0 ? rules.join("; ") : "—"] : ["Rule", rules[0] ?? "—"],
    [breaches.length > 1 ? "Worst severity" : "Severity", severityLabel(event.severity)],
    ...(gap
      ? ([
          ["Why the block did not hold", gap.why || "—"],
          ["What to do", gap.fix || "—"],
        ] as [string, string][])
      : []),
  ];
}

/** What happened, in words: the breach's message, or each breach of the order on a line of its own. */
export function alertSummary(event: AlertEvent): string[] {
  const breaches = breachesOf(event);
  if (breaches.length <= 1) return [event.message];
  return [
    `Order ${event.orderName ?? "?"}: ${breaches.length} breaches, the worst first:`,
    ...breaches.map((breach) => `- ${breach.message} (${breach.severity})`),
  ];
}

export function alertSubject(alert: Alert): string {
  const prefix = alert.test ? "[Test] " : "";
  const breaches = breachesOf(alert.event).length;
  const order = alert.event.orderName ?? "?";
  if (breaches > 1)
    return `${prefix}Margin Guardrail: ${breaches} breaches on order ${order}, worst ${alert.event.severity}`;
  const what = alert.event.gap ? "protection gap" : "breach";
  return `${prefix}Margin Guardrail: ${alert.event.severity} ${what} on order ${order}`;
}

export function alertText(alert: Alert, appUrl: string): string {
  const admin = orderAdminUrl(alert.shopDomain, alert.event.orderId);
  return [
    alert.test ? "This is a test alert from Margin Guardrail: your alerts reach this address." : "",
    ...alertSummary(alert.event),
    "",
    ...alertFacts(alert).map(([label, value]) => `${label}: ${value}`),
    "",
    ...(admin ? [`Order in Shopify: ${admin}`] : []),
    `Audit Log: ${auditLogUrl(appUrl, alert.event)}`,
  ]
    .filter((line, index) => index > 0 || line !== "")
    .join("\n");
}

/**
 * The last line of every Slack message: "Alert {id}", in small print. Incoming webhooks have no
 * idempotency key, so a message posted again after a crash shows the same line as the first.
 */
function slackIdBlock(kind: AlertKind, id: string) {
  return { type: "context", elements: [{ type: "plain_text", text: slackIdLine(kind, id) }] };
}

/** The id for apps in the workspace (Slack's message metadata), beside the line people read. */
function slackMetadata(kind: AlertKind, id: string) {
  return { event_type: SLACK_METADATA_TYPE, event_payload: { kind, alert_id: id } };
}

/**
 * Slack's Block Kit: a header, the message, the facts as fields, the links as buttons, and the
 * alert's id.
 */
export function alertSlackMessage(alert: Alert, appUrl: string, channel: string) {
  const admin = orderAdminUrl(alert.shopDomain, alert.event.orderId);
  return {
    channel,
    text: `${alertSubject(alert)}: ${alert.event.message}`,
    blocks: [
      { type: "header", text: { type: "plain_text", text: alertSubject(alert).slice(0, 150) } },
      { type: "section", text: { type: "mrkdwn", text: alertSummary(alert.event).join("\n").slice(0, 3000) } },
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
      slackIdBlock("alert", alert.id),
    ],
    metadata: slackMetadata("alert", alert.id),
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
    ...webhookBreach(event, alert.shopDomain),
    // every breach of the order, worst first (the first is the fields above)
    breaches: breachesOf(event).map((breach) => ({
      id: breach.id,
      severity: breach.severity,
      message: breach.message,
      discount_percent: breach.discountPercent,
      over_limit: breach.overLimitCents === null ? null : centsToDecimal(breach.overLimitCents),
      rule: { name: breach.ruleName, threshold: breach.threshold },
      ...(breach.gap ? { protection_gap: breach.gap } : {}),
    })),
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
      overLimitCents: 1_440,
      currency: "USD",
      ruleName: "Max 30% off any order",
      threshold: 30,
      createdAt: at,
    },
  };
}

/** A digest on its way: the outbox row's id is its idempotency key too. */
export interface DigestAlert {
  id: string;
  shopDomain: string;
  digest: Digest;
}

export type Outgoing = Alert | DigestAlert;

export function isDigestAlert(outgoing: Outgoing): outgoing is DigestAlert {
  return "digest" in outgoing;
}

const HELD_FOR: Record<HeldFor, string> = {
  hourly: "hourly digest",
  daily: "daily digest",
  quiet_hours: "held during your quiet hours",
};

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : word.endsWith("h") ? "es" : "s"}`;
}

export function digestSubject(alert: DigestAlert): string {
  const { digest } = alert;
  const critical = digest.bySeverity.critical > 0 ? ` (${digest.bySeverity.critical} critical)` : "";
  return `Margin Guardrail: ${plural(digest.total, "breach")}${critical}, ${HELD_FOR[digest.heldFor]}`;
}

function digestPeriod(digest: Digest): string {
  const zone = { timeZone: digest.timeZone };
  return `${formatShopDateTime(digest.from, zone)} to ${formatShopDateTime(digest.to, zone)} (${digest.timeZone})`;
}

function moneyText(totals: { currency: string; cents: number }[]): string {
  const counted = totals.filter((entry) => entry.cents > 0);
  return counted.length > 0 ? counted.map((entry) => formatCents(entry.cents, entry.currency)).join(", ") : "—";
}

function entryLine(entry: DigestEntry, shopDomain: string): string {
  const admin = orderAdminUrl(shopDomain, entry.orderId);
  const discount = discountText(entry);
  return `${entry.severity.toUpperCase()} · ${entry.orderName ?? "?"} · ${entry.ruleName ?? "—"}${discount ? ` · ${discount}` : ""}${
    entry.discountCodes.length > 0 ? ` · ${entry.discountCodes.join(", ")}` : ""
  }${admin ? ` · ${admin}` : ""}`;
}

/** The digest's facts as label and value. */
export function digestFacts(digest: Digest): [string, string][] {
  return [
    ["Period", digestPeriod(digest)],
    ["Breaches", String(digest.total)],
    [
      "By severity",
      SEVERITIES.filter((severity) => digest.bySeverity[severity] > 0)
        .reverse()
        .map((severity) => `${severity} ${digest.bySeverity[severity]}`)
        .join(", "),
    ],
    // as the ROI counts them (docs/product.md#what-the-figures-count); older digests had no saved
    ...(digest.saved
      ? [["Saved: held orders then cancelled or edited down", moneyText(digest.saved)] as [string, string]]
      : []),
    ["Flagged: discount over the limits, each order once", moneyText(digest.overLimit)],
  ];
}

export function digestText(alert: DigestAlert, appUrl: string): string {
  const { digest } = alert;
  return [
    `${plural(digest.total, "breach")} of your discount rules, ${HELD_FOR[digest.heldFor]}.`,
    "",
    ...digestFacts(digest).map(([label, value]) => `${label}: ${value}`),
    "",
    "By rule:",
    ...digest.byRule.map((entry) => `  ${entry.rule}: ${entry.count}`),
    "",
    `The worst ${digest.worst.length}:`,
    ...digest.worst.map((entry) => `  ${entryLine(entry, alert.shopDomain)}`),
    "",
    `Audit Log: ${new URL("/audit-log", appUrl).toString()}`,
  ].join("\n");
}

export function digestSlackMessage(alert: DigestAlert, appUrl: string, channel: string) {
  const { digest } = alert;
  const subject = digestSubject(alert);
  return {
    channel,
    text: subject,
    blocks: [
      { type: "header", text: { type: "plain_text", text: subject.slice(0, 150) } },
      {
        type: "section",
        fields: digestFacts(digest).map(([label, value]) => ({
          type: "mrkdwn",
          text: `*${label}*\n${value}`.slice(0, 2000),
        })),
      },
      {
        type: "section",
        text: {
          type: "mrkdwn",
          text: `*By rule*\n${digest.byRule.map((entry) => `• ${entry.rule}: ${entry.count}`).join("\n")}`.slice(
            0,
            3000,
          ),
        },
      },
      {
        type: "section",
        text: {
          type: "mrkdwn",
          text: `*The worst ${digest.worst.length}*\n${digest.worst
            .map((entry) => `• ${entryLine(entry, alert.shopDomain)}`)
            .join("\n")}`.slice(0, 3000),
        },
      },
      {
        type: "actions",
        elements: [
          {
            type: "button",
            text: { type: "plain_text", text: "Open the Audit Log" },
            url: new URL("/audit-log", appUrl).toString(),
          },
        ],
      },
      slackIdBlock("digest", alert.id),
    ],
    metadata: slackMetadata("digest", alert.id),
  };
}

export function digestWebhookBody(alert: DigestAlert, appUrl: string) {
  const { digest } = alert;
  return {
    id: alert.id,
    type: "alert.digest",
    shop: alert.shopDomain,
    held_for: digest.heldFor,
    period: { from: digest.from, to: digest.to, time_zone: digest.timeZone },
    total: digest.total,
    by_severity: digest.bySeverity,
    by_rule: digest.byRule,
    // flagged as the ROI counts it; `over_limit` is its older name, kept for receivers that read it
    flagged: digest.overLimit.map((entry) => ({ currency: entry.currency, amount: centsToDecimal(entry.cents) })),
    saved: (digest.saved ?? []).map((entry) => ({ currency: entry.currency, amount: centsToDecimal(entry.cents) })),
    over_limit: digest.overLimit.map((entry) => ({ currency: entry.currency, amount: centsToDecimal(entry.cents) })),
    worst: digest.worst.map((entry) => ({
      id: entry.id,
      created_at: entry.createdAt,
      ...webhookBreach(entry, alert.shopDomain),
    })),
    audit_log_url: new URL("/audit-log", appUrl).toString(),
  };
}

export interface AlertMail {
  subject: string;
  text: string;
  /** `<alert-{id}@{domain}>`: the same on every attempt (docs/operations.md#repeated-alerts) */
  messageId: string;
  /** the outbox id, as the webhooks' `Idempotency-Key` (Resend's API takes it too) */
  idempotencyKey: string;
  headers: Record<string, string>;
}

/**
 * What each channel sends for an alert or a digest; each renders only its own message. An
 * e-mail's Message-ID is made from the outbox id and the domain of `from` (else the app's host).
 */
export function mailOf(outgoing: Outgoing, appUrl: string, from: string): AlertMail {
  const kind: AlertKind = isDigestAlert(outgoing) ? "digest" : "alert";
  const identity = {
    messageId: alertMessageId(kind, outgoing.id, messageIdDomain(from, appUrl)),
    idempotencyKey: outgoing.id,
    headers: { [ALERT_ID_HEADER]: outgoing.id },
  };
  return isDigestAlert(outgoing)
    ? { subject: digestSubject(outgoing), text: digestText(outgoing, appUrl), ...identity }
    : { subject: alertSubject(outgoing), text: alertText(outgoing, appUrl), ...identity };
}

export function slackMessageOf(outgoing: Outgoing, appUrl: string, slackChannel: string) {
  return isDigestAlert(outgoing)
    ? digestSlackMessage(outgoing, appUrl, slackChannel)
    : alertSlackMessage(outgoing, appUrl, slackChannel);
}

export function webhookBodyOf(outgoing: Outgoing, appUrl: string) {
  return isDigestAlert(outgoing) ? digestWebhookBody(outgoing, appUrl) : alertWebhookBody(outgoing, appUrl);
}
