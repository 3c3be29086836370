import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { MIN_GUESSES_LOG10, secretWeakness } from "./secret-strength";

const SAMPLES = ["demo-shared-secret-change-me", "e2e-webhook-secret"];

describe("secretWeakness", () => {
  it("accepts random secrets and keys in the forms Shopify and openssl give them", () => {
    for (let round = 0; round < 5; round++) {
      expect(secretWeakness(crypto.randomBytes(16).toString("hex"), SAMPLES)).toBeNull();
      expect(secretWeakness(`shpss_${crypto.randomBytes(16).toString("hex")}`, SAMPLES)).toBeNull();
      expect(secretWeakness(crypto.randomBytes(32).toString("hex"), SAMPLES)).toBeNull();
      expect(secretWeakness(crypto.randomBytes(32).toString("base64"), SAMPLES)).toBeNull();
    }
  });

  it("refuses repeats, sequences and patterns however long they are", () => {
    for (const weak of [
      "x".repeat(32),
      "0".repeat(64),
      "deadbeef".repeat(8),
      "0123456789abcdef0123456789abcdef",
      "abcdefghijklmnopqrstuvwxyz012345",
      "aB3$".repeat(8),
    ]) {
      expect(secretWeakness(weak, SAMPLES), weak).toMatch(/guesses/);
    }
  });

  it("refuses a secret that merely contains a public sample", () => {
    expect(secretWeakness("demo-shared-secret-change-me-7f3a9c2e1b", SAMPLES)).toMatch(/public sample/);
    expect(secretWeakness(`x${crypto.randomBytes(16).toString("hex")}E2E-WEBHOOK-SECRET`, SAMPLES)).toMatch(
      /public sample/,
    );
  });

  it("refuses words and common passwords", () => {
    expect(secretWeakness("mysupersecretpassword1234567890ab", SAMPLES)).toMatch(/guesses/);
  });

  it("keeps its threshold near 66 bits: far above what a person types, far below a random secret", () => {
    expect(MIN_GUESSES_LOG10).toBe(20);
  });
});
