import { describe, expect, it } from "vitest";
import { fail, messageOf, ok, type Failure, type Problem, type Result } from "./result";

describe("Result", () => {
  it("ok carries its value, or nothing", () => {
    expect(ok({ id: "r1" })).toEqual({ ok: true, value: { id: "r1" } });
    expect(ok()).toEqual({ ok: true, value: undefined });
  });

  it("fail(status, message) is a route-facing Failure, with its fields or Retry-After", () => {
    expect(fail(404, "Rule not found")).toEqual({ ok: false, error: { status: 404, message: "Rule not found" } });
    expect(fail(400, "Invalid input", { fields: { emails: ["Enter a valid e-mail"] } })).toEqual({
      ok: false,
      error: { status: 400, message: "Invalid input", fields: { emails: ["Enter a valid e-mail"] } },
    });
    expect(fail(429, "Too many messages", { retryAfterSeconds: 60 }).error.retryAfterSeconds).toBe(60);
  });

  it("fail(error) carries any other error as it is", () => {
    const problem: Problem & { unconfigured: boolean } = { message: "No Slack webhook URL is set", unconfigured: true };
    expect(fail(problem)).toEqual({ ok: false, error: problem });
    expect(fail(422)).toEqual({ ok: false, error: 422 });
  });

  it("narrows on ok", () => {
    const answers: Result<number>[] = [ok(2), fail(409, "Busy")];
    const seen = answers.map((result) => (result.ok ? result.value * 10 : result.error.status));
    expect(seen).toEqual([20, 409]);
    const failure: Failure | null = answers[1].ok ? null : answers[1].error;
    expect(failure?.message).toBe("Busy");
  });

  it("messageOf says what was thrown", () => {
    expect(messageOf(new Error("socket hang up"))).toBe("socket hang up");
    expect(messageOf("timeout")).toBe("timeout");
  });
});
