import { describe, expect, it } from "vitest";
import { ALERT_ID_HEADER, alertMessageId, alertOfMessageId, messageIdDomain, slackIdLine } from "./alert-identity";
import { alertSlackMessage, digestSlackMessage, mailOf, testAlert, type DigestAlert } from "./alert-message";
import { digestOf } from "./alert-digest";

const APP = "https://guardrail.example.com";
const FROM = "Margin Guardrail <no-reply@mail.margin-guardrail.example>";

describe("an alert's Message-ID", () => {
  it("takes the domain of the sender's address, else the app's host", () => {
    expect(messageIdDomain(FROM, APP)).toBe("mail.margin-guardrail.example");
    expect(messageIdDomain("alerts@Shop.Example.COM", APP)).toBe("shop.example.com");
    expect(messageIdDomain("Margin Guardrail", APP)).toBe("guardrail.example.com");
    expect(messageIdDomain("x <a@not_a_domain>", APP)).toBe("guardrail.example.com");
    expect(messageIdDomain("x <a@exa mple.com>", "http://localhost:3000")).toBe("localhost");
    expect(messageIdDomain("", "not a url")).toBe("margin-guardrail.invalid");
  });

  it("is made from the outbox id alone: the same on every attempt, another for another id", () => {
    const id = "cmabc123def456";
    expect(alertMessageId("alert", id, "example.com")).toBe("<alert-cmabc123def456@example.com>");
    expect(alertMessageId("alert", id, "example.com")).toBe(alertMessageId("alert", id, "example.com"));
    expect(alertMessageId("digest", id, "example.com")).toBe("<digest-cmabc123def456@example.com>");
    expect(alertMessageId("alert", "cmabc123def457", "example.com")).not.toBe(
      alertMessageId("alert", id, "example.com"),
    );
  });

  it("keeps any id inside the Message-ID syntax, and reads it back unchanged", () => {
    const ids = ["0b7e2c1e-8a1f-4a57-9d0e-3f6f2b8c9a10", "a.b", "a=2Eb", "with space", "bön<>@", "x_y-z"];
    const made = ids.map((id) => alertMessageId("alert", id, "example.com"));
    expect(new Set(made).size).toBe(ids.length);
    for (const [index, messageId] of made.entries()) {
      // dot-atom text on the left, one @, in angle brackets
      expect(messageId).toMatch(/^<[A-Za-z0-9_=-]+@example\.com>$/);
      expect(alertOfMessageId(messageId)).toEqual({ kind: "alert", id: ids[index] });
    }
    expect(alertOfMessageId("<digest-abc@example.com>")).toEqual({ kind: "digest", id: "abc" });
    expect(alertOfMessageId("<1234.5678@smtp.example.com>")).toBeNull();
    expect(() => alertMessageId("alert", "", "example.com")).toThrow(/needs its id/);
  });
});

describe("the id on every channel", () => {
  const alert = testAlert("outbox-9", "hopper-goods.myshopify.com", new Date("2026-11-22T06:00:00Z"));
  const digest: DigestAlert = {
    id: "outbox-10",
    shopDomain: "hopper-goods.myshopify.com",
    digest: digestOf(
      [{ ...alert.event, createdAt: new Date("2026-11-22T06:00:00Z") }],
      "hourly",
      new Date("2026-11-22T07:00:00Z"),
      "UTC",
      [],
    ),
  };

  it("e-mail: the Message-ID, the id header and the idempotency key, the same each time it is made", () => {
    const mail = mailOf(alert, APP, FROM);
    expect(mail).toMatchObject({
      messageId: "<alert-outbox-9@mail.margin-guardrail.example>",
      idempotencyKey: "outbox-9",
      headers: { [ALERT_ID_HEADER]: "outbox-9" },
    });
    expect(mailOf(alert, APP, FROM)).toEqual(mail);
    expect(mailOf(digest, APP, FROM)).toMatchObject({
      messageId: "<digest-outbox-10@mail.margin-guardrail.example>",
      idempotencyKey: "outbox-10",
    });
  });

  it("Slack: the last line says the id, and the message metadata carries it", () => {
    const message = alertSlackMessage(alert, APP, "#alerts");
    expect(message.blocks.at(-1)).toEqual({
      type: "context",
      elements: [{ type: "plain_text", text: "Alert outbox-9" }],
    });
    expect(message.metadata).toEqual({
      event_type: "margin_guardrail_alert",
      event_payload: { kind: "alert", alert_id: "outbox-9" },
    });
    const digestMessage = digestSlackMessage(digest, APP, "#alerts");
    expect(digestMessage.blocks.at(-1)).toMatchObject({ elements: [{ text: "Digest outbox-10" }] });
    expect(slackIdLine("digest", "x")).toBe("Digest x");
  });
});
