/**
 * Carts of any size for the Functions, valid against their input queries: the QuickJS test and
 * `npm run bench -- functions` (bench/functions.ts) run both Functions on them. Each line is different
 * enough that the Functions do their full work on it.
 */
import type { CartLinesDiscountsGenerateRunInput } from "./margin-guardrail-codes/generated/api";
import type { CartValidationsGenerateRunInput } from "./margin-guardrail-checkout/generated/api";

/** `lines` lines of $10 with $4.50 off each (45 %) against a 40 % threshold at checkout: blocked. */
export function checkoutInput(lines: number): CartValidationsGenerateRunInput {
  const config = JSON.stringify({ thresholdPercent: 40, staffOverride: true, message: "Too much off" });
  return {
    buyerJourney: { step: "CHECKOUT_COMPLETION" },
    presentmentCurrencyRate: "1.0",
    cart: {
      lines: Array.from({ length: lines }, () => ({
        cost: { subtotalAmount: { amount: "10.0" } },
        discountAllocations: [{ discountedAmount: { amount: "4.5" } }],
      })),
      discountApplications: [{ targetType: "LINE_ITEM", totalAllocatedAmount: { amount: (4.5 * lines).toFixed(1) } }],
      buyerIdentity: { customer: { hasAnyTag: false } },
    },
    validation: { metafield: { value: config } },
  };
}

/**
 * `lines` lines, every third on sale and every fifth in a protected collection, three entered codes, a
 * forbidden pair and a tag rule: every rule is looked at for every line.
 */
export function codesInput(lines: number): CartLinesDiscountsGenerateRunInput {
  return {
    enteredDiscountCodes: [
      { code: "WELCOME10", rejectable: true },
      { code: "VIP25", rejectable: true },
      { code: "SPRING", rejectable: false },
    ],
    cart: {
      cost: { subtotalAmount: { amount: (lines * 20).toFixed(1), currencyCode: "USD" as const } },
      buyerIdentity: { customer: { hasTags: [{ tag: "staff", hasTag: false }] } },
      lines: Array.from({ length: lines }, (_line, index) => ({
        quantity: 1,
        cost: {
          amountPerQuantity: { amount: "20.0" },
          compareAtAmountPerQuantity: index % 3 === 0 ? { amount: "25.0" } : null,
        },
        merchandise: {
          __typename: "ProductVariant" as const,
          product: {
            id: `gid://shopify/Product/${index + 1}`,
            title: `Product ${index + 1}`,
            inAnyCollection: index % 5 === 0,
          },
        },
      })),
    },
    discount: {
      metafield: {
        jsonValue: {
          rules: {
            message: "Codes can't be used on sale items.",
            noCodesOnSaleItems: true,
            maxCodes: 2,
            forbiddenPairs: [["WELCOME10", "VIP25"]],
            protectedProductIds: ["gid://shopify/Product/999999"],
            protectedCollectionIds: ["gid://shopify/Collection/55"],
            customerTags: { mode: "only", tags: ["staff"] },
            maxDiscountPercent: 30,
            backupCode: "BACKUP10",
          },
          collectionIds: ["gid://shopify/Collection/55"],
          customerTags: ["staff"],
          values: { welcome10: ["p", 10], vip25: ["p", 25], spring: ["f", 1500, "USD"] },
        },
      },
    },
  };
}
