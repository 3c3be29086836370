/**
 * The Protection status (docs/product.md#protection-status): each layer of the app's protection
 * says whether it is working, from facts the services read, so a guardrail that is off never
 * looks calm. Pure: the facts in, the layers out; the service adds when each state began.
 */
import { formatCount } from "../money";

export const LAYER_KEYS = ["webhooks", "admin_access", "code_rules", "checkout_blocking", "alerts"] as const;
export type LayerKey = (typeof LAYER_KEYS)[number];
/**
 * `off`: the shop's plan does not include the layer, or the merchant has not set it up. It guards
 * nothing, so it is never called working, and it counts neither way in the card's overall state.
 */
export type LayerState = "ok" | "warning" | "failing" | "off";

/** Where the merchant repairs a layer: a page of the app. */
export interface LayerFix {
  label: string;
  url: string;
}

export interface LayerVerdict {
  key: LayerKey;
  state: LayerState;
  detail: string;
  fix: LayerFix | null;
}

export interface ProtectionLayer extends LayerVerdict {
  /** when the layer entered its state (ISO); null before the app first looked */
  since: string | null;
}

export const LAYER_TITLES: Record<LayerKey, string> = {
  webhooks: "Order webhooks",
  admin_access: "Admin access",
  code_rules: "Code rules",
  checkout_blocking: "Checkout blocking",
  alerts: "Alerts",
};

const FIX = {
  support: { label: "Contact support", url: "/support" },
  codeRules: { label: "Open Code rules", url: "/rules/code-rules" },
  integration: { label: "Open Integration Center", url: "/integration" },
  alerts: { label: "Open Alerts", url: "/alerts" },
  plans: { label: "See plans", url: "/pricing" },
} satisfies Record<string, LayerFix>;

const verdict = (key: LayerKey, state: LayerState, detail: string, fix: LayerFix | null = null): LayerVerdict => ({
  key,
  state,
  detail,
  fix,
});

const orders = (count: number) => `${formatCount(count)} order${count === 1 ? "" : "s"}`;

/** The order topics without which an order is never checked as it happens. */
export const PROTECTION_TOPICS = ["orders/create", "orders/updated"] as const;

export interface WebhookFacts {
  /** the last sweep's time and result; null before the first */
  lastSweep: { at: Date; checked: number; missed: number; evaluated: number } | null;
  /** subscriptions Shopify does not have among PROTECTION_TOPICS */
  missingTopics: string[];
  /** how often the sweep runs */
  sweepEveryMs: number;
  /** when the shop installed the app: its first sweep is due within an interval of it */
  installedAt: Date;
}

/**
 * Webhooks: failing when Shopify does not send an order topic (orders are then found only by
 * the sweep, up to its interval late); warning when the last sweep found orders the webhooks
 * missed, or no sweep ran for three intervals.
 */
export function webhooksLayer(facts: WebhookFacts, now: Date): LayerVerdict {
  const minutes = Math.round(facts.sweepEveryMs / 60_000);
  const missingOrders = facts.missingTopics.filter((topic) => (PROTECTION_TOPICS as readonly string[]).includes(topic));
  if (missingOrders.length > 0) {
    return verdict(
      "webhooks",
      "failing",
      `Shopify is not sending ${missingOrders.join(" and ")} to the app: orders are checked only by the regular sweep, up to ${minutes} minutes late.`,
      FIX.support,
    );
  }
  const sweep = facts.lastSweep;
  if (now.getTime() - (sweep?.at ?? facts.installedAt).getTime() > 3 * facts.sweepEveryMs) {
    return verdict("webhooks", "warning", "The regular check for missed orders has not run lately.", FIX.support);
  }
  if (!sweep) {
    return verdict(
      "webhooks",
      "ok",
      `Orders arrive by webhook; the first check for missed ones runs within ${minutes} minutes.`,
    );
  }
  if (sweep.missed > 0) {
    return verdict(
      "webhooks",
      "warning",
      `The last check found ${orders(sweep.missed)} Shopify did not send by webhook; ${formatCount(sweep.evaluated)} checked since.`,
    );
  }
  return verdict("webhooks", "ok", `The last check went through ${orders(sweep.checked)}: none missed.`);
}

export interface CodeRulesFacts {
  /** the shop's plan includes code rules */
  included: boolean;
  /** the merchant set at least one code rule */
  configured: boolean;
  /** the app discount that runs the Function, once created in Shopify */
  discountId: string | null;
  discountActive: boolean;
  /** why the last write to Shopify failed, until one succeeds */
  syncError: string | null;
  /** the stored configuration fits the Function's input limits; the reason when it does not */
  inputs: { withinLimits: boolean; detail?: string };
}

/** Code rules: failing whenever codes the merchant meant to turn away would pass. */
export function codeRulesLayer(facts: CodeRulesFacts): LayerVerdict {
  if (!facts.included) return verdict("code_rules", "off", "Code rules come with Core and Plus.", FIX.plans);
  if (!facts.configured) return verdict("code_rules", "off", "No code rules are set.", FIX.codeRules);
  if (!facts.inputs.withinLimits) {
    return verdict(
      "code_rules",
      "failing",
      `The code rules are over Shopify's limits, so Shopify lets every code through: ${facts.inputs.detail ?? "a list is too long"}.`,
      FIX.codeRules,
    );
  }
  if (facts.syncError) {
    return verdict(
      "code_rules",
      "failing",
      `Shopify does not have the latest code rules: ${facts.syncError}`,
      FIX.codeRules,
    );
  }
  if (!facts.discountId) {
    return verdict(
      "code_rules",
      "failing",
      "The code rules are not in Shopify yet: no code is checked.",
      FIX.codeRules,
    );
  }
  if (!facts.discountActive) {
    return verdict(
      "code_rules",
      "failing",
      "The code rules' discount is switched off in Shopify: no code is checked.",
      FIX.codeRules,
    );
  }
  return verdict("code_rules", "ok", "Codes are checked at checkout with the settings you saved.");
}

export interface CheckoutBlockingFacts {
  /** the shop's plan includes checkout blocking (Plus, while it is sold) */
  included: boolean;
  validationId: string | null;
  validationEnabled: boolean;
  /** the validation's configuration fits the Function's input limits; the reason when it does not */
  inputs: { withinLimits: boolean; detail?: string };
}

/** Checkout blocking: where the plan has it, the validation must be in Shopify and switched on. */
export function checkoutBlockingLayer(facts: CheckoutBlockingFacts): LayerVerdict {
  if (!facts.included) return verdict("checkout_blocking", "off", "Checkout blocking comes with Plus.", FIX.plans);
  if (!facts.validationId) {
    return verdict(
      "checkout_blocking",
      "warning",
      "Checkout blocking is not deployed: breaching checkouts go through and are flagged afterwards.",
      FIX.integration,
    );
  }
  if (!facts.inputs.withinLimits) {
    return verdict(
      "checkout_blocking",
      "failing",
      `The checkout configuration is over Shopify's limits, so every checkout goes through: ${facts.inputs.detail ?? "it is too large"}.`,
      FIX.integration,
    );
  }
  if (!facts.validationEnabled) {
    return verdict(
      "checkout_blocking",
      "failing",
      "The checkout rule is switched off in Shopify: breaching checkouts go through.",
      FIX.integration,
    );
  }
  return verdict("checkout_blocking", "ok", "Breaching checkouts are stopped at checkout.");
}

export const CHANNEL_NAMES = { email: "E-mail", slack: "Slack", webhook: "Webhook" } as const;
export type AlertChannel = keyof typeof CHANNEL_NAMES;

export interface ChannelFacts {
  channel: AlertChannel;
  /** the last delivery given up on (dead), when it is newer than the last one sent */
  lastFailure: { at: Date; error: string } | null;
  /** deliveries waiting for another try after a failure */
  retrying: number;
  /** webhook URLs switched off after 410 Gone or failing */
  endpointsDown?: number;
}

export interface AlertFacts {
  included: boolean;
  /** the channels switched on */
  channels: ChannelFacts[];
}

/** Alerts: failing when a channel switched on gives up on its deliveries. */
export function alertsLayer(facts: AlertFacts): LayerVerdict {
  if (!facts.included)
    return verdict("alerts", "off", "Alerts come with Core and Plus; breaches are in the Audit Log.", FIX.plans);
  if (facts.channels.length === 0) {
    return verdict("alerts", "warning", "No alert channel is on: breaches are only in the Audit Log.", FIX.alerts);
  }
  const failing = facts.channels.filter((channel) => channel.lastFailure || (channel.endpointsDown ?? 0) > 0);
  if (failing.length > 0) {
    const first = failing[0];
    const reason = first.lastFailure ? `: ${first.lastFailure.error}` : ": a webhook URL is switched off";
    return verdict(
      "alerts",
      "failing",
      `${failing.map((channel) => CHANNEL_NAMES[channel.channel]).join(" and ")} alerts are not delivered${reason}`,
      FIX.alerts,
    );
  }
  const retrying = facts.channels.filter((channel) => channel.retrying > 0);
  if (retrying.length > 0) {
    return verdict(
      "alerts",
      "warning",
      `${retrying.map((channel) => CHANNEL_NAMES[channel.channel]).join(" and ")} alerts are being tried again.`,
      FIX.alerts,
    );
  }
  return verdict(
    "alerts",
    "ok",
    `${facts.channels.map((channel) => CHANNEL_NAMES[channel.channel]).join(", ")} delivering.`,
  );
}

/** The worst state among the layers that are on: what the card's badge says. */
export function overallState(layers: readonly { state: LayerState }[]): Exclude<LayerState, "off"> {
  if (layers.some((layer) => layer.state === "failing")) return "failing";
  if (layers.some((layer) => layer.state === "warning")) return "warning";
  return "ok";
}

/** Whether a layer's new state is one to alert on: it turned failing (not: it stayed failing). */
export function turnedFailing(previous: LayerState | undefined, next: LayerState): boolean {
  return next === "failing" && previous !== "failing";
}

/** The notice e-mail when a layer turns failing: what stopped, and where to repair it. */
export function failingNotice(
  layer: { key: LayerKey; detail: string; fix: LayerFix | null },
  appUrl: string,
): { subject: string; text: string } {
  const base = appUrl.replace(/\/$/, "");
  return {
    subject: `Margin Guardrail: ${LAYER_TITLES[layer.key].toLowerCase()} stopped protecting your store`,
    text: [
      `${LAYER_TITLES[layer.key]}: ${layer.detail}`,
      "",
      ...(layer.fix ? [`${layer.fix.label}: ${base}${layer.fix.url}`] : []),
      `Protection status: ${base}/dashboard`,
    ].join("\n"),
  };
}

export interface AdminAccessFacts {
  state: LayerState;
  detail: string;
  /** what the merchant does about it, in words (opening the app restores access) */
  fix: string | null;
}

/** Admin access: the token service's own verdict (app/domain/shops/admin-access.ts), its fix said in the detail. */
export function adminAccessLayer(facts: AdminAccessFacts): LayerVerdict {
  return verdict("admin_access", facts.state, facts.fix ? `${facts.detail} ${facts.fix}` : facts.detail);
}

/** The layers whose turn to failing another part of the app tells the shop itself (the lost access e-mail). */
export const TOLD_ELSEWHERE: readonly LayerKey[] = ["admin_access"];

/** What "Check now" found, as its toast says it. */
export function sweepSummary({
  checked,
  missed,
  evaluated,
}: {
  checked: number;
  missed: number;
  evaluated: number;
}): string {
  if (missed === 0) return `Checked ${orders(checked)}: none missed`;
  return `Checked ${orders(checked)}: ${formatCount(missed)} missed, ${formatCount(evaluated)} checked now`;
}
