import * as z from "zod";
import { isClockTime } from "../domain/alerts/quiet-hours";
import { SEVERITIES } from "../domain/severity";
import { commaList, flag, plainText, wholeNumber } from "./fields";

/**
 * The alert settings (docs/product.md#alerts), one schema for the Alerts page (conform) and
 * `PUT /api/alerts/settings`. Secrets (the Slack URL, the SMTP password) left empty keep the
 * stored value: the browser only ever sees them masked. The SMTP settings are changed only
 * when they are sent. `production` asks for https URLs.
 */

export const ALERT_FREQUENCIES = ["immediate", "hourly", "daily"] as const;
export const DEFAULT_SLACK_CHANNEL = "#alerts";
export const DEFAULT_SMTP_PORT = 587;
export const MAX_RECIPIENTS = 20;
export const MAX_WEBHOOKS = 10;

const recipient = plainText("An e-mail recipient")
  .max(254)
  .pipe(z.email({ error: (issue) => `"${String(issue.input)}" is not an e-mail address` }));

function url(production: boolean, what: string) {
  return plainText(what)
    .max(2000, `${what} is too long`)
    .refine((value) => URL.canParse(value), { error: (issue) => `"${String(issue.input)}" is not a URL`, abort: true })
    .refine(
      (value) => {
        const protocol = new URL(value).protocol;
        return production ? protocol === "https:" : protocol === "https:" || protocol === "http:";
      },
      production ? `${what} must start with https://` : `${what} must start with https:// or http://`,
    );
}

/** "HH:MM"; empty, absent or null: no quiet hours. */
const clockTime = z
  .string()
  .trim()
  .nullish()
  .refine((value) => !value || isClockTime(value), "Enter a time such as 22:00 or 08:00")
  .transform((value) => value || null);

/** An empty secret keeps the stored one. */
const secretField = z
  .string({ error: "A secret must be text" })
  .max(2000)
  .optional()
  .transform((value) => (value ? value.trim() : undefined));

/** The merchant's SMTP server (the Integration Center's card); changed only when sent, empty clears it. */
const smtpShape = {
  smtpHost: z
    .string({ error: "The SMTP host must be text" })
    .trim()
    .max(253)
    .regex(/^$|^[a-z0-9.-]+$/i, "Enter a host name such as smtp.example.com")
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null)),
  smtpPort: wholeNumber({
    min: 1,
    max: 65535,
    message: "The SMTP port is a whole number from 1 to 65535",
    range: "The SMTP port is between 1 and 65535",
  }).optional(),
  smtpUsername: plainText("The SMTP username")
    .max(254)
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null)),
  smtpPassword: secretField,
};

const slackChannel = plainText("The Slack channel")
  .default(DEFAULT_SLACK_CHANNEL)
  .transform((value) => value || DEFAULT_SLACK_CHANNEL)
  .pipe(z.string().regex(/^#[a-z0-9][a-z0-9._-]{0,79}$/, "Enter a channel such as #alerts"));

/** The SMTP card's form: the same fields as the settings. */
export const smtpSettingsSchema = z.object(smtpShape);

/** The Slack card's guided page: an incoming-webhook URL (required) and its channel. */
export function slackConnectSchema({ production }: { production: boolean }) {
  return z.object({
    slackWebhook: z
      .string({ error: "Paste the Slack incoming-webhook URL" })
      .trim()
      .pipe(url(production, "The Slack webhook URL")),
    slackChannel,
  });
}

export function alertSettingsSchema({ production }: { production: boolean }) {
  return z
    .object({
      emailEnabled: flag.default(false),
      slackEnabled: flag.default(false),
      webhookEnabled: flag.default(false),
      emails: commaList(recipient, MAX_RECIPIENTS, "e-mail recipients"),
      slackChannel,
      slackWebhook: secretField.pipe(url(production, "The Slack webhook URL").optional()),
      webhooks: commaList(url(production, "A webhook URL"), MAX_WEBHOOKS, "webhook URLs"),
      frequency: z
        .enum(ALERT_FREQUENCIES, { error: "Frequency is one of immediate, hourly, daily" })
        .default("immediate"),
      minSeverity: z
        .enum(SEVERITIES, { error: "Minimum severity is one of low, medium, high, critical" })
        .default("low"),
      quietStart: clockTime,
      quietEnd: clockTime,
      ...smtpShape,
      /** set only by alertSettingsBody when the API's emailConfig is not an object */
      emailConfig: z
        .never({ error: `emailConfig must be an object with the SMTP settings (${Object.keys(smtpShape).join(", ")})` })
        .optional(),
    })
    .superRefine((settings, context) => {
      if ((settings.quietStart === null) !== (settings.quietEnd === null)) {
        const path = settings.quietStart === null ? "quietStart" : "quietEnd";
        context.addIssue({ code: "custom", path: [path], message: "Set both ends of the quiet hours, or neither" });
      }
      if (settings.emailEnabled && settings.emails.length === 0) {
        context.addIssue({
          code: "custom",
          path: ["emails"],
          message: "Add at least one recipient, or turn e-mail alerts off",
        });
      }
      if (settings.webhookEnabled && settings.webhooks.length === 0) {
        context.addIssue({
          code: "custom",
          path: ["webhooks"],
          message: "Add at least one webhook URL, or turn webhooks off",
        });
      }
    });
}

export type AlertSettingsInput = z.infer<ReturnType<typeof alertSettingsSchema>>;

/**
 * The JSON API also takes the shapes other clients send: `severity` for the minimum severity,
 * and the SMTP settings nested as `emailConfig`.
 */
export function alertSettingsBody(body: Record<string, unknown>): Record<string, unknown> {
  const { severity, emailConfig, ...rest } = body;
  const isObject = typeof emailConfig === "object" && emailConfig !== null && !Array.isArray(emailConfig);
  const config = isObject ? (emailConfig as Record<string, unknown>) : {};
  return {
    // anything else sent as emailConfig is refused by the schema, with its name
    ...(emailConfig === undefined || emailConfig === null || isObject ? {} : { emailConfig }),
    ...config,
    ...(severity !== undefined && rest.minSeverity === undefined ? { minSeverity: severity } : {}),
    ...rest,
  };
}
