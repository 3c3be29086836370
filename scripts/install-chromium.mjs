#!/usr/bin/env node
// npm run install:chromium: the browser the Playwright tests run in, Debian's Chromium headless
// shell (package chromium-headless-shell, /usr/bin/chromium-headless-shell): the same engine as
// Chromium without its windowing layers, and the headless browser Playwright itself runs by
// default; a page costs it about a third less CPU than the full browser in headless mode
// (docs/testing.md#browser-tests). npm test calls this only when no browser is found. Installs
// it with apt-get as root; anywhere else it says how, and exits 1. Where only Debian's full
// Chromium (/usr/bin/chromium) is installed, that one is used. CHROMIUM_PATH names another
// Chromium or Chrome binary.
import fs from "node:fs";
import { canInstallDebianPackages, installDebianPackage, isMain } from "./debian-packages.mjs";

export const DEBIAN_HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const DEBIAN_CHROMIUM = "/usr/bin/chromium";

/** How to get a browser when there is none and this process cannot install one. */
export const CHROMIUM_MISSING =
  `No browser at ${DEBIAN_HEADLESS_SHELL} or ${DEBIAN_CHROMIUM}. Install Debian's chromium-headless-shell ` +
  "package (apt-get install -y chromium-headless-shell, as root), or set CHROMIUM_PATH to a Chromium or Chrome binary.";

/**
 * The browser for Playwright: { path } of CHROMIUM_PATH, Debian's headless shell or Debian's
 * Chromium, { path: null } when none is there, or { error } when CHROMIUM_PATH names a file that
 * does not exist.
 */
export function findChromium() {
  const chosen = process.env.CHROMIUM_PATH;
  if (chosen) {
    return fs.existsSync(chosen)
      ? { path: chosen }
      : { error: `CHROMIUM_PATH is set to ${chosen}, which does not exist.` };
  }
  return { path: [DEBIAN_HEADLESS_SHELL, DEBIAN_CHROMIUM].find((file) => fs.existsSync(file)) ?? null };
}

/** Installs Debian's headless shell; { path } once it is there, or { error } saying how to get it. */
export function installChromium() {
  if (!canInstallDebianPackages()) return { error: CHROMIUM_MISSING };
  console.log("Installing Debian's chromium-headless-shell package (apt-get)...");
  if (!installDebianPackage("chromium-headless-shell") || !fs.existsSync(DEBIAN_HEADLESS_SHELL)) {
    return { error: `apt-get could not install chromium-headless-shell. ${CHROMIUM_MISSING}` };
  }
  return { path: DEBIAN_HEADLESS_SHELL };
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
