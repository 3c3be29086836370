import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { SIGNATURE_TOLERANCE_SECONDS, signatureHeader, verifySignature } from "./webhook-signature";

const SECRET = "whsec_test_0123456789";
const BODY = JSON.stringify({ id: "alert-1", order: "#1001" });
const T = 1_795_300_000;

describe("outgoing webhook signatures", () => {
  it("signs t.body with HMAC-SHA256, as a receiver recomputes it", () => {
    const header = signatureHeader(SECRET, BODY, T);
    const expected = crypto.createHmac("sha256", SECRET).update(`${T}.${BODY}`).digest("hex");
    expect(header).toBe(`t=${T},v1=${expected}`);
  });
  it("verifies within the 5-minute tolerance, either side", () => {
    const header = signatureHeader(SECRET, BODY, T);
    expect(verifySignature(header, BODY, SECRET, T)).toEqual({ ok: true });
    expect(verifySignature(header, BODY, SECRET, T + SIGNATURE_TOLERANCE_SECONDS)).toEqual({ ok: true });
    expect(verifySignature(header, BODY, SECRET, T + SIGNATURE_TOLERANCE_SECONDS + 1)).toEqual({
      ok: false,
      reason: "too_old",
    });
    expect(verifySignature(header, BODY, SECRET, T - SIGNATURE_TOLERANCE_SECONDS - 1)).toEqual({
      ok: false,
      reason: "too_old",
    });
  });
  it("refuses another body, another secret and a forged timestamp", () => {
    const header = signatureHeader(SECRET, BODY, T);
    expect(verifySignature(header, `${BODY} `, SECRET, T)).toEqual({ ok: false, reason: "mismatch" });
    expect(verifySignature(header, BODY, "other", T)).toEqual({ ok: false, reason: "mismatch" });
    expect(verifySignature(header.replace(`t=${T}`, `t=${T + 10}`), BODY, SECRET, T)).toEqual({
      ok: false,
      reason: "mismatch",
    });
  });
  it("calls malformed headers malformed", () => {
    for (const header of [null, "", "v1=abc", `t=${T}`, `t=x,v1=${"0".repeat(64)}`, `t=${T},v1=zz`]) {
      expect(verifySignature(header, BODY, SECRET, T)).toEqual({ ok: false, reason: "malformed" });
    }
  });
});
