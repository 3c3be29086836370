// Installing Debian packages the tests need (Chromium, PostgreSQL): only as root, where apt-get
// exists; anywhere else the callers say how to install them instead.
import { spawnSync } from "node:child_process";
import { pathToFileURL } from "node:url";

/** This process runs as root. */
export const isRoot = () => typeof process.getuid === "function" && process.getuid() === 0;

/** This process may install Debian packages: it runs as root and apt-get exists. */
export function canInstallDebianPackages() {
  return isRoot() && spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0;
}

/** apt-get update, then installs `name` quietly; true when apt-get succeeded. */
export function installDebianPackage(name) {
  const result = spawnSync(
    "sh",
    ["-c", `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${name} >/dev/null`],
    { stdio: "inherit" },
  );
  return result.status === 0;
}

/** The module at `url` is the script node was started with (node scripts/x.mjs), not an import. */
export function isMain(url) {
  return process.argv[1] !== undefined && url === pathToFileURL(process.argv[1]).href;
}
