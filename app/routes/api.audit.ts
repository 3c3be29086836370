import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "../http/api.server";
import { auditQueryFrom } from "../http/audit-api.server";
import { auditPage } from "../services/audit/log.server";

// GET /api/audit?cursor=&severity=&shop=&q=&type=: a page of the caller's audit events,
// newest first, with the cursor of the next page (null on the last). Each event's
// `overageCents` is its discount above its rule's limit; `marginSavedCents` is the same number
// under its old name, kept for callers that read it: it never meant saved (docs/api.md).
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const context = await requireApiAdmin(request);
  const page = await auditPage(context.shop.id, auditQueryFrom(context, request));
  return Response.json({
    ...page,
    events: page.events.map((event) => ({ ...event, overageCents: event.marginSavedCents })),
  });
};
