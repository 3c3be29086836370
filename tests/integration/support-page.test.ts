import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { startSmtpServer } from "../helpers/smtp";

const smtp = await startSmtpServer();
process.env.SMTP_URL = smtp.url;

const prisma = (await import("../../app/db.server")).default;
const { action } = await import("../../app/routes/support");

let client = 0;
function submit(fields: Record<string, string>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  const request = new Request("http://localhost:3000/support", {
    method: "POST",
    body,
    headers: { "X-Forwarded-For": `198.51.100.${++client}` },
  });
  return action({ request, params: {}, context: {} });
}

const valid = { name: "Ada", email: "ada@example.com", subject: "Question", message: "How do collection rules work?" };

type Result = {
  data: {
    result: { status?: string; error?: Record<string, string[] | null> };
    notice: { tone: string; message: string } | null;
  };
  init: { status?: number } | null;
};

describe("the support page's own action", () => {
  beforeEach(async () => {
    await prisma.contactRequest.deleteMany();
    smtp.received.length = 0;
  });
  afterAll(() => smtp.close());

  it("stores and mails a valid message, and resets the form", async () => {
    const result = (await submit(valid)) as unknown as Result;
    expect(result.data.notice).toEqual({
      tone: "success",
      message: "Thanks! Your message has been sent. We reply within 24 business hours.",
    });
    expect(await prisma.contactRequest.count({ where: { kind: "support", mailStatus: "sent" } })).toBe(1);
    expect(smtp.received).toHaveLength(1);
  });

  it("answers each invalid field with its message, storing nothing", async () => {
    const result = (await submit({ name: "", email: "nope", subject: "", message: "short" })) as unknown as Result;
    expect(result.init?.status).toBe(400);
    expect(result.data.result.error).toMatchObject({
      name: ["Name is required"],
      email: ["Please enter a valid email address"],
      subject: ["Subject is required"],
      message: ["Message must be at least 10 characters long"],
    });
    expect(await prisma.contactRequest.count()).toBe(0);
    expect(smtp.received).toHaveLength(0);
  });

  it("refuses the honeypot", async () => {
    const result = (await submit({ ...valid, website: "spam" })) as unknown as Result;
    expect(result.init?.status).toBe(400);
    expect(result.data.notice?.message).toMatch(/looks automated/);
    expect(await prisma.contactRequest.count()).toBe(0);
  });
});
