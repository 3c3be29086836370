import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";

// A local stand-in for Resend's API: the SDK honours RESEND_BASE_URL.
const requests: { path: string; auth: string; body: Record<string, unknown> }[] = [];
const server = http.createServer((req, res) => {
  let body = "";
  req.on("data", (chunk) => (body += chunk));
  req.on("end", () => {
    requests.push({ path: req.url ?? "", auth: req.headers.authorization ?? "", body: JSON.parse(body) });
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ id: "re_test_1" }));
  });
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
process.env.RESEND_API_KEY = "re_local_key";
process.env.RESEND_BASE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
process.env.SMTP_URL = "smtp://127.0.0.1:1"; // Resend wins when both are set

describe("mailer through Resend", () => {
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("sends with Resend when its key is set", async () => {
    const { sendMail } = await import("../../app/services/mail/mailer.server");
    const result = await sendMail({
      to: "support@margin-guardrail.example",
      subject: "Hi",
      text: "Hello",
      replyTo: "a@example.com",
    });
    expect(result).toEqual({ status: "sent", transport: "resend", id: "re_test_1" });
    expect(requests).toHaveLength(1);
    expect(requests[0].path).toBe("/emails");
    expect(requests[0].auth).toBe("Bearer re_local_key");
    expect(requests[0].body).toMatchObject({
      to: "support@margin-guardrail.example",
      subject: "Hi",
      text: "Hello",
      reply_to: "a@example.com",
    });
  });
});
