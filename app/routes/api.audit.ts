import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "../http/api.server";
import { auditQueryFrom } from "../http/audit-api.server";
import { auditPage } from "../services/audit/log.server";

// GET /api/audit?cursor=&severity=&shop=&q=&type=: a page of the caller's audit events,
// newest first, with the cursor of the next page (null on the last).
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const context = await requireApiAdmin(request);
  const page = await auditPage(context.shop.id, auditQueryFrom(context, request));
  return Response.json(page);
};
