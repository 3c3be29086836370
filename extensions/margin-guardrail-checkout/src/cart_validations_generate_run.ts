/**
 * The checkout Function's run target (cart.validations.generate.run): reads the cart named by
 * src/cart_validations_generate_run.graphql and blocks the checkout, with the merchant's
 * message on the whole cart, when app/domain/checkout/checkout-blocking.ts says so. Linear in the
 * number of lines and discounts; no configuration, no block.
 */
import {
  checkoutDecision,
  parseCheckoutConfig,
  toCents,
  type CheckoutCart,
} from "../../../app/domain/checkout/checkout-blocking";
import type { CartValidationsGenerateRunInput, CartValidationsGenerateRunResult } from "../generated/api";

// The input the query asks for and the output the target takes, generated from the input query and
// Shopify's published schema (npm run functions:schema, docs/architecture.md#the-functions).
export type { CartValidationsGenerateRunInput, CartValidationsGenerateRunResult };

/** The cart's figures as the decision reads them. */
export function cartOf(input: CartValidationsGenerateRunInput): CheckoutCart {
  let subtotalCents = 0;
  let discountCents = 0;
  for (const line of input.cart.lines) {
    subtotalCents += toCents(line.cost.subtotalAmount.amount);
    for (const allocation of line.discountAllocations) discountCents += toCents(allocation.discountedAmount.amount);
  }
  let stackedDiscounts = 0;
  for (const application of input.cart.discountApplications) {
    if (toCents(application.totalAllocatedAmount.amount) > 0) stackedDiscounts += 1;
  }
  const rate = Number(input.presentmentCurrencyRate);
  return {
    subtotalCents,
    discountCents,
    stackedDiscounts,
    step: input.buyerJourney.step,
    overrideTagged: input.cart.buyerIdentity?.customer?.hasAnyTag === true,
    currencyRate: Number.isFinite(rate) && rate > 0 ? rate : 1,
  };
}

export function cartValidationsGenerateRun(input: CartValidationsGenerateRunInput): CartValidationsGenerateRunResult {
  const decision = checkoutDecision(cartOf(input), parseCheckoutConfig(input.validation.metafield?.value));
  if (!decision.blocked) return { operations: [] };
  return { operations: [{ validationAdd: { errors: [{ message: decision.message, target: "$.cart" }] } }] };
}
