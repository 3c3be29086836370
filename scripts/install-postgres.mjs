#!/usr/bin/env node
// npm run install:postgres: Debian's postgresql package, the server npm run test:postgres and the
// PostgreSQL benchmark start throwaway clusters of (scripts/postgres.mjs; npm test calls this only
// when it is missing). Installs it with apt-get as root; anywhere else it says how, and exits 1.
import fs from "node:fs";
import path from "node:path";
import { canInstallDebianPackages, installDebianPackage, isMain } from "./debian-packages.mjs";

const LIB = "/usr/lib/postgresql";

/** How to get PostgreSQL's server when it is missing and this process cannot install it. */
export const POSTGRES_MISSING =
  "PostgreSQL's server is not installed. Install Debian's postgresql package (apt-get install -y postgresql, as root), then run this again.";

/** The newest installed server's bin folder (with pg_ctl), or null. */
export function postgresBin() {
  if (!fs.existsSync(LIB)) return null;
  const versions = fs
    .readdirSync(LIB)
    .filter((version) => fs.existsSync(path.join(LIB, version, "bin", "pg_ctl")))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? path.join(LIB, versions[0], "bin") : null;
}

/** Installs Debian's postgresql package; { bin } once the server is there, or { missing: how }. */
export function installPostgres({ log = console.log } = {}) {
  if (!canInstallDebianPackages()) return { missing: POSTGRES_MISSING };
  log("Installing Debian's postgresql package (apt-get)...");
  const bin = installDebianPackage("postgresql") ? postgresBin() : null;
  return bin ? { bin } : { missing: `apt-get could not install postgresql. ${POSTGRES_MISSING}` };
}

if (isMain(import.meta.url)) {
  const found = postgresBin();
  const result = found ? { bin: found } : installPostgres();
  if (result.missing) {
    console.error(`✖ ${result.missing}`);
    process.exit(1);
  }
  console.log(`PostgreSQL's server: ${result.bin}`);
}
