/**
 * Carts of any size for the Functions, valid against their input queries: the QuickJS test and
 * `npm run bench -- functions` (bench/functions.ts) run both Functions on them. Each line is different
 * enough that the Functions do their full work on it.
 */
import type { CartLinesDiscountsGenerateRunInput } from "./margin-guardrail-codes/generated/api";
import type { CartValidationsGenerateRunInput } from "./margin-guardrail-checkout/generated/api";
import { MAX_MESSAGE_LENGTH, serializeCheckoutConfig } from "../app/domain/checkout/checkout-blocking";
import { NO_CODE_RULES, codeRulesMetafield, type CodeRules } from "../app/domain/code-rules/code-rules";

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
      buyerIdentity: { customer: { createdAt: "2026-11-20T08:00:00Z", hasTags: [{ tag: "staff", hasTag: false }] } },
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
            inAnyCollection: index % 5 === 0,
          },
        },
      })),
    },
    shop: { localTime: { date: "2026-11-28" } },
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
            newAccountDays: 30,
            newAccountMaxPercent: 20,
            newAccountGuests: "new",
          },
          collectionIds: ["gid://shopify/Collection/55"],
          customerTags: ["staff"],
          values: { welcome10: ["p", 10], vip25: ["p", 25], spring: ["f", 1500, "USD"] },
        },
      },
    },
  };
}

/** A product or collection GID with a 13-digit number, as long as a store's real ones. */
const gid = (kind: string, n: number) => `gid://shopify/${kind}/${String(7_000_000_000_000 + n)}`;

/**
 * The largest code rules the app writes (docs/product.md#function-input-limits): the form's most
 * pairs, products, collections and customer tags, and the codes' values filling the metafield
 * to its 10,000 bytes, and the new-account rule; on a cart of `lines` lines, each with a compare-at
 * price, for a week-old account. WELCOME10 and VIP25 are entered, a forbidden pair: VIP25 is turned away.
 */
export function codesInputAtLimits(
  lines: number,
  { lists = 50, tags = 20 }: { lists?: number; tags?: number } = {},
): CartLinesDiscountsGenerateRunInput {
  const tagNames = Array.from({ length: tags }, (_, i) => `customer-tag-${i}`);
  const rules: CodeRules = {
    ...NO_CODE_RULES,
    message: "Codes can't be used with the items in your cart.",
    forbiddenPairs: [
      ["WELCOME10", "VIP25"],
      ...Array.from({ length: lists - 1 }, (_, i) => [`SPRING${i}`, `SUMMER${i}`] as [string, string]),
    ],
    protectedProductIds: Array.from({ length: lists }, (_, i) => gid("Product", 900_000 + i)),
    protectedCollectionIds: Array.from({ length: lists }, (_, i) => gid("Collection", i)),
    customerTags: { mode: "only", tags: tagNames },
    maxDiscountPercent: 50,
    // a week-old account: VIP25 is over the new accounts' 20 % too
    newAccountDays: 30,
    newAccountMaxPercent: 20,
  };
  const values = Object.fromEntries(
    Array.from({ length: 2_000 }, (_, i) => [`code${i}`, { kind: "percentage" as const, percent: 5 + (i % 40) }]),
  );
  const { left: _left, ...metafield } = codeRulesMetafield(rules, {
    ...values,
    welcome10: { kind: "percentage", percent: 10 },
    vip25: { kind: "percentage", percent: 25 },
  });
  return {
    enteredDiscountCodes: [
      { code: "WELCOME10", rejectable: true },
      { code: "VIP25", rejectable: true },
    ],
    cart: {
      cost: { subtotalAmount: { amount: (lines * 20).toFixed(1), currencyCode: "USD" as const } },
      buyerIdentity: {
        customer: {
          createdAt: "2026-11-20T08:00:00Z",
          hasTags: tagNames.map((tag, i) => ({ tag, hasTag: i === 0 })),
        },
      },
      lines: Array.from({ length: lines }, (_line, index) => ({
        quantity: 1,
        cost: { amountPerQuantity: { amount: "20.0" }, compareAtAmountPerQuantity: { amount: "20.0" } },
        merchandise: {
          __typename: "ProductVariant" as const,
          product: { id: gid("Product", index + 1), inAnyCollection: false },
        },
      })),
    },
    shop: { localTime: { date: "2026-11-28" } },
    discount: { metafield: { jsonValue: metafield } },
  };
}

/**
 * The checkout Function's input at its largest for `lines` lines: `discounts` discounts stacked
 * and allocated on every line, and the longest message the configuration keeps (255
 * characters, each 3 bytes in UTF-8: the most bytes 255 UTF-16 units can take). Blocked: every line has 45 % off against 40 %.
 */
export function checkoutInputAtLimits(lines: number, discounts = 5): CartValidationsGenerateRunInput {
  const config = serializeCheckoutConfig({
    thresholdPercent: 40,
    maxDiscountCents: 99_999_999,
    maxStackedDiscounts: null,
    staffOverride: true,
    instantBlocking: true,
    message: "€".repeat(MAX_MESSAGE_LENGTH),
  });
  const each = (4.5 / discounts).toFixed(2);
  return {
    buyerJourney: { step: "CHECKOUT_COMPLETION" },
    presentmentCurrencyRate: "1.0",
    cart: {
      lines: Array.from({ length: lines }, () => ({
        cost: { subtotalAmount: { amount: "10.0" } },
        discountAllocations: Array.from({ length: discounts }, () => ({ discountedAmount: { amount: each } })),
      })),
      discountApplications: Array.from({ length: discounts }, () => ({
        targetType: "LINE_ITEM" as const,
        totalAllocatedAmount: { amount: (Number(each) * lines).toFixed(2) },
      })),
      buyerIdentity: { customer: { hasAnyTag: false } },
    },
    validation: { metafield: { value: config } },
  };
}
