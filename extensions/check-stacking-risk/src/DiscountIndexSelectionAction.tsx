/** @jsxImportSource preact */
/**
 * Target `admin.discount-index.selection-action.render`: "Check stacking risk" in the More actions
 * menu of Shopify's discount list once discounts are selected (docs/product.md#checking-one-discount).
 * `shopify.data.selected` holds the selected discounts; the first MAX_SELECTED are checked, one request
 * each, and shown one under the other.
 */
import "@shopify/ui-extensions/preact";
import { render } from "preact";
import type { Api } from "@shopify/ui-extensions/admin.discount-index.selection-action.render";
import { StackingRiskAction } from "./CheckModal";

declare const shopify: Api;

export default async () => {
  render(<StackingRiskAction api={shopify} fetchApp={(input, init) => fetch(input, init)} />, document.body);
};
