/**
 * Shopify's discount Rollouts (Admin API 2026-10, scope read_rollouts): a discount's own status
 * comes from its dates, but while a Rollout is serving, a treatment can make the discount live for
 * the buyers it reaches even when that status says SCHEDULED or EXPIRED
 * (docs/product.md#what-the-app-reads-of-discounts). Pure: the services read the rollouts.
 */

import { discountNumber } from "./discount-ids";

/** The scope Shopify asks for to read a discount's rollouts. */
export const ROLLOUTS_SCOPE = "read_rollouts";

/** What the app says when Shopify has not granted read_rollouts, so discounts are judged by their own dates. */
export const ROLLOUTS_NOT_READ =
  "Shopify has not granted Margin Guardrail permission to read Rollouts (read_rollouts), so a discount a Rollout makes live for some buyers is judged by its own dates. Approve the app's updated permissions in Shopify to include them.";

/** A rollout as the app's discount queries select it (`rollouts(query: "status:ACTIVE")`). */
export interface RolloutShape {
  name: string;
  status?: string | null;
  effectiveTrafficAllocation: number;
  treatments: {
    split: number;
    changes: { nodes: { __typename: string; discount?: { id: string } | null }[] };
  }[];
}

/**
 * The name of a serving rollout that makes this discount live for some buyers: the rollout is
 * ACTIVE with traffic (effective allocation above 0) and one of its treatments with a share of it
 * activates the discount. Shopify's discount ids share their number across node kinds
 * (DiscountCodeNode/1 is DiscountNode/1). Null: no rollout makes it live.
 */
export function activatingRollout(
  discountId: string,
  rollouts: readonly RolloutShape[] | null | undefined,
): string | null {
  const id = discountNumber(discountId);
  if (!id) return null;
  for (const rollout of rollouts ?? []) {
    if ((rollout.status ?? "ACTIVE") !== "ACTIVE" || !(rollout.effectiveTrafficAllocation > 0)) continue;
    const activates = rollout.treatments.some(
      (treatment) =>
        treatment.split > 0 &&
        treatment.changes.nodes.some(
          (change) =>
            change.__typename === "RolloutDiscountActivateChange" &&
            Boolean(change.discount) &&
            discountNumber(change.discount!.id) === id,
        ),
    );
    if (activates) return rollout.name;
  }
  return null;
}

/** Whether an Admin API error says the read_rollouts scope is missing (Shopify's "Access denied for rollouts field"). */
export function isRolloutsAccessError(message: string): boolean {
  return /read_rollouts|access denied for (the )?rollouts/i.test(message);
}

/** Whether to ask for rollouts: not when the shop's stored scopes are known and lack read_rollouts. */
export function mayReadRollouts(grantedScopes: readonly string[]): boolean {
  return grantedScopes.length === 0 || grantedScopes.includes(ROLLOUTS_SCOPE);
}
