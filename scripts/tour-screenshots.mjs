#!/usr/bin/env node
// npm run tour:screenshots: starts the demo store on a scratch database, takes the /demo
// tour's screenshots of the real screens in Chromium, and writes them to public/tour/.
import { spawn } from "node:child_process";
import fs from "node:fs";
import { chromium } from "@playwright/test";
import { findChromium } from "./install-chromium.mjs";

const PORT = process.env.TOUR_PORT || "3230";
const BASE = `http://127.0.0.1:${PORT}`;
const SHOTS = [
  { path: "/rules", file: "1-define-a-rule.png" },
  { path: "/audit-log", file: "2-catch-a-risky-order.png" },
  { path: "/roi-dashboard", file: "3-see-the-value-protected.png" },
];

fs.mkdirSync("tests/.tmp", { recursive: true });
const server = spawn("node", ["scripts/demo.mjs", "--reset"], {
  stdio: ["ignore", "inherit", "inherit"],
  env: {
    ...process.env,
    PORT,
    HOST: "127.0.0.1",
    DATABASE_URL: "file:./tests/.tmp/tour.sqlite",
    SHOPIFY_API_KEY: "",
    SHOPIFY_API_SECRET: process.env.SHOPIFY_API_SECRET || "tour-secret",
  },
  detached: true,
});

async function waitForServer() {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    try {
      if ((await fetch(`${BASE}/dashboard`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("The demo store did not start");
}

try {
  await waitForServer();
  const browser = await chromium.launch({
    executablePath: findChromium().path ?? undefined,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  for (const shot of SHOTS) {
    await page.goto(`${BASE}${shot.path}`, { waitUntil: "networkidle" });
    await page.screenshot({ path: `public/tour/${shot.file}` });
    console.log(`public/tour/${shot.file}`);
  }
  await browser.close();
} finally {
  process.kill(-server.pid, "SIGTERM");
}
