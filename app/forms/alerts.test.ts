import { describe, expect, it } from "vitest";
import { alertSettingsBody, alertSettingsSchema } from "./alerts";

const schema = alertSettingsSchema({ production: false });
const production = alertSettingsSchema({ production: true });

function errors(input: Record<string, unknown>, target = schema) {
  const parsed = target.safeParse(input);
  if (parsed.success) return {};
  const result: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (result[String(issue.path[0])] ??= []).push(issue.message);
  return result;
}

describe("alert settings", () => {
  it("reads a form: comma-separated recipients and URLs, checkboxes, empty secrets kept", () => {
    const settings = schema.parse({
      emailEnabled: "on",
      emails: "ops@example.com, finance@example.com ,",
      webhookEnabled: "true",
      webhooks: "https://hooks.example.com/a, http://127.0.0.1:9000/in",
      slackChannel: "",
      slackWebhook: "",
      frequency: "hourly",
      minSeverity: "high",
      quietStart: "22:00",
      quietEnd: "08:00",
      smtpPort: "2525",
      smtpPassword: "",
    });
    expect(settings).toMatchObject({
      emailEnabled: true,
      slackEnabled: false,
      webhookEnabled: true,
      emails: ["ops@example.com", "finance@example.com"],
      webhooks: ["https://hooks.example.com/a", "http://127.0.0.1:9000/in"],
      slackChannel: "#alerts",
      slackWebhook: undefined,
      frequency: "hourly",
      minSeverity: "high",
      quietStart: "22:00",
      quietEnd: "08:00",
      smtpPort: 2525,
      smtpPassword: undefined,
    });
  });
  it("defaults to immediate, low and #alerts, and leaves the SMTP settings alone unless they are sent", () => {
    const parsed = schema.parse({ emailEnabled: true, emails: ["a@example.com"] });
    expect(parsed).toMatchObject({
      frequency: "immediate",
      minSeverity: "low",
      slackChannel: "#alerts",
      quietStart: null,
      quietEnd: null,
    });
    expect([parsed.smtpHost, parsed.smtpPort, parsed.smtpUsername]).toEqual([undefined, undefined, undefined]);
    expect(schema.parse({ smtpHost: "", smtpUsername: "" })).toMatchObject({
      smtpHost: null,
      smtpUsername: null,
    });
  });
  it("names each invalid e-mail, URL and time", () => {
    expect(errors({ emails: "ops@example.com, not-an-email" })).toEqual({
      emails: ['"not-an-email" is not an e-mail address'],
    });
    expect(errors({ webhooks: "example.com/hook" })).toEqual({ webhooks: ['"example.com/hook" is not a URL'] });
    expect(errors({ webhooks: "ftp://example.com/hook" })).toEqual({
      webhooks: ["A webhook URL must start with https:// or http://"],
    });
    expect(errors({ quietStart: "10pm", quietEnd: "08:00" })).toEqual({
      quietStart: ["Enter a time such as 22:00 or 08:00"],
    });
    expect(errors({ slackChannel: "alerts" })).toEqual({ slackChannel: ["Enter a channel such as #alerts"] });
    expect(errors({ smtpPort: "70000" })).toEqual({ smtpPort: ["The SMTP port is between 1 and 65535"] });
    expect(errors({ frequency: "weekly" })).toEqual({ frequency: ["Frequency is one of immediate, hourly, daily"] });
  });
  it("wants both ends of the quiet hours, and a destination for each channel turned on", () => {
    expect(errors({ quietStart: "22:00" })).toEqual({ quietEnd: ["Set both ends of the quiet hours, or neither"] });
    expect(errors({ emailEnabled: true })).toEqual({
      emails: ["Add at least one recipient, or turn e-mail alerts off"],
    });
    expect(errors({ webhookEnabled: "on" })).toEqual({
      webhooks: ["Add at least one webhook URL, or turn webhooks off"],
    });
  });
  it("asks for https in production", () => {
    expect(errors({ webhooks: "http://example.com/hook" }, production)).toEqual({
      webhooks: ["A webhook URL must start with https://"],
    });
    expect(errors({ slackWebhook: "http://hooks.slack.com/services/x" }, production)).toEqual({
      slackWebhook: ["The Slack webhook URL must start with https://"],
    });
  });
  it("takes the API's other shapes: severity, and emailConfig nested", () => {
    const body = alertSettingsBody({
      severity: "critical",
      emailConfig: { smtpHost: "smtp.example.com", smtpPort: 465 },
    });
    expect(schema.parse(body)).toMatchObject({ minSeverity: "critical", smtpHost: "smtp.example.com", smtpPort: 465 });
  });
});

describe("alert settings: strict types", () => {
  it("reads the SMTP port from a JSON integer or decimal digits only", () => {
    expect(schema.parse({ smtpPort: 2525 }).smtpPort).toBe(2525);
    expect(schema.parse({ smtpPort: " 465 " }).smtpPort).toBe(465);
    for (const smtpPort of ["0x10", "1e3", "587.0", true, [1], {}, { toString: 1 }, "", "Infinity"]) {
      expect(errors({ smtpPort }), JSON.stringify(smtpPort)).toEqual({
        smtpPort: ["The SMTP port is a whole number from 1 to 65535"],
      });
    }
    expect(errors({ smtpPort: 2 ** 53 + 1 })).toEqual({ smtpPort: ["The SMTP port is between 1 and 65535"] });
  });
  it("refuses a list field that is no list, naming it, never reading it as text", () => {
    for (const value of [{ toString: 1 }, {}, 5, true]) {
      expect(errors({ emails: value }), JSON.stringify(value)).toEqual({
        emails: ["E-mail recipients must be a list: a JSON array, or text separated by commas"],
      });
      expect(errors({ webhooks: value }), JSON.stringify(value)).toEqual({
        webhooks: ["Webhook URLs must be a list: a JSON array, or text separated by commas"],
      });
    }
    expect(errors({ emails: [{}] })).toEqual({ emails: ["An e-mail recipient must be text"] });
    expect(errors({ webhooks: [5] })).toEqual({ webhooks: ["A webhook URL must be text"] });
  });
  it("refuses control characters in URLs and the SMTP username", () => {
    expect(errors({ webhooks: ["https://hooks.example.com/a\u0000"] })).toEqual({
      webhooks: ["A webhook URL must not contain control characters"],
    });
    expect(errors({ smtpUsername: "ops\u0000" })).toEqual({
      smtpUsername: ["The SMTP username must not contain control characters"],
    });
  });
  it("refuses emailConfig that is not an object", () => {
    expect(errors(alertSettingsBody({ emailConfig: "smtp.example.com" }))).toEqual({
      emailConfig: [
        "emailConfig must be an object with the SMTP settings (smtpHost, smtpPort, smtpUsername, smtpPassword)",
      ],
    });
    expect(errors(alertSettingsBody({ emailConfig: { smtpPort: "0x10" } }))).toEqual({
      smtpPort: ["The SMTP port is a whole number from 1 to 65535"],
    });
    expect(errors(alertSettingsBody({ emailConfig: null }))).toEqual({});
  });
});
