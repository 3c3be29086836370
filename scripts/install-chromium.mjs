#!/usr/bin/env node
// npm run install:chromium: Debian's Chromium at /usr/bin/chromium, the browser the Playwright
// tests run in (npm test calls this only when it is missing). Installs it with apt-get as root;
// anywhere else it says how, and exits 1. CHROMIUM_PATH names another Chromium or Chrome binary.
import fs from "node:fs";
import { canInstallDebianPackages, installDebianPackage, isMain } from "./debian-packages.mjs";

export const DEBIAN_CHROMIUM = "/usr/bin/chromium";

/** How to get a browser when there is none and this process cannot install one. */
export const CHROMIUM_MISSING =
  `Chromium was not found at ${DEBIAN_CHROMIUM}. Install Debian's chromium package ` +
  "(apt-get install -y chromium, as root), or set CHROMIUM_PATH to a Chromium or Chrome binary.";

/**
 * The browser for Playwright: { path } of CHROMIUM_PATH or Debian's Chromium, { path: null } when
 * neither is there, or { error } when CHROMIUM_PATH names a file that does not exist.
 */
export function findChromium() {
  const chosen = process.env.CHROMIUM_PATH;
  if (chosen) {
    return fs.existsSync(chosen)
      ? { path: chosen }
      : { error: `CHROMIUM_PATH is set to ${chosen}, which does not exist.` };
  }
  return { path: fs.existsSync(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : null };
}

/** Installs Debian's Chromium; { path } once it is there, or { error } saying how to get it. */
export function installChromium() {
  if (!canInstallDebianPackages()) return { error: CHROMIUM_MISSING };
  console.log("Installing Debian's chromium package (apt-get)...");
  if (!installDebianPackage("chromium") || !fs.existsSync(DEBIAN_CHROMIUM)) {
    return { error: `apt-get could not install chromium. ${CHROMIUM_MISSING}` };
  }
  return { path: DEBIAN_CHROMIUM };
}

if (isMain(import.meta.url)) {
  const found = findChromium();
  const result = found.error || found.path ? found : installChromium();
  if (result.error) {
    console.error(`✖ ${result.error}`);
    process.exit(1);
  }
  console.log(`Chromium: ${result.path}`);
}
