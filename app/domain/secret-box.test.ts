import { describe, expect, it } from "vitest";
import {
  derivedSecretKey,
  isSealedSecret,
  maskSecret,
  openSecret,
  parseSecretKey,
  sealSecret,
  sealedKeyId,
} from "./secret-box";

const current = parseSecretKey("00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff");
const previous = derivedSecretKey("old passphrase");
const SLACK = "https://hooks.slack.com/services/T000/B000/XXXXXXXXXXXXXXXX";

describe("merchant secrets at rest", () => {
  it("seals and opens with the same key and shop, and never stores the secret as text", () => {
    const sealed = sealSecret(SLACK, "shop-1", current);
    expect(sealed).not.toContain("hooks.slack.com");
    expect(sealed.startsWith(`v1:${current.id}:`)).toBe(true);
    expect(openSecret(sealed, "shop-1", [current])).toBe(SLACK);
    expect(sealSecret(SLACK, "shop-1", current)).not.toBe(sealed); // a fresh IV every time
  });
  it("refuses another shop's secret and a tampered one", () => {
    const sealed = sealSecret(SLACK, "shop-1", current);
    expect(() => openSecret(sealed, "shop-2", [current])).toThrow();
    const parts = sealed.split(":");
    parts[4] = Buffer.from("tampered").toString("base64");
    expect(() => openSecret(parts.join(":"), "shop-1", [current])).toThrow();
  });
  it("opens values sealed with a previous key after a rotation", () => {
    const old = sealSecret("smtp-password", "shop-1", previous);
    expect(openSecret(old, "shop-1", [current, previous])).toBe("smtp-password");
    expect(() => openSecret(old, "shop-1", [current])).toThrow(/not configured/);
  });
  it("reads keys as hex or base64 of 32 bytes only", () => {
    expect(parseSecretKey(Buffer.alloc(32, 7).toString("base64")).key).toHaveLength(32);
    expect(() => parseSecretKey("too-short")).toThrow(/32 bytes/);
  });
  it("tells a sealed value from one stored in clear before encryption, and names its key", () => {
    const sealed = sealSecret(SLACK, "shop-1", current);
    expect(isSealedSecret(sealed)).toBe(true);
    expect(sealedKeyId(sealed)).toBe(current.id);
    expect(sealedKeyId(sealSecret(SLACK, "shop-1", previous))).toBe(previous.id);
    for (const plain of [SLACK, "shpat_0123456789abcdef", "", "v1:", "v1:zz:a:b:c", "v1:0011aabb:a:b"]) {
      expect(isSealedSecret(plain)).toBe(false);
      expect(sealedKeyId(plain)).toBeNull();
    }
  });
  it("masks what the browser sees", () => {
    expect(maskSecret(SLACK)).toBe("••••XXXX");
    expect(maskSecret("abc")).toBe("••••");
  });
});
