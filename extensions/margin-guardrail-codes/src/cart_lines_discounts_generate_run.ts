/**
 * The code rules Function's run target (cart.lines.discounts.generate.run): reads the cart and
 * the entered codes named by src/cart_lines_discounts_generate_run.graphql and rejects the codes
 * app/domain/code-rules/code-rules.ts turns away, with the merchant's message. It adds no discount. No
 * metafield, or one not in the app's shape: nothing is rejected. Linear in lines; the cap weighs
 * every subset of the few entered codes (docs/product.md#code-rules).
 */
import { toCents } from "../../../app/domain/checkout/checkout-blocking";
import {
  decideCodes,
  parseCodeRulesMetafield,
  parseCodeValues,
  type CodeCart,
} from "../../../app/domain/code-rules/code-rules";
import type { CartLinesDiscountsGenerateRunInput, CartLinesDiscountsGenerateRunResult } from "../generated/api";

// The input the query asks for and the output the target takes, generated from the input query and
// Shopify's published schema (npm run functions:schema, docs/architecture.md#the-functions).
export type { CartLinesDiscountsGenerateRunInput, CartLinesDiscountsGenerateRunResult };

/** The cart as the rules see it. */
export function codeCartOf(input: CartLinesDiscountsGenerateRunInput): CodeCart {
  const customer = input.cart.buyerIdentity?.customer ?? null;
  const subtotal = input.cart.cost.subtotalAmount;
  return {
    subtotalCents: toCents(subtotal.amount),
    currency: subtotal.currencyCode,
    itemCount: input.cart.lines.reduce((sum, line) => sum + line.quantity, 0),
    customerTags: customer ? customer.hasTags.filter((entry) => entry.hasTag).map((entry) => entry.tag) : null,
    // the new-account rule's: the account's creation and the shop's date (no clock in a Function)
    customerCreatedAt: customer?.createdAt ?? null,
    today: input.shop.localTime.date,
    lines: input.cart.lines.map((line) => {
      const product = line.merchandise.__typename === "ProductVariant" ? line.merchandise.product : null;
      return {
        // the output names no product, so the input query asks for no title (docs/product.md#function-input-limits)
        title: "",
        productId: product?.id ?? null,
        priceCents: toCents(line.cost.amountPerQuantity.amount),
        compareAtPriceCents:
          line.cost.compareAtAmountPerQuantity === null ? null : toCents(line.cost.compareAtAmountPerQuantity.amount),
        inProtectedCollection: product?.inAnyCollection ?? false,
      };
    }),
  };
}

export function cartLinesDiscountsGenerateRun(
  input: CartLinesDiscountsGenerateRunInput,
): CartLinesDiscountsGenerateRunResult {
  const rules = parseCodeRulesMetafield(input.discount.metafield?.jsonValue);
  if (!rules || input.enteredDiscountCodes.length === 0) return { operations: [] };
  const values = parseCodeValues(input.discount.metafield?.jsonValue);
  const result = decideCodes(rules, codeCartOf(input), input.enteredDiscountCodes, values);
  if (result.rejected.length === 0) return { operations: [] };
  return {
    operations: [
      { enteredDiscountCodesReject: { codes: result.rejected.map((code) => ({ code })), message: result.message } },
    ],
  };
}
