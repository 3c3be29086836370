import type { AdminContext } from "../services/shops/admin-context.server";
import { assertOwnShop, fieldErrors, jsonError } from "./api.server";
import { readAuditQuery, type AuditQuery } from "../services/audit/log.server";

/** The audit filters of an API request; `shop`, when given, must be the caller's own. */
export function auditQueryFrom(context: AdminContext, request: Request): AuditQuery {
  const params = new URL(request.url).searchParams;
  const shop = params.get("shop");
  if (shop) assertOwnShop(context, shop);
  const parsed = readAuditQuery(params);
  if (!parsed.success) throw jsonError(400, "Invalid filters", fieldErrors(parsed.error));
  return parsed.data;
}
