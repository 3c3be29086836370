import * as z from "zod";
import { plainText } from "./fields";

/** Shared by the forms (client) and the actions and API routes (server). */

const MAX = { name: 100, email: 254, storeName: 100, subject: 150, message: 5000 } as const;

const required = (message: string, max: number, label: string, options: { lines?: boolean } = {}) =>
  plainText(label, { ...options, required: message })
    .min(1, message)
    .max(max, `${label} must be at most ${max} characters`);

const email = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(MAX.email, `Email must be at most ${MAX.email} characters`)
  .pipe(z.email({ error: "Please enter a valid email address" }));

/** The honeypot: a field people never see and bots fill in. */
export const HONEYPOT_FIELD = "website";

export const supportSchema = z.object({
  name: required("Name is required", MAX.name, "Name"),
  email,
  subject: required("Subject is required", MAX.subject, "Subject"),
  message: plainText("Message", { lines: true, required: "Message is required" })
    .min(1, { error: "Message is required", abort: true })
    .min(10, "Message must be at least 10 characters long")
    .max(MAX.message, `Message must be at most ${MAX.message} characters`),
  [HONEYPOT_FIELD]: z.string().optional(),
});

export const contactSalesSchema = z.object({
  name: required("Name is required", MAX.name, "Name"),
  email,
  storeName: plainText("Store name")
    .max(MAX.storeName, `Store name must be at most ${MAX.storeName} characters`)
    .optional(),
  message: required("Message is required", MAX.message, "Message", { lines: true }),
  [HONEYPOT_FIELD]: z.string().optional(),
});

export type SupportRequest = z.infer<typeof supportSchema>;
export type ContactSalesRequest = z.infer<typeof contactSalesSchema>;

export const CONTACT_FAILURE = "Something went wrong, please try again.";
export const SUPPORT_FAILURE = "Something went wrong, please try again or email us directly.";
export const SUPPORT_SUCCESS = "Thanks! Your message has been sent. We reply within 24 business hours.";
export const CONTACT_SALES_SUCCESS = "Thanks! Our sales team will reply within one business day.";
