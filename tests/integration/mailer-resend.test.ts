import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";

// A local stand-in for Resend's API: the SDK honours RESEND_BASE_URL.
// Like Resend, it sends a message once per idempotency key: the same key again with the same
// payload answers the first id, with another payload 409 invalid_idempotent_request.
const requests: { path: string; auth: string; key?: string; body: Record<string, unknown> }[] = [];
const sentUnderKey = new Map<string, { body: string; id: string }>();
const server = http.createServer((req, res) => {
  let body = "";
  req.on("data", (chunk) => (body += chunk));
  req.on("end", () => {
    const key = req.headers["idempotency-key"] as string | undefined;
    requests.push({ path: req.url ?? "", auth: req.headers.authorization ?? "", key, body: JSON.parse(body) });
    const earlier = key ? sentUnderKey.get(key) : undefined;
    if (earlier && earlier.body !== body) {
      res.writeHead(409, { "Content-Type": "application/json" });
      res.end(
        JSON.stringify({
          statusCode: 409,
          name: "invalid_idempotent_request",
          message: "Same idempotency key used with a different request payload.",
        }),
      );
      return;
    }
    const id = earlier?.id ?? `re_test_${requests.length}`;
    if (key) sentUnderKey.set(key, { body, id });
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ id }));
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
    expect(result).toEqual({ ok: true, value: { transport: "resend", id: "re_test_1" } });
    expect(requests).toHaveLength(1);
    expect(requests[0].path).toBe("/emails");
    expect(requests[0].auth).toBe("Bearer re_local_key");
    expect(requests[0].body).toMatchObject({
      to: "support@margin-guardrail.example",
      subject: "Hi",
      text: "Hello",
      reply_to: "a@example.com",
    });
    expect(requests[0].key).toBeUndefined();
    expect(requests[0].body.headers).toBeUndefined();
  });

  it("sends an alert's Message-ID as a header and its outbox id as Resend's idempotency key", async () => {
    const { sendMail } = await import("../../app/services/mail/mailer.server");
    const alert = {
      to: ["ops@example.com"],
      subject: "Margin Guardrail: high breach on order #1",
      text: "Order #1 took 40.0% off",
      messageId: "<alert-cmrow1@margin-guardrail.example>",
      idempotencyKey: "cmrow1",
      headers: { "X-Margin-Guardrail-Alert-Id": "cmrow1" },
    };
    const first = await sendMail(alert);
    // a retry after a crash: the same key and payload, and Resend answers the first id
    const again = await sendMail(alert);
    expect(first).toEqual({ ok: true, value: { transport: "resend", id: "re_test_2" } });
    expect(again).toEqual(first);
    for (const request of requests.slice(-2)) {
      expect(request.key).toBe("cmrow1");
      expect(request.body.headers).toEqual({
        "Message-ID": "<alert-cmrow1@margin-guardrail.example>",
        "X-Margin-Guardrail-Alert-Id": "cmrow1",
      });
    }
    // the recipients changed between attempts: Resend refuses the key, and had sent the alert already
    expect(await sendMail({ ...alert, to: ["finance@example.com"] })).toEqual({
      ok: true,
      value: { transport: "resend", repeat: true },
    });
    // without a key the same refusal would be an ordinary error: the key is what says "sent already"
    expect(requests.at(-1)!.key).toBe("cmrow1");
  });
});
