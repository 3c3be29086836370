import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "../http/api.server";
import { auditCsvResponse } from "../services/audit/csv.server";
import { auditQueryFrom } from "../http/audit-api.server";

// GET /api/audit/export.csv with the Audit Log's filters: every matching event, streamed.
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const context = await requireApiAdmin(request);
  const query = auditQueryFrom(context, request);
  const day = new Date().toISOString().slice(0, 10);
  // the client's disconnect aborts the request: the export stops between batches
  return auditCsvResponse(context.shop.id, { ...query, cursor: undefined }, `audit-log-${day}.csv`, request.signal);
};
