import { describe, expect, it } from "vitest";
import {
  endpointKey,
  endpointStatesOf,
  goneNotice,
  honoursRetryAfter,
  statesForUrls,
  verdictOf,
} from "./webhook-endpoints";

describe("webhook endpoint states", () => {
  it("counts 2xx delivered, 410 gone, 3xx and the rest failed (redirects are not followed)", () => {
    expect(verdictOf(204)).toEqual({ kind: "delivered" });
    expect(verdictOf(410)).toEqual({ kind: "gone" });
    expect(verdictOf(301)).toEqual({ kind: "failed", message: "answered 301 (redirects are not followed)" });
    expect(verdictOf(500)).toEqual({ kind: "failed", message: "answered 500" });
    expect([429, 503, 500, 410].map(honoursRetryAfter)).toEqual([true, true, false, false]);
  });
  it("keys a URL by a hash that does not show its path", () => {
    const key = endpointKey("https://example.com/hooks/s3cr3t");
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(key).not.toBe(endpointKey("https://example.com/hooks/other"));
  });
  it("reads what is stored, dropping what is not a state, and keeps only the URLs still listed", () => {
    const kept = "https://a.example/x";
    const stored = {
      [endpointKey(kept)]: { status: "gone", host: "a.example", since: "2026-11-25T00:00:00.000Z", detail: "410" },
      [endpointKey("https://b.example/y")]: { status: "failing", host: "b.example", since: "", detail: "" },
      junk: { status: "sleeping", host: "c" },
    };
    const states = endpointStatesOf(stored);
    expect(Object.keys(states)).toHaveLength(2);
    expect(Object.keys(statesForUrls(states, [kept]))).toEqual([endpointKey(kept)]);
    expect(endpointStatesOf(null)).toEqual({});
    expect(endpointStatesOf([1])).toEqual({});
  });
  it("tells the merchant which host was disabled and where to enable it again", () => {
    const notice = goneNotice("hooks.example.com", new Date("2026-11-25T10:00:00Z"), "https://app.example/");
    expect(notice.subject).toBe("Margin Guardrail: webhook to hooks.example.com disabled");
    expect(notice.text).toContain("https://app.example/alerts");
    expect(notice.text).toContain("410 Gone");
  });
});
