import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { startSmtpServer } from "../helpers/smtp";

const smtp = await startSmtpServer();
process.env.SMTP_URL = smtp.url;
process.env.SUPPORT_EMAIL = "help@margin-guardrail.example";

const prisma = (await import("../../app/db.server")).default;
const { action: supportApi } = await import("../../app/routes/api.support");
const { action: salesApi } = await import("../../app/routes/api.contact-sales");

let client = 0;
function post(path: string, body: unknown, options: { json?: boolean; client?: string } = {}) {
  const headers: Record<string, string> = {};
  let payload: BodyInit;
  if (options.json === false) {
    const form = new FormData();
    for (const [key, value] of Object.entries(body as Record<string, string>)) form.set(key, value);
    payload = form;
  } else {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }
  const request = new Request(`http://localhost:3000${path}`, { method: "POST", headers, body: payload });
  // server.js puts the connection's address into the load context (app/http/client-address.ts)
  return { request, params: {}, context: { clientAddress: options.client ?? `10.0.0.${++client}` } };
}

const support = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  subject: "Stacked codes",
  message: "Two codes stacked on order #1001.",
};
const sales = {
  name: "Grace Hopper",
  email: "grace@example.com",
  storeName: "Hopper Goods",
  message: "We run 40 promotions a month.",
};

describe("support and contact sales", () => {
  beforeEach(async () => {
    await prisma.contactRequest.deleteMany();
    smtp.received.length = 0;
  });
  afterAll(() => smtp.close());

  it("stores a valid support message and mails it to the support address over SMTP", async () => {
    const response = (await supportApi(post("/api/support?shop=ada.myshopify.com", support))) as Response;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      message: "Thanks! Your message has been sent. We reply within 24 business hours.",
    });
    const stored = await prisma.contactRequest.findFirstOrThrow();
    expect(stored).toMatchObject({
      kind: "support",
      name: "Ada Lovelace",
      subject: "Stacked codes",
      shopDomain: "ada.myshopify.com",
      mailStatus: "sent",
    });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].to).toEqual(["help@margin-guardrail.example"]);
    expect(smtp.received[0].raw).toContain("Subject: [Support] Stacked codes");
    expect(smtp.received[0].raw).toContain("Reply-To: ada@example.com");
    expect(smtp.received[0].raw).toContain("Two codes stacked on order #1001.");
  });

  it("takes form data as well as JSON", async () => {
    const response = (await salesApi(post("/api/contact-sales", sales, { json: false }))) as Response;
    expect(response.status).toBe(200);
    expect((await response.json()).message).toBe("Thanks! Our sales team will reply within one business day.");
    expect(await prisma.contactRequest.count({ where: { kind: "sales", storeName: "Hopper Goods" } })).toBe(1);
    expect(smtp.received[0].raw).toContain("Subject: [Sales] Hopper Goods");
  });

  it.each([
    ["name", { ...support, name: "" }, "Name is required"],
    ["email", { ...support, email: "" }, "Email is required"],
    ["email", { ...support, email: "ada" }, "Please enter a valid email address"],
    ["subject", { ...support, subject: " " }, "Subject is required"],
    ["message", { ...support, message: "" }, "Message is required"],
    ["message", { ...support, message: "short" }, "Message must be at least 10 characters long"],
  ])("refuses a support message with a bad %s, storing and mailing nothing", async (field, body, message) => {
    const response = (await supportApi(post("/api/support", body))) as Response;
    expect(response.status).toBe(400);
    const json = await response.json();
    expect(json.errors[field]).toEqual([message]);
    expect(await prisma.contactRequest.count()).toBe(0);
    expect(smtp.received).toHaveLength(0);
  });

  it.each([
    ["name", { ...sales, name: "" }, "Name is required"],
    ["email", { ...sales, email: "x@" }, "Please enter a valid email address"],
    ["message", { ...sales, message: "" }, "Message is required"],
  ])("refuses a contact-sales request with a bad %s", async (field, body, message) => {
    const response = (await salesApi(post("/api/contact-sales", body))) as Response;
    expect(response.status).toBe(400);
    expect((await response.json()).errors[field]).toEqual([message]);
    expect(await prisma.contactRequest.count()).toBe(0);
  });

  it("refuses a body that is not an object", async () => {
    const response = (await supportApi(post("/api/support", ["nope"]))) as Response;
    expect(response.status).toBe(400);
    expect(await prisma.contactRequest.count()).toBe(0);
  });

  it("refuses the honeypot with a clear message and stores nothing", async () => {
    const response = (await supportApi(
      post("/api/support", { ...support, website: "http://spam.example" }),
    )) as Response;
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe(
      "This message looks automated and was not sent. Please email us at help@margin-guardrail.example.",
    );
    expect(await prisma.contactRequest.count()).toBe(0);
  });

  it("limits each client to 5 messages per 15 minutes with a 429 and a message", async () => {
    for (let i = 0; i < 5; i += 1) {
      expect(((await salesApi(post("/api/contact-sales", sales, { client: "192.0.2.7" }))) as Response).status).toBe(
        200,
      );
    }
    const limited = (await salesApi(post("/api/contact-sales", sales, { client: "192.0.2.7" }))) as Response;
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(800);
    expect((await limited.json()).message).toBe(
      "Too many messages from your connection. Please wait 15 minutes and try again.",
    );
    expect(await prisma.contactRequest.count()).toBe(5);
    // Another client is not affected.
    expect(((await salesApi(post("/api/contact-sales", sales, { client: "192.0.2.8" }))) as Response).status).toBe(200);
  });

  it("keeps the message and says so when the mail server is unreachable", async () => {
    await smtp.close();
    const response = (await supportApi(post("/api/support", support))) as Response;
    expect(response.status).toBe(502);
    expect((await response.json()).message).toBe("Something went wrong, please try again or email us directly.");
    const stored = await prisma.contactRequest.findFirstOrThrow();
    expect(stored.mailStatus).toBe("failed");
    expect(stored.mailError).toBeTruthy();
  });
});
