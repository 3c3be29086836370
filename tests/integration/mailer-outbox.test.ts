import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const outbox = fs.mkdtempSync(path.join(os.tmpdir(), "mg-outbox-"));
process.env.MAIL_OUTBOX_DIR = outbox;
delete process.env.RESEND_API_KEY;
delete process.env.SMTP_URL;

describe("mailer without a transport", () => {
  it("writes mail to the local outbox outside production", async () => {
    const { sendMail } = await import("../../app/services/mail/mailer.server");
    const result = await sendMail({ to: "support@margin-guardrail.example", subject: "Local", text: "Kept here" });
    expect(result).toEqual({ ok: true, value: { transport: "outbox" } });
    const files = fs.readdirSync(outbox);
    expect(files).toHaveLength(1);
    expect(JSON.parse(fs.readFileSync(path.join(outbox, files[0]), "utf8"))).toMatchObject({
      to: "support@margin-guardrail.example",
      subject: "Local",
      text: "Kept here",
    });
  });

  it("keeps an alert's Message-ID and id header, one file per attempt", async () => {
    const { sendMail } = await import("../../app/services/mail/mailer.server");
    const alert = {
      to: "ops@example.com",
      subject: "Alert",
      text: "Body",
      messageId: "<alert-cmrow2@margin-guardrail.example>",
      idempotencyKey: "cmrow2",
      headers: { "X-Margin-Guardrail-Alert-Id": "cmrow2" },
    };
    const before = new Set(fs.readdirSync(outbox));
    expect(await sendMail(alert)).toEqual({ ok: true, value: { transport: "outbox", id: alert.messageId } });
    await sendMail(alert);
    const files = fs.readdirSync(outbox).filter((file) => !before.has(file));
    expect(files).toHaveLength(2);
    for (const file of files) {
      expect(JSON.parse(fs.readFileSync(path.join(outbox, file), "utf8"))).toMatchObject({
        messageId: "<alert-cmrow2@margin-guardrail.example>",
        headers: { "X-Margin-Guardrail-Alert-Id": "cmrow2" },
      });
    }
    fs.rmSync(outbox, { recursive: true, force: true });
  });
});
