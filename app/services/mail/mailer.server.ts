import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { Resend } from "resend";
import { getEnv } from "../../env.server";
import { fail, messageOf, ok, type Problem, type Result } from "../../domain/result";
import { logger } from "../../logger.server";

export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  replyTo?: string;
  /**
   * `<…@…>`, the same on every attempt at one message (an alert's, made from its outbox id:
   * docs/operations.md#repeated-alerts); without it each transport makes its own.
   */
  messageId?: string;
  /** sent to Resend's API as its `Idempotency-Key`: an attempt repeated within 24 h is not sent again */
  idempotencyKey?: string;
  /** extra headers, e.g. X-Margin-Guardrail-Alert-Id */
  headers?: Record<string, string>;
}

/** Resend's answer to a key already used for this message (its payload changed since, e.g. the recipients). */
const RESEND_KEY_USED = "invalid_idempotent_request";

/** A merchant's own SMTP server (the Integration Center's e-mail card), used for their alerts. */
export interface MerchantSmtp {
  host: string;
  port: number;
  username: string | null;
  password: string | null;
  /** the checked address to connect to (the outbound guard); TLS still names `host` */
  address?: string;
}

export interface MailSent {
  transport: "resend" | "smtp" | "outbox";
  id?: string;
  /** Resend had sent this message under its idempotency key already, and did not send it again */
  repeat?: true;
}

/** Sent (by which transport, with which id), or the transport's error. */
export type MailResult = Result<MailSent, Problem>;

const SMTP_TIMEOUTS_MS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };
const RESEND_TIMEOUT_MS = 20_000;

/**
 * The one mailer: Resend when its key is set, else the merchant's SMTP server when given
 * (their alerts), else the app's SMTP_URL, else a local outbox folder outside production.
 */
export async function sendMail(message: MailMessage, merchantSmtp?: MerchantSmtp | null): Promise<MailResult> {
  const env = getEnv();
  const { from, resendApiKey, smtpUrl, outboxDir } = env.mail;
  const { messageId, idempotencyKey, headers, ...fields } = message;
  const allHeaders = { ...(messageId ? { "Message-ID": messageId } : {}), ...headers };
  try {
    if (resendApiKey) {
      const { data, error } = await new Resend(resendApiKey).emails.send(
        {
          from,
          to: fields.to,
          subject: fields.subject,
          text: fields.text,
          replyTo: fields.replyTo,
          ...(Object.keys(allHeaders).length > 0 ? { headers: allHeaders } : {}),
        },
        // bounded like SMTP's: well inside the alert worker's 2-minute claim
        { signal: AbortSignal.timeout(RESEND_TIMEOUT_MS), ...(idempotencyKey ? { idempotencyKey } : {}) },
      );
      // sent under this key already, within Resend's 24 hours: a repeat, and Resend did not send it again
      if (error && idempotencyKey && error.name === RESEND_KEY_USED) {
        return ok({ transport: "resend", repeat: true });
      }
      if (error) return fail({ message: `Resend: ${error.message}` });
      return ok({ transport: "resend", id: data?.id });
    }
    const identity = { ...(messageId ? { messageId } : {}), ...(headers ? { headers } : {}) };
    if (merchantSmtp) {
      const transport = nodemailer.createTransport({
        host: merchantSmtp.address ?? merchantSmtp.host,
        port: merchantSmtp.port,
        tls: { servername: merchantSmtp.host },
        secure: merchantSmtp.port === 465,
        auth: merchantSmtp.username ? { user: merchantSmtp.username, pass: merchantSmtp.password ?? "" } : undefined,
        ...SMTP_TIMEOUTS_MS,
      });
      const info = await transport.sendMail({ from, ...fields, ...identity });
      return ok({ transport: "smtp", id: info.messageId });
    }
    if (smtpUrl) {
      const url = new URL(smtpUrl);
      // Timeouts keep a form submission from hanging on an unreachable mail server.
      for (const [key, value] of Object.entries(SMTP_TIMEOUTS_MS)) {
        if (!url.searchParams.has(key)) url.searchParams.set(key, String(value));
      }
      const transport = nodemailer.createTransport(url.toString());
      const info = await transport.sendMail({ from, ...fields, ...identity });
      return ok({ transport: "smtp", id: info.messageId });
    }
    if (env.isProduction) {
      return fail({ message: "No mail transport: set RESEND_API_KEY or SMTP_URL." });
    }
    await fs.mkdir(outboxDir, { recursive: true });
    const file = path.join(outboxDir, `${Date.now()}-${Math.random().toString(36).slice(2, 8)}.json`);
    // a repeated message gets a file of its own, with the same messageId: the outbox shows repeats
    await fs.writeFile(file, JSON.stringify({ from, ...fields, ...identity, date: new Date().toISOString() }, null, 2));
    logger.info("Mail written to the outbox", { subject: message.subject, to: [message.to].flat(), file });
    return ok({ transport: "outbox", ...(messageId ? { id: messageId } : {}) });
  } catch (error) {
    return fail({ message: messageOf(error) });
  }
}
