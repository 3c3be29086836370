import * as z from "zod";

/**
 * POST /api/protection/reconcile's body (docs/operations.md#reconciliation): nothing to set; a
 * sweep runs for the caller's shop. An empty object, or no body at all.
 */
export const reconcileInput = z.object({}).strict();
