/**
 * Protection gaps (docs/product.md#protection-gaps): an order that went through although a rule
 * the app blocks with should have turned it away. Live code rules that would have rejected one of
 * its codes (the Discount Function's own decision, decideCodes), or the checkout rule's limits
 * (the validation's own decision, checkoutDecision). Shopify leaves ways around both: a code
 * already applied is not rejectable, staff complete draft orders past checkout rules, order
 * edits, POS and subscription renewals run no Function, a Function may be switched off, and one
 * whose input is over Shopify's limits lets the cart through. Why the block did not hold is
 * decided from what the order says. Pure.
 */
import { checkoutDecision, type CheckoutConfig, type CheckoutDecision } from "../checkout/checkout-blocking";
import { decideCodes, hasCodeRules, type CodeCart, type CodeRules, type CodeValues } from "../code-rules/code-rules";
import type { NewAuditEvent } from "../audit/audit-events";
import { formatCents, roundToHundredths } from "../money";
import { SEVERITIES, severityFor, stackingSeverity, type Severity } from "../severity";
import type { OrderFacts } from "./order-facts";

export const PROTECTION_GAP_CAUSES = [
  "code_not_rejectable",
  "draft_order_bypass",
  "order_edit",
  "pos",
  "subscription",
  "function_not_active",
  "function_input_limit",
  "unknown",
] as const;

export type ProtectionGapCause = (typeof PROTECTION_GAP_CAUSES)[number];

/** Shopify's `source_name` of orders placed where no Function of the app runs. */
export const ORDER_SOURCES = {
  pos: "pos",
  draftOrder: "shopify_draft_order",
  subscription: "subscription_contract",
} as const;

/** The blocking the shop has set up, as the app last stored it. */
export interface ProtectionSetup {
  /**
   * the checkout rule: its configuration, when the plan blocks checkouts and the validation was
   * deployed; `active` is Shopify's switch as last seen. null: the shop does not block checkouts.
   */
  checkout: { config: CheckoutConfig; active: boolean } | null;
  /**
   * the code rules, when the plan includes them and at least one is on; `active`: the app
   * discount that runs their Function exists in Shopify and is switched on. null: no code rules.
   */
  codeRules: { rules: CodeRules; active: boolean } | null;
  /**
   * false when the app knows a Function's input went over Shopify's input limits (a Function
   * over them lets every cart through). The app does not store this yet: callers pass true.
   */
  functionInputWithinLimits: boolean;
}

/** A blocking rule the order broke. */
export type BlockedRuleBroken =
  | { kind: "checkout"; decision: CheckoutDecision; config: CheckoutConfig; overLimitCents: number }
  | {
      kind: "code_rules";
      /** the codes the Function would have rejected */
      codes: string[];
      /** why, in the merchant's words */
      reasons: string[];
      /** what those codes took off the order */
      overLimitCents: number;
    };

/** What the app knows about the evaluation beside the order. */
export interface GapContext {
  /** the order was evaluated before and its lines or discounts changed since: an order edit */
  edited: boolean;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The order's lines and buyer as the code rules' Function sees a cart. */
export function codeCartOf(facts: OrderFacts, rules: CodeRules): CodeCart {
  return {
    lines: facts.lines.map((line) => ({
      title: line.title ?? (line.productId ? `Product ${line.productId.split("/").pop()}` : "A custom item"),
      productId: line.productId,
      priceCents: line.unitPriceCents,
      // the order does not say what the variant's compare-at price was: "no codes on sale items" is not judged
      compareAtPriceCents: null,
      inProtectedCollection: line.collectionIds.some((id) => rules.protectedCollectionIds.includes(id)),
    })),
    subtotalCents: facts.preDiscountSubtotalCents,
    currency: facts.currency,
    itemCount: facts.lines.reduce((sum, line) => sum + line.quantity, 0),
    customerTags: facts.customerTags ?? null,
  };
}

/** What each code took off this order, as the cap weighs codes: free shipping takes nothing off the subtotal. */
export function orderCodeValues(facts: OrderFacts): CodeValues {
  const values: CodeValues = {};
  for (const application of facts.applications) {
    if (!application.code) continue;
    const key = application.code.trim().toLowerCase();
    if (application.target === "shipping_line") {
      values[key] ??= { kind: "free_shipping" };
      continue;
    }
    const before = values[key];
    const cents = before?.kind === "fixed" ? before.amountCents : 0;
    values[key] = { kind: "fixed", amountCents: cents + application.amountCents, currency: facts.currency };
  }
  return values;
}

/** What the applications of these codes took off the order, in cents. */
function amountOfCodes(facts: OrderFacts, codes: string[]): number {
  return facts.applications
    .filter((application) => application.code && codes.some((code) => same(code, application.code!)))
    .reduce((sum, application) => sum + application.amountCents, 0);
}

/**
 * The blocking rules the order broke: the checkout rule's limits (decided by checkoutDecision as at
 * payment; an order placed by a tagged customer while staff override is on is an admin override,
 * not a gap) and the live code rules (decided by decideCodes as if every code could be rejected).
 * A cancelled order breaks nothing.
 */
export function blockedRulesBroken(facts: OrderFacts, setup: ProtectionSetup): BlockedRuleBroken[] {
  if (facts.cancelled) return [];
  const broken: BlockedRuleBroken[] = [];
  if (setup.checkout) {
    const { config } = setup.checkout;
    const decision = checkoutDecision(
      {
        subtotalCents: facts.preDiscountSubtotalCents,
        discountCents: facts.lineDiscountCents,
        stackedDiscounts: facts.applications.filter((item) => item.target === "line_item" && item.amountCents > 0)
          .length,
        step: "CHECKOUT_COMPLETION",
        overrideTagged: Boolean(facts.override),
        currencyRate: 1,
      },
      config,
    );
    if (decision.blocked) {
      // a stack past the limit: what the discounts but the largest took, as a stacking breach counts it
      const largest = Math.max(0, ...facts.applications.map((item) => item.amountCents));
      const overLimitCents =
        decision.reason === "stacking" ? Math.max(0, facts.lineDiscountCents - largest) : decision.overLimitCents;
      broken.push({ kind: "checkout", decision, config, overLimitCents });
    }
  }
  const codeRules = setup.codeRules;
  if (codeRules && hasCodeRules(codeRules.rules) && facts.discountCodes.length > 0) {
    // customer tags the app does not know are not judged: a guest is not assumed (nor by the
    // new-account rule, which judges no signed-in customer here: codeCartOf gives no account date,
    // docs/product.md#new-accounts-and-big-codes)
    const rules =
      facts.customerTags === undefined
        ? { ...codeRules.rules, customerTags: null, newAccountGuests: "allow" as const }
        : codeRules.rules;
    const result = decideCodes(
      rules,
      codeCartOf(facts, rules),
      facts.discountCodes.map((code) => ({ code, rejectable: true })),
      orderCodeValues(facts),
    );
    if (result.rejected.length > 0) {
      const reasons = [
        ...new Set(result.decisions.filter((decision) => decision.rejected).flatMap((decision) => decision.reasons)),
      ];
      broken.push({
        kind: "code_rules",
        codes: result.rejected,
        reasons,
        overLimitCents: amountOfCodes(facts, result.rejected),
      });
    }
  }
  return broken;
}

/**
 * Why a blocking rule did not hold for this order, from what the order says: an edit first (no
 * Function runs on one, whatever the order's source), then where the order was placed (POS, a
 * subscription renewal, a draft order), then the Function's state (switched off, input over its
 * limits); a code rule that held none of these had a code Shopify did not let the Function
 * reject. Otherwise the app cannot tell.
 */
export function protectionGapCause(
  facts: OrderFacts,
  broken: BlockedRuleBroken,
  setup: ProtectionSetup,
  context: GapContext,
): ProtectionGapCause {
  if (context.edited || facts.edited) return "order_edit";
  const source = facts.origin?.sourceName?.toLowerCase() ?? null;
  if (source === ORDER_SOURCES.pos) return "pos";
  if (source === ORDER_SOURCES.subscription) return "subscription";
  if (source === ORDER_SOURCES.draftOrder) return "draft_order_bypass";
  const active = broken.kind === "checkout" ? setup.checkout?.active : setup.codeRules?.active;
  if (!active) return "function_not_active";
  if (!setup.functionInputWithinLimits) return "function_input_limit";
  if (broken.kind === "code_rules") return "code_not_rejectable";
  return "unknown";
}

/** What the block is called, in the merchant's words. */
export const BLOCK_NAMES: Record<BlockedRuleBroken["kind"], string> = {
  checkout: "Checkout blocking",
  code_rules: "Code rules",
};

/**
 * Each cause in the merchant's words: why the block did not hold, and what to do about it. What
 * the Audit Log's message and every alert say (docs/product.md#protection-gaps).
 */
export const PROTECTION_GAP_TEXT: Record<ProtectionGapCause, { why: string; fix: string }> = {
  code_not_rejectable: {
    why: "Shopify did not let the app reject the code: it was already applied (from a link or an earlier step), and a Discount Function may only reject codes Shopify marks rejectable",
    fix: "Limit the code in Shopify's Discounts (usage limit, end date or a smaller value), or deactivate it.",
  },
  draft_order_bypass: {
    why: "the order was completed from a draft order in Shopify's admin, where staff can complete an order without checkout rules",
    fix: "Agree with staff who complete draft orders on the discounts they may give; the app checks each one after the fact.",
  },
  order_edit: {
    why: "the order was edited after checkout, and Shopify runs no checkout rule or Discount Function on an order edit",
    fix: "Review the edit, and limit who may edit orders in Shopify's staff permissions.",
  },
  pos: {
    why: "the order was placed at Shopify POS, which does not run the app's checkout rule or code rules",
    fix: "Limit the discounts POS staff may give in Shopify POS's staff permissions.",
  },
  subscription: {
    why: "the order is a subscription renewal, billed without a checkout, so no Function ran",
    fix: "Change the discount on the subscription in your subscription app: it repeats on every renewal.",
  },
  function_not_active: {
    why: "the app's Function was not switched on in Shopify when the order was placed",
    fix: "Deploy checkout blocking again in the Integration Center, or save the code rules again on the Rules page, and check it is switched on in Shopify's admin.",
  },
  function_input_limit: {
    why: "the Function's input went over Shopify's input limits, and a Function over them lets the cart through",
    fix: "Shorten what the rules list (protected products and collections, customer tags, codes) on the Rules page.",
  },
  unknown: {
    why: "the app cannot tell from the order why the block did not hold",
    fix: "Check that checkout blocking and the code rules are switched on in Shopify's admin, and contact support with the order's name.",
  },
};

/** What the order did against the block, in words: "took 45% off, above the 40% limit". */
export function brokenText(broken: BlockedRuleBroken, currency: string): string {
  if (broken.kind === "code_rules") {
    const codes = broken.codes.join(", ");
    return `kept ${broken.codes.length === 1 ? "the code" : "the codes"} ${codes}, which the code rules turn away (${broken.reasons.join("; ")})`;
  }
  const { decision, config } = broken;
  if (decision.reason === "stacking") return `stacked more than ${config.maxStackedDiscounts} discounts`;
  if (decision.reason === "amount")
    return `was discounted above the ${formatCents(config.maxDiscountCents, currency)} cap`;
  return `took ${decision.discountPercent}% off, above the ${config.thresholdPercent}% limit`;
}

/** How far past the block the order went: at least high, as a block that did not hold is. */
function gapSeverity(broken: BlockedRuleBroken, facts: OrderFacts): Severity {
  const measured =
    broken.kind === "code_rules"
      ? "high"
      : broken.decision.reason === "stacking"
        ? stackingSeverity(facts.applications.filter((item) => item.amountCents > 0).length)
        : broken.decision.reason === "amount"
          ? severityFor(facts.lineDiscountCents, broken.config.maxDiscountCents ?? 0)
          : severityFor(broken.decision.discountPercent, broken.config.thresholdPercent);
  return SEVERITIES.indexOf(measured) < SEVERITIES.indexOf("high") ? "high" : measured;
}

/**
 * The protection_gap event of one broken block, with its cause and fix in `details`. Its dedupe
 * key is the order, the block and what the order broke it with: the same order delivered again
 * records nothing; an edit that changes the amounts records the gap again, as an edit.
 */
export function protectionGapEvent(
  facts: OrderFacts,
  broken: BlockedRuleBroken,
  cause: ProtectionGapCause,
  context: { customerId: string | null; topic: string; at: Date; digest: (text: string) => string },
): NewAuditEvent {
  const text = PROTECTION_GAP_TEXT[cause];
  const name = BLOCK_NAMES[broken.kind];
  const subtotal = facts.preDiscountSubtotalCents;
  const discountPercent = subtotal > 0 ? roundToHundredths((facts.totalDiscountCents / subtotal) * 100) : 0;
  const what =
    broken.kind === "checkout"
      ? [broken.decision.reason, facts.lineDiscountCents, subtotal]
      : [[...broken.codes].map((code) => code.toLowerCase()).sort(), broken.overLimitCents];
  return {
    eventType: "protection_gap",
    severity: gapSeverity(broken, facts),
    message: `Protection gap: order ${facts.orderName} ${brokenText(broken, facts.currency)}, yet went through: ${text.why}.`,
    orderId: facts.orderId,
    orderName: facts.orderName,
    customerId: context.customerId,
    discountCodes: facts.discountCodes,
    discountPercent,
    totalDiscountCents: facts.totalDiscountCents,
    preDiscountSubtotalCents: subtotal,
    subtotalAfterDiscountCents: Math.max(0, subtotal - facts.totalDiscountCents),
    // the discount past the block: what the order counts in "flagged"
    marginSavedCents: broken.overLimitCents,
    currency: facts.currency,
    ruleKey:
      broken.kind === "code_rules"
        ? "code_rules"
        : broken.decision.reason === "stacking"
          ? "stacking_prevention"
          : "checkout_validation",
    ruleName: name,
    threshold: broken.kind === "checkout" ? broken.config.thresholdPercent : null,
    details: {
      rule_name: name,
      blocked_by: broken.kind,
      cause,
      cause_text: text.why,
      fix: text.fix,
      ...(broken.kind === "checkout"
        ? { reason: broken.decision.reason, threshold_amount: broken.config.thresholdPercent }
        : { codes: broken.codes, reasons: broken.reasons }),
      source_name: facts.origin?.sourceName ?? null,
      topic: context.topic,
    },
    dedupeKey: `gap|${facts.orderId}|${broken.kind}|${context.digest(JSON.stringify(what))}`,
    createdAt: context.at,
  };
}

/**
 * The protection gaps of one order: each broken block with its cause and event, and the discount
 * past it (the order's overage, counted in "flagged" once with its other breaches).
 */
export function protectionGaps(
  facts: OrderFacts,
  setup: ProtectionSetup,
  context: GapContext & { customerId: string | null; topic: string; at: Date; digest: (text: string) => string },
): { cause: ProtectionGapCause; broken: BlockedRuleBroken; event: NewAuditEvent }[] {
  return blockedRulesBroken(facts, setup).map((broken) => {
    const cause = protectionGapCause(facts, broken, setup, context);
    return { cause, broken, event: protectionGapEvent(facts, broken, cause, context) };
  });
}
