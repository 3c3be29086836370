import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  ALLOWED_FILE,
  engineFloor,
  judge,
  report,
  runScan,
  scanCommand,
  versionAtLeast,
} from "../../scripts/security-check.mjs";
import { TMP_DIR } from "../../scripts/migrations";

// scripts/security-check.mjs: Shopify's app security scan in CI (docs/security.md#checked-continuously-shopifys-app-security-scan).
// The real scan needs Shopify CLI and Node 22 from the npm registry, so these tests give the
// script's own logic the scan's JSON answer, in the shape Shopify CLI 4.8.2 prints it.

const secret = (file: string, title: string, severity = "high") => ({
  id: "COMMITTED_SECRET",
  severity,
  title,
  message: "A Shopify token pattern was found in repository text.",
  location: { file, line: 3 },
  fix: { description: "Move the secret to an environment variable and rotate it immediately" },
});

const TOKEN = "Hardcoded Shopify token detected";
const allowBench = { check: "COMMITTED_SECRET", file: "bench/x.ts", title: TOKEN, why: "made up" };

function answer(issues: object[]) {
  return {
    engine: { name: "shopify-app-doctor", version: "4.8.2" },
    scan: {
      scan: {
        files_scanned: 322,
        rules_run: 3,
        rules_skipped: 11,
        coverage_gaps: [
          { code: "skipped_file", file: "package-lock.json", message: "too large" },
          { code: "unsupported_framework", check_id: "UNAUTHENTICATED_ENDPOINT", message: "needs React Router" },
        ],
      },
      issues,
    },
  };
}

describe("the security check's verdict", () => {
  it("fails on a finding at the blocking level that allowed.json does not list", () => {
    const { excused, failing, unused } = judge([secret("app/a.ts", TOKEN)], [allowBench], "high");
    expect(failing.map((issue: { location: { file: string } }) => issue.location.file)).toEqual(["app/a.ts"]);
    expect(excused).toEqual([]);
    expect(unused).toEqual([allowBench]);
  });

  it("excuses a listed false positive once: a second finding of the same kind still fails", () => {
    const issues = [secret("bench/x.ts", TOKEN), secret("bench/x.ts", TOKEN)];
    const { excused, failing, unused } = judge(issues, [allowBench], "high");
    expect(excused).toHaveLength(1);
    expect(excused[0].why).toBe("made up");
    expect(failing).toHaveLength(1);
    expect(unused).toEqual([]);
  });

  it("matches the check, the file and the title, and ignores what is below the blocking level", () => {
    const otherTitle = secret("bench/x.ts", "Hardcoded Stripe API key detected");
    expect(judge([otherTitle], [allowBench], "high").failing).toHaveLength(1);
    expect(judge([secret("app/a.ts", TOKEN, "medium")], [], "high").failing).toEqual([]);
    expect(judge([secret("app/a.ts", TOKEN, "medium")], [], "medium").failing).toHaveLength(1);
    expect(() => judge([], [], "none")).toThrow(/--blocking is one of low, medium, high/);
  });

  it("reports the findings, what was excused and why, what the scan could not look at, and the verdict", () => {
    const failed = report(answer([secret("app/a.ts", TOKEN), secret("bench/x.ts", TOKEN)]), [allowBench], "high");
    expect(failed.passed).toBe(false);
    const text = failed.lines.join("\n");
    expect(text).toContain("322 files, 3 checks run, 11 not run; findings: 2 high, 0 medium, 0 low");
    expect(text).toContain(
      "allowed high COMMITTED_SECRET (bench/x.ts:3): Hardcoded Shopify token detected. Why: made up",
    );
    expect(text).toContain("✖ high COMMITTED_SECRET (app/a.ts:3)");
    expect(text).toContain(
      "Not run on a Remix app (they need @shopify/shopify-app-react-router): UNAUTHENTICATED_ENDPOINT",
    );
    expect(text).toContain("Coverage gap: package-lock.json: too large");

    const passed = report(answer([]), [allowBench], "high");
    expect(passed.passed).toBe(true);
    expect(passed.lines.join("\n")).toMatch(/excuses COMMITTED_SECRET in bench\/x\.ts .*no longer reports: remove it/);
  });
});

describe("running Shopify CLI", () => {
  it("needs the Node its package declares (22.12 for Shopify CLI 4.8.2)", () => {
    expect(engineFloor(">=22.12.0")).toBe("22.12.0");
    expect(() => engineFloor("^20 || >=22")).toThrow(/not ">=x.y.z"/);
    expect(versionAtLeast("v22.12.0", "22.12.0")).toBe(true);
    expect(versionAtLeast("v24.0.0", "22.12.0")).toBe(true);
    expect(versionAtLeast("v22.11.9", "22.12.0")).toBe(false);
    expect(versionAtLeast("v20.20.2", "22.12.0")).toBe(false);
  });

  it("calls the scan `app security check` where the CLI has it, else `app doctor`", () => {
    expect(scanCommand({ commands: { "app:doctor": {}, "app:security:check": {} } })).toEqual([
      "app",
      "security",
      "check",
    ]);
    expect(scanCommand({ commands: { "app:doctor": {} } })).toEqual(["app", "doctor"]);
    expect(() => scanCommand({ commands: {} })).toThrow(/neither/);
  });

  const dir = path.join(TMP_DIR, `security-check-${process.pid}`);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** A stand-in for Shopify CLI's bin/run.js: prints `output` when called with the scan's flags. */
  function fakeCli(output: string): string {
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `run-${Math.random().toString(36).slice(2)}.mjs`);
    fs.writeFileSync(
      file,
      `const args = process.argv.slice(2).join(" ");
if (!/^app doctor --path \\S+ --json --blocking high --no-color$/.test(args) || process.env.CI !== "1") {
  console.log("unexpected call: " + args);
  process.exit(2);
}
console.log(${JSON.stringify(output)});
process.exit(1);
`,
    );
    return file;
  }

  it("passes the blocking level, asks for JSON, runs non-interactively and reads the answer", () => {
    const printed = answer([secret("bench/x.ts", TOKEN)]);
    const cliEntry = fakeCli(JSON.stringify(printed));
    const got = runScan({ node: process.execPath, cliEntry, command: ["app", "doctor"], root: dir, blocking: "high" });
    expect(got).toEqual(printed);
  });

  it("says what the CLI printed when it gives no JSON answer", () => {
    const cliEntry = fakeCli("Command app:doctor not found.");
    expect(() =>
      runScan({ node: process.execPath, cliEntry, command: ["app", "doctor"], root: dir, blocking: "high" }),
    ).toThrow(/no JSON answer \(exit 1\):\nCommand app:doctor not found\./);
  });
});

describe("scripts/security-check/allowed.json", () => {
  const allowed = JSON.parse(fs.readFileSync(ALLOWED_FILE, "utf8")) as Record<string, unknown>[];

  it("names, for each reviewed false positive, a check, a file that exists, the finding's title and why", () => {
    expect(allowed.length).toBeGreaterThan(0);
    for (const entry of allowed) {
      expect(Object.keys(entry).sort()).toEqual(["check", "file", "title", "why"]);
      expect(entry.check).toMatch(/^[A-Z_]+$/);
      expect(fs.existsSync(String(entry.file)), String(entry.file)).toBe(true);
      expect(String(entry.why).length).toBeGreaterThan(40);
    }
  });
});
