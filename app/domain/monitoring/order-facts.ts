/** An order's discount facts, as the monitoring engine derives them from Shopify's payload. */
import type { LeakInputs } from "../leaks/code-leaks";
import type { OrderCostExtras, OrderCostInputs } from "../costs/costs";

export interface OrderLineFacts {
  lineId: string;
  variantId: string | null;
  productId: string | null;
  /** collection GIDs the line's product belongs to */
  collectionIds: string[];
  quantity: number;
  unitPriceCents: number;
  /** every discount allocated to the line: line-level and the line's share of order-level */
  discountCents: number;
  /** Shopify's inventory item cost; null when the variant has none */
  unitCostCents: number | null;
  /** the line's product title, when the payload has one (what a code rule's reason names) */
  title?: string;
}

export interface DiscountApplicationFacts {
  /** DiscountCodeBasic, DiscountCodeBxgy, DiscountCodeFreeShipping, DiscountAutomaticBasic, ... */
  kind: string;
  code: string | null;
  title: string | null;
  valueType: "percentage" | "fixed_amount";
  target: "line_item" | "shipping_line";
  /** what the application took off the order in total */
  amountCents: number;
}

export interface OrderFacts {
  orderId: string;
  orderName: string;
  currency: string;
  /** sum of price x quantity over the lines, before any discount */
  preDiscountSubtotalCents: number;
  lineDiscountCents: number;
  shippingDiscountCents: number;
  /**
   * what the order's shipping lines cost before discounts (shop money), when it has any with a price:
   * what a free-shipping discount could take (the promotion preflight, docs/product.md#promotion-preflight)
   */
  shippingCents?: number;
  totalDiscountCents: number;
  discountCodes: string[];
  applications: DiscountApplicationFacts[];
  lines: OrderLineFacts[];
  /**
   * Present when the order or its customer carries the staff-override tag: who placed it
   * (a staff member's GID, when Shopify says) and why (the order's note).
   */
  override?: { by: string | null; reason: string | null };
  /** present when Shopify says the order was cancelled (its `cancelled_at`) */
  cancelled?: true;
  /**
   * where the order was placed, as Shopify says (`source_name`: "web", "pos", "shopify_draft_order",
   * "subscription_contract", …; `app_id`): what tells why a block did not hold
   * (docs/product.md#protection-gaps). Absent on older queued facts.
   */
  origin?: { sourceName: string | null; appId: string | null };
  /**
   * the customer's tags (what code rules' customer tags test); null: a guest; absent: not known
   * (older queued facts, an order read after an edit)
   */
  customerTags?: string[] | null;
  /** present when the facts were read after an order edit (orders/edited): no Function ran on the edit */
  edited?: true;
  /** what the cost model reads of the payload (docs/product.md#costs); absent on older queued facts */
  costInputs?: OrderCostInputs;
  /** what the leaked-code detector reads (docs/product.md#leaked-codes); only on orders with codes */
  leak?: LeakInputs;
  /**
   * set by the cost model before evaluation: unit costs at the order's date by variant id
   * (they win over today's), and the fee, shipping and note when the shop counts them
   */
  costs?: { unitCosts: Record<string, number | null>; extras: OrderCostExtras | null };
}
