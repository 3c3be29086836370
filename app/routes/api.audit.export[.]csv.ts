import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "../http/api.server";
import { auditCsvResponse } from "../services/audit/csv.server";
import { auditQueryFrom } from "../http/audit-api.server";
import { localDay } from "../domain/roi/roi-rollups";

// GET /api/audit/export.csv with the Audit Log's filters: every matching event, streamed.
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const context = await requireApiAdmin(request);
  const query = auditQueryFrom(context, request);
  // today in the shop's time zone, as every date it is shown (docs/product.md#dates-and-times)
  const day = localDay(new Date(), context.shop.timezone);
  // the client's disconnect aborts the request: the export stops between batches
  return auditCsvResponse(context.shop.id, { ...query, cursor: undefined }, `audit-log-${day}.csv`, request.signal);
};
