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

describe("Standard Webhooks signatures", async () => {
  const { Webhook } = await import("standardwebhooks");
  const { ROTATION_OVERLAP_MS, signingSecretsAt, standardHeaders, standardSecretOf } =
    await import("./webhook-signature");
  const NEW = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;
  const OLD = "mgwh_an-older-secret-from-before";
  // the library checks the timestamp against its own clock: a time near it
  const now = Math.floor(new Date().getTime() / 1000);

  it("signs id.timestamp.body as v1,<base64 HMAC-SHA256>, which the standardwebhooks library verifies", () => {
    const headers = standardHeaders("outbox-1", BODY, now, [NEW]);
    const key = Buffer.alloc(32, 7);
    const expected = crypto.createHmac("sha256", key).update(`outbox-1.${now}.${BODY}`).digest("base64");
    expect(headers).toEqual({
      "webhook-id": "outbox-1",
      "webhook-timestamp": String(now),
      "webhook-signature": `v1,${expected}`,
    });
    expect(new Webhook(NEW).verify(BODY, headers)).toEqual(JSON.parse(BODY));
  });

  it("gives an older mgwh_ secret a whsec_ form with the same key: the legacy header keeps verifying", () => {
    const standard = standardSecretOf(OLD);
    expect(standard).toBe(`whsec_${Buffer.from(OLD).toString("base64")}`);
    expect(standardSecretOf(NEW)).toBe(NEW);
    const headers = standardHeaders("outbox-2", BODY, now, [OLD]);
    expect(() => new Webhook(standard).verify(BODY, headers)).not.toThrow();
    // the legacy header is keyed with the secret's string, as before
    expect(verifySignature(signatureHeader(OLD, BODY, now), BODY, OLD, now)).toEqual({ ok: true });
  });

  it("signs with both secrets during the overlap after a rotation, each verifiable alone", () => {
    const rotatedAt = new Date(now * 1000 - 60_000);
    const secrets = signingSecretsAt(NEW, { secret: OLD, rotatedAt }, new Date(now * 1000));
    expect(secrets).toEqual([NEW, OLD]);
    const headers = standardHeaders("outbox-3", BODY, now, secrets);
    expect(headers["webhook-signature"].split(" ")).toHaveLength(2);
    expect(() => new Webhook(NEW).verify(BODY, headers)).not.toThrow();
    expect(() => new Webhook(standardSecretOf(OLD)).verify(BODY, headers)).not.toThrow();
    const other = `whsec_${Buffer.alloc(32, 9).toString("base64")}`;
    expect(() => new Webhook(other).verify(BODY, headers)).toThrow(/No matching signature/);
  });

  it("drops the previous secret once the overlap is over", () => {
    const rotatedAt = new Date(0);
    expect(signingSecretsAt(NEW, { secret: OLD, rotatedAt }, new Date(ROTATION_OVERLAP_MS - 1))).toHaveLength(2);
    expect(signingSecretsAt(NEW, { secret: OLD, rotatedAt }, new Date(ROTATION_OVERLAP_MS))).toEqual([NEW]);
    expect(signingSecretsAt(NEW, null, new Date())).toEqual([NEW]);
  });

  it("is refused by the library when the body, the id or the timestamp changed", () => {
    const headers = standardHeaders("outbox-4", BODY, now, [NEW]);
    const hook = new Webhook(NEW);
    expect(() => hook.verify(`${BODY} `, headers)).toThrow();
    expect(() => hook.verify(BODY, { ...headers, "webhook-id": "outbox-5" })).toThrow();
    expect(() => hook.verify(BODY, { ...headers, "webhook-timestamp": String(now + 1) })).toThrow();
    const old = standardHeaders("outbox-4", BODY, now - 600, [NEW]);
    expect(() => hook.verify(BODY, old)).toThrow(/too old/);
  });
});
