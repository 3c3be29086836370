import { describe, expect, it } from "vitest";
import { nodeVersionWarning, PRODUCTION_NODE } from "./node-version";

describe("the Node version a production boot warns about", () => {
  it("warns in production below Node 22.12, and says Node 20 is past its end of life", () => {
    const warning = nodeVersionWarning("20.20.2", true);
    expect(warning).toMatch(/^Node 20\.20\.2 runs this production server: .* support Node 22\.12\.0\+ in production/);
    expect(warning).toContain("Node 20 is past its end of life and gets no security fixes");
    expect(warning).toContain("docs/architecture.md#node-versions");
    expect(nodeVersionWarning("22.11.0", true)).not.toContain("end of life");
    expect(nodeVersionWarning("22.11.0", true)).toMatch(/^Node 22\.11\.0 runs this production server/);
  });

  it("is quiet from Node 22.12 on", () => {
    expect(PRODUCTION_NODE).toBe("22.12.0");
    for (const version of ["22.12.0", "22.23.3", "24.11.1", "26.0.0"]) {
      expect(nodeVersionWarning(version, true)).toBeNull();
    }
  });

  it("is quiet outside production (the machines the suite runs on have Node 20) and on an unreadable version", () => {
    expect(nodeVersionWarning("20.20.2", false)).toBeNull();
    expect(nodeVersionWarning("not-a-version", true)).toBeNull();
  });
});
