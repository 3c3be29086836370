import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import { postgresPool } from "../../db/postgres-pool.server";
import prisma from "../../db.server";
import { getEnv } from "../../env.server";
import {
  CONTACT_FAILURE,
  CONTACT_SALES_SUCCESS,
  HONEYPOT_FIELD,
  SUPPORT_FAILURE,
  SUPPORT_SUCCESS,
  type ContactSalesRequest,
  type SupportRequest,
} from "../../forms/contact";
import { isShopDomain } from "../../domain/shops/shop-domain";
import { fail, ok, type Failure, type Result } from "../../domain/result";
import { sendMail } from "../mail/mailer.server";
import { logger } from "../../logger.server";

export type ContactKind = "support" | "sales";

/**
 * Messages a client (by its address, app/http/client-address.ts) may send per kind in the window:
 * counted in memory on SQLite (one app process), and in the database on PostgreSQL, so that every
 * app process behind a load balancer shares one count
 * (docs/architecture.md#sqlite-and-postgresql).
 */
export const CONTACT_LIMIT = { points: 5, durationSeconds: 15 * 60 };

const limiters = new Map<ContactKind, Promise<RateLimiterAbstract>>();

function limiter(kind: ContactKind): Promise<RateLimiterAbstract> {
  let made = limiters.get(kind);
  if (made) return made;
  const options = {
    keyPrefix: `contact-${kind}`,
    points: CONTACT_LIMIT.points,
    duration: CONTACT_LIMIT.durationSeconds,
  };
  const pool = postgresPool();
  made = pool
    ? new Promise<RateLimiterAbstract>((resolve, reject) => {
        // the store makes its table (rate_limits) when it is missing, then calls back
        const store: RateLimiterPostgres = new RateLimiterPostgres(
          { ...options, storeClient: pool, tableName: "rate_limits", clearExpiredByTimeout: true },
          (error?: Error) => (error ? reject(error) : resolve(store)),
        );
      })
    : Promise.resolve(new RateLimiterMemory(options));
  // a store that could not start is tried again on the next message
  made.catch(() => limiters.delete(kind));
  limiters.set(kind, made);
  return made;
}

/** A message refused before it is stored: 400 (a bot) or 429 (too many, with Retry-After). */
export type Refusal = Failure;

/** The honeypot field filled in means a bot: refused with a clear message, nothing stored. */
export function honeypotRefusal(payload: Record<string, unknown>): Refusal | null {
  const value = payload[HONEYPOT_FIELD];
  if (typeof value === "string" && value.trim() !== "") {
    return {
      status: 400,
      message: `This message looks automated and was not sent. Please email us at ${getEnv().mail.supportEmail}.`,
    };
  }
  return null;
}

/** Counts one message against the client's allowance; refuses once it is used up. */
export async function rateLimitRefusal(kind: ContactKind, client: string): Promise<Refusal | null> {
  try {
    await (await limiter(kind)).consume(client);
    return null;
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    const retryAfterSeconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    const minutes = Math.ceil(retryAfterSeconds / 60);
    return {
      status: 429,
      retryAfterSeconds,
      message: `Too many messages from your connection. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
    };
  }
}

/** Delivered (the thanks to show), or 502 with the apology when it could not be stored or mailed. */
export type Delivery = Result<string>;

function mailFor(kind: ContactKind, data: SupportRequest | ContactSalesRequest, shopDomain?: string) {
  const lines = [
    `Name: ${data.name}`,
    `E-mail: ${data.email}`,
    ...("storeName" in data && data.storeName ? [`Store: ${data.storeName}`] : []),
    ...(shopDomain ? [`Shop: ${shopDomain}`] : []),
    ...("subject" in data ? [`Subject: ${data.subject}`] : []),
    "",
    data.message,
  ];
  const subject =
    kind === "support"
      ? `[Support] ${(data as SupportRequest).subject}`
      : `[Sales] ${("storeName" in data && data.storeName) || data.name}`;
  return { subject, text: lines.join("\n") };
}

/**
 * Stores the message first (it is never lost), then e-mails it to the support address.
 * A failed e-mail is recorded on the stored message and reported to the sender.
 */
export async function deliverContactRequest(
  kind: ContactKind,
  data: SupportRequest | ContactSalesRequest,
  shopDomain?: string,
): Promise<Delivery> {
  const failure = kind === "support" ? SUPPORT_FAILURE : CONTACT_FAILURE;
  let id: string;
  try {
    const stored = await prisma.contactRequest.create({
      data: {
        kind,
        name: data.name,
        email: data.email,
        storeName: "storeName" in data ? data.storeName || null : null,
        subject: "subject" in data ? data.subject : null,
        message: data.message,
        shopDomain: shopDomain ?? null,
      },
    });
    id = stored.id;
  } catch (error) {
    logger.error("Storing a contact request failed", { err: error });
    return fail(502, failure);
  }
  const mail = mailFor(kind, data, shopDomain);
  const result = await sendMail({ to: getEnv().mail.supportEmail, replyTo: data.email, ...mail });
  await prisma.contactRequest.update({
    where: { id },
    data: result.ok
      ? { mailStatus: "sent", mailError: null }
      : { mailStatus: "failed", mailError: result.error.message.slice(0, 500) },
  });
  if (!result.ok) {
    logger.error("Mailing a contact request failed", { contactRequestId: id, reason: result.error.message });
    return fail(502, failure);
  }
  return ok(kind === "support" ? SUPPORT_SUCCESS : CONTACT_SALES_SUCCESS);
}

/** A shop domain from the page's query, when it is one. */
export function shopDomainFrom(value: string | null): string | undefined {
  return isShopDomain(value) ? value : undefined;
}
