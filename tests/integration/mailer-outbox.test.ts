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
    expect(result).toEqual({ status: "sent", transport: "outbox" });
    const files = fs.readdirSync(outbox);
    expect(files).toHaveLength(1);
    expect(JSON.parse(fs.readFileSync(path.join(outbox, files[0]), "utf8"))).toMatchObject({
      to: "support@margin-guardrail.example",
      subject: "Local",
      text: "Kept here",
    });
    fs.rmSync(outbox, { recursive: true, force: true });
  });
});
