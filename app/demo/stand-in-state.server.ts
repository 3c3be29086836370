import { newStandInState } from "./admin-stand-in";

/**
 * The demo store's stand-in of Shopify, as this process remembers it: what the order actions and
 * code rules did through /demo/admin-api/graphql.json, and the orders held without a webhook
 * through /demo/admin-api/orders. In memory: a restart of the demo forgets it.
 */
export const demoStandInState = newStandInState();
