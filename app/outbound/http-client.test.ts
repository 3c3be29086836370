import dns from "node:dns/promises";
import { describe, expect, it, vi } from "vitest";
import { isPublicAddress, outboundUrlProblem, sendTimeProblem } from "./http-client.server";

describe("the guard on merchants' URLs", () => {
  it("tells public addresses from private, loopback, link-local and the like", () => {
    for (const address of ["8.8.8.8", "151.101.1.69", "2606:4700::6810:84e5"])
      expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "fc00::1",
      "fe80::1",
      "::ffff:127.0.0.1",
      "not-an-ip",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
  it("refuses URLs to such addresses with the guard on, and lets them be without it (development)", async () => {
    expect(await outboundUrlProblem("http://127.0.0.1:9000/hook", { guard: true })).toBe(
      "127.0.0.1 points at a private or local address; alerts go only to public addresses",
    );
    expect(await outboundUrlProblem("http://[::1]/hook", { guard: true })).toMatch(/private or local/);
    expect(await outboundUrlProblem("http://169.254.169.254/latest/meta-data", { guard: true })).toMatch(
      /private or local/,
    );
    expect(await outboundUrlProblem("http://127.0.0.1:9000/hook", { guard: false })).toBeNull();
    expect(await outboundUrlProblem("ftp://example.com/x", { guard: false })).toBe(
      '"ftp://example.com/x" must start with https://',
    );
  });
  it("at send time, asks DNS once per host for a while when the answer is public, and every time when it is not", async () => {
    const answers: Record<string, string> = { "hooks.example.com": "8.8.8.8", "inside.example.com": "10.0.0.7" };
    const lookup = vi
      .spyOn(dns, "lookup")
      .mockImplementation((async (host: string) => [
        { address: answers[host], family: 4 },
      ]) as unknown as typeof dns.lookup);
    try {
      expect(await sendTimeProblem("https://hooks.example.com/a", true)).toBeNull();
      expect(await sendTimeProblem("https://hooks.example.com/b", true)).toBeNull();
      expect(lookup).toHaveBeenCalledTimes(1);
      for (let time = 0; time < 2; time += 1) {
        expect(await sendTimeProblem("https://inside.example.com/hook", true)).toBe(
          "inside.example.com points at a private or local address; alerts go only to public addresses",
        );
      }
      expect(lookup).toHaveBeenCalledTimes(3);
      // without the guard nothing is looked up
      expect(await sendTimeProblem("https://inside.example.com/hook", false)).toBeNull();
      expect(lookup).toHaveBeenCalledTimes(3);
    } finally {
      lookup.mockRestore();
    }
  });
});
