import { contactSalesSchema, supportSchema } from "../forms/contact";
import { readJsonOrForm } from "./request-body.server";
import { clientAddress } from "./client-address";
import { fieldErrors, withRetryAfter } from "./api.server";
import {
  deliverContactRequest,
  honeypotRefusal,
  rateLimitRefusal,
  shopDomainFrom,
  type ContactKind,
  type Refusal,
} from "../services/contact/messages.server";

const SCHEMAS = { support: supportSchema, sales: contactSalesSchema } as const;

function refused(refusal: Refusal): Response {
  return withRetryAfter(
    Response.json({ success: false, message: refusal.message }, { status: refusal.status }),
    refusal,
  );
}

/** POST /api/support and /api/contact-sales: JSON or form bodies, JSON answers. */
export async function handleContactApi(kind: ContactKind, request: Request, context: unknown): Promise<Response> {
  if (request.method !== "POST") {
    return Response.json({ success: false, message: "Use POST." }, { status: 405, headers: { Allow: "POST" } });
  }
  const payload = await readJsonOrForm(request).catch(() => null);
  if (!payload) {
    return Response.json(
      { success: false, message: "Send the form fields as JSON or form data, in valid Unicode text." },
      { status: 400 },
    );
  }
  const honeypot = honeypotRefusal(payload);
  if (honeypot) return refused(honeypot);
  const parsed = SCHEMAS[kind].safeParse(payload);
  if (!parsed.success) {
    return Response.json(
      { success: false, message: "Please correct the highlighted fields.", errors: fieldErrors(parsed.error) },
      { status: 400 },
    );
  }
  const limited = await rateLimitRefusal(kind, clientAddress(context));
  if (limited) return refused(limited);
  const shop = shopDomainFrom(new URL(request.url).searchParams.get("shop"));
  const delivery = await deliverContactRequest(kind, parsed.data, shop);
  return delivery.ok ? Response.json({ success: true, message: delivery.value }) : refused(delivery.error);
}
