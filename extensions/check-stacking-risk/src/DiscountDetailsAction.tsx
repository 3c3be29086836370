/** @jsxImportSource preact */
/**
 * Target `admin.discount-details.action.render`: "Check stacking risk" in the More actions menu of a
 * discount's page in Shopify's admin (docs/product.md#checking-one-discount). `shopify.data.selected`
 * holds the discount shown; `fetch` to the app's relative path is resolved against the app's URL and
 * carries the admin's ID token (Shopify adds it), which the app's requireApiAdmin verifies.
 */
import "@shopify/ui-extensions/preact";
import { render } from "preact";
import type { Api } from "@shopify/ui-extensions/admin.discount-details.action.render";
import { StackingRiskAction } from "./CheckModal";

declare const shopify: Api;

export default async () => {
  render(<StackingRiskAction api={shopify} fetchApp={(input, init) => fetch(input, init)} />, document.body);
};
