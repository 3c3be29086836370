/**
 * The billing error page's variants (docs/product.md#billing): a title, what
 * happened, and the way on. Every variant also offers Go to Dashboard and Contact Support.
 */

export const BILLING_ERROR_TYPES = [
  "declined",
  "cancelled",
  "timeout",
  "invalid_token",
  "verification_failed",
] as const;
export type BillingErrorType = (typeof BILLING_ERROR_TYPES)[number] | "default";

export interface BillingErrorAction {
  label: string;
  /** where it goes; `{shop}` is the shop's domain */
  to: "pricing" | "reconnect" | "verify";
}

export interface BillingErrorVariant {
  type: BillingErrorType;
  title: string;
  description: string;
  action: BillingErrorAction | null;
}

const TRY_AGAIN: BillingErrorAction = { label: "Try Again", to: "pricing" };

export const BILLING_ERROR_VARIANTS: Record<BillingErrorType, BillingErrorVariant> = {
  declined: {
    type: "declined",
    title: "Payment Declined",
    description:
      "The subscription was declined on Shopify's confirmation page. Nothing was charged and your plan did not change.",
    action: TRY_AGAIN,
  },
  cancelled: {
    type: "cancelled",
    title: "Subscription Cancelled",
    description:
      "The subscription was cancelled before it became active. Nothing was charged and your plan did not change.",
    action: TRY_AGAIN,
  },
  timeout: {
    type: "timeout",
    title: "Process Timeout",
    description: "Shopify did not answer in time, so the subscription was not started. Nothing was charged.",
    action: TRY_AGAIN,
  },
  invalid_token: {
    type: "invalid_token",
    title: "Authentication Error",
    description:
      "Your store's connection to Margin Guardrail has expired. Reconnect your store, then choose your plan again.",
    action: { label: "Reconnect Store", to: "reconnect" },
  },
  verification_failed: {
    type: "verification_failed",
    title: "Verification Failed",
    description:
      "We could not confirm your subscription with Shopify yet. If you approved it, it may still be processing.",
    action: { label: "Check Subscription Status", to: "verify" },
  },
  default: {
    type: "default",
    title: "Billing Error",
    description: "Something went wrong with billing, and your plan did not change.",
    action: null,
  },
};

export function toBillingErrorType(value: unknown): BillingErrorType {
  return (BILLING_ERROR_TYPES as readonly unknown[]).includes(value) ? (value as BillingErrorType) : "default";
}

/** The variant for `type`, and the custom message when it says more than the description. */
export function billingErrorView(type: unknown, message: string | null | undefined) {
  const variant = BILLING_ERROR_VARIANTS[toBillingErrorType(type)];
  const custom = message?.trim().slice(0, 500);
  return { variant, message: custom && custom !== variant.description ? custom : null };
}

/** The page's address for a failure: `/billing/error?type=...&message=...`. */
export function billingErrorPath(type: BillingErrorType, message?: string, shop?: string): string {
  const query = new URLSearchParams({ type });
  if (message) query.set("message", message);
  if (shop) query.set("shop", shop);
  return `/billing/error?${query.toString()}`;
}
