/**
 * Where the demo store's code-rules discount lives (docs/product.md#shopifys-discounts-page):
 * its id in the demo's stand-in of Shopify, and the app's create and details paths for it as
 * Shopify's Discounts page would open them. Constants only, for the seed and the browser tests.
 */
import { DEMO_CODES_FUNCTION_ID } from "./admin-stand-in";

export const DEMO_CODE_RULES_DISCOUNT_ID = "gid://shopify/DiscountAutomaticNode/9001";
export const DEMO_DISCOUNT_DETAILS_PATH = `/discounts/${DEMO_CODES_FUNCTION_ID}/9001`;
export const DEMO_DISCOUNT_CREATE_PATH = `/discounts/${DEMO_CODES_FUNCTION_ID}/new`;
