import { describe, expect, it } from "vitest";
import { contactSalesSchema, supportSchema } from "./contact";

function messages(schema: typeof supportSchema | typeof contactSalesSchema, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const byField: Record<string, string[]> = {};
  for (const issue of result.error.issues) (byField[String(issue.path[0])] ??= []).push(issue.message);
  return byField;
}

const validSupport = {
  name: "Ada",
  email: "ada@example.com",
  subject: "Stacking",
  message: "Two codes stacked on #1001.",
};

describe("support form (docs/product.md#support)", () => {
  it("accepts a complete message and trims it", () => {
    expect(supportSchema.parse({ ...validSupport, name: "  Ada  " }).name).toBe("Ada");
  });
  it("says each required field is required", () => {
    expect(messages(supportSchema, {})).toEqual({
      name: ["Name is required"],
      email: ["Email is required"],
      subject: ["Subject is required"],
      message: ["Message is required"],
    });
  });
  it("treats blank text as missing", () => {
    expect(messages(supportSchema, { ...validSupport, name: "   ", message: "  " })).toEqual({
      name: ["Name is required"],
      message: ["Message is required"],
    });
  });
  it("asks for a valid e-mail address", () => {
    for (const email of ["ada", "ada@", "@example.com", "ada example.com"]) {
      expect(messages(supportSchema, { ...validSupport, email })).toEqual({
        email: ["Please enter a valid email address"],
      });
    }
  });
  it("asks for at least 10 characters of message", () => {
    expect(messages(supportSchema, { ...validSupport, message: "Too short" })).toEqual({
      message: ["Message must be at least 10 characters long"],
    });
    expect(messages(supportSchema, { ...validSupport, message: "Ten chars!" })).toEqual({});
  });
  it("caps lengths", () => {
    expect(messages(supportSchema, { ...validSupport, subject: "x".repeat(151) })).toEqual({
      subject: ["Subject must be at most 150 characters"],
    });
  });
});

describe("contact sales form", () => {
  const valid = {
    name: "Ada",
    email: "ada@example.com",
    storeName: "Ada's Shop",
    message: "We run 40 promotions a month.",
  };
  it("accepts a complete request, store name optional", () => {
    expect(contactSalesSchema.safeParse(valid).success).toBe(true);
    expect(contactSalesSchema.safeParse({ ...valid, storeName: undefined }).success).toBe(true);
  });
  it("requires name, email and message", () => {
    expect(messages(contactSalesSchema, {})).toEqual({
      name: ["Name is required"],
      email: ["Email is required"],
      message: ["Message is required"],
    });
  });
  it("asks for a valid e-mail address", () => {
    expect(messages(contactSalesSchema, { ...valid, email: "nope" })).toEqual({
      email: ["Please enter a valid email address"],
    });
  });
});

describe("no control characters", () => {
  it("refuses them in names and subjects, lets a message have lines", () => {
    expect(
      messages(supportSchema, { ...validSupport, name: "Ada\u0000", subject: "Hi\r\nBcc: x@example.com" }),
    ).toEqual({
      name: ["Name must not contain control characters"],
      subject: ["Subject must not contain control characters"],
    });
    expect(supportSchema.parse({ ...validSupport, message: "Line one\nLine two is here" }).message).toBe(
      "Line one\nLine two is here",
    );
    expect(messages(supportSchema, { ...validSupport, message: "Two codes stacked\u0000" })).toEqual({
      message: ["Message must not contain control characters"],
    });
    expect(
      messages(contactSalesSchema, { name: "Grace", email: "g@example.com", message: "Hi", storeName: "\u0007" }),
    ).toEqual({
      storeName: ["Store name must not contain control characters"],
    });
  });
});
