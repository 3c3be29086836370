/**
 * npm run bench: figures, not pass/fail thresholds (docs/benchmarks.md). `npm run bench -- <part>`
 * runs one part: flash-sale (a sale's orders and a merchant's saves against the production server,
 * SQLite then PostgreSQL; BENCH_FLASH_* sets its sizes), export (the CSV export of 1M events through
 * the server), events (the Dashboard, ROI and Audit Log pages at 1M events), backtest, functions
 * (`npx tsx bench/index.ts functions` runs it without the build, which it does not use), preflight or
 * preflight-check (one discount's check through a local fake Admin API, in its own process).
 */
import { spawnSync } from "node:child_process";
import os from "node:os";
import { benchExport } from "./export";
import { benchFlashSale } from "./flash-sale";
import { benchFunctions } from "./functions";
import { benchInProcess } from "./in-process";
import { benchPreflight } from "./preflight";

console.log(
  `Margin Guardrail benchmarks on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "unknown CPU"}), Node ${process.version}`,
);
const only = process.argv[2];
const parts = ["flash-sale", "export", "events", "backtest", "functions", "preflight", "preflight-check"];
if (only && !parts.includes(only)) throw new Error(`Unknown part "${only}": one of ${parts.join(", ")}`);
if (!only || only === "flash-sale") await benchFlashSale();
if (!only || only === "export") await benchExport();
if (!only || only === "events") await benchInProcess();
if (!only || only === "backtest") {
  // its own process: the app's database client is bound to one database per process
  const child = spawnSync(process.execPath, ["--import", "tsx", "bench/backtest.ts"], { stdio: "inherit" });
  if (child.status !== 0) throw new Error("The backtest benchmark failed");
}
if (!only || only === "functions") await benchFunctions();
// the promotion preflight's model: 50,000 carts × 200 discounts (docs/product.md#promotion-preflight)
if (!only || only === "preflight") benchPreflight();
// one discount's check, POST /api/preflight {discountId}, for a shop with 1,000 discounts: under a second
if (!only || only === "preflight-check") {
  const child = spawnSync(process.execPath, ["--import", "tsx", "bench/preflight-check.ts"], { stdio: "inherit" });
  if (child.status !== 0) throw new Error("The preflight check benchmark failed");
}
