// An authenticated admin request as services take it: the shop, its plan, the demo flag, the Admin API client, the actor.
import type { Shop } from "@prisma/client";
import type { AdminApiContext } from "@shopify/shopify-app-remix/server";
import type { PlanId } from "../domain/billing/plans";

/**
 * What requireAdmin (app/services/shops/admin-context.server.ts) answers for a request. It lives
 * apart from it so that services below shops/ (billing, whose plan it detects) can take it.
 */
export interface AdminContext {
  shop: Shop;
  plan: PlanId;
  /** true when the request runs against the seeded demo store (docs/product.md#modes) */
  demo: boolean;
  /** the Admin API client; null in the demo store, which is not connected to Shopify */
  admin: AdminApiContext | null;
  /** who is acting, as the audit log records it (a release of a hold) */
  actor: string;
}
