import * as z from "zod";

/** What the bell's "read" sends (docs/product.md#admin-header): the time up to which its alerts were seen. */
const UP_TO = "upTo must be the delivery time of the newest alert seen, as an ISO 8601 date and time";

/**
 * POST /api/alerts/read's body: `upTo`, the time of the newest alert the bell showed (the
 * layout's `alerts.newestAt`), so an alert delivered after the bell was drawn stays unread.
 */
export const alertsReadInput = z
  .object({
    upTo: z.iso.datetime({ offset: true, error: UP_TO }),
  })
  .strict();
