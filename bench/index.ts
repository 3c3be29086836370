/**
 * npm run bench: figures, not pass/fail thresholds (docs/benchmarks.md).
 * Set BENCH_EVENTS, BENCH_WEBHOOKS, BENCH_CONCURRENCY or BENCH_ROUNDS to change the sizes;
 * `npm run bench -- webhooks`, `-- alerts`, `-- events`, `-- backtest` or `-- functions` runs one part
 * (`npx tsx bench/index.ts functions` runs the Functions' part without the build, which it does not use);
 * `npm run bench -- postgres` (only when asked) runs the webhook benchmark on PostgreSQL too;
 * `npm run bench -- scale` (only when asked) prints issue 33's table as ratios at 100k and 1M
 * events (BENCH_SCALE_EVENTS sets the sizes).
 */
import { spawnSync } from "node:child_process";
import os from "node:os";
import { benchAlerts } from "./alerts";
import { benchFunctions } from "./functions";
import { benchInProcess } from "./in-process";
import { benchPreflight } from "./preflight";
import { benchPostgres } from "./postgres";
import { benchScale } from "./scale";
import { benchWebhooks, type AlertMode, type WebhookFigures } from "./webhooks";

console.log(
  `Margin Guardrail benchmarks on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "unknown CPU"}), Node ${process.version}`,
);
const only = process.argv[2];
if (!only || only === "webhooks") {
  // alerts off, queued but held, and delivered take turns, each going first in turn, so that
  // all three see the same machine; its speed drifts by more than the margin judged
  // (docs/benchmarks.md), hence enough rounds for medians that hold
  const rounds = Number(process.env.BENCH_ROUNDS || 5);
  const modes: AlertMode[] = ["off", "held", "delivered"];
  const runs = new Map<AlertMode, WebhookFigures[]>(modes.map((mode) => [mode, []]));
  for (let round = 0; round < rounds; round += 1) {
    for (let turn = 0; turn < modes.length; turn += 1) {
      const mode = modes[(round + turn) % modes.length]!;
      runs.get(mode)!.push(await benchWebhooks(mode));
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const slower = (off: number, on: number) => `${(((off - on) / off) * 100).toFixed(1)}%`;
  const off = runs.get("off")!;
  const offRate = median(off.map((run) => run.ackRate));
  console.log(
    `\nAlerts and the order hot path, the same load (medians of ${rounds} rounds; target: queuing alerts makes the hot path no more than 15% slower):`,
  );
  console.log(
    `  alerts off: acknowledged ${offRate.toFixed(0)}/s, p99 ${median(off.map((run) => run.p99)).toFixed(1)} ms`,
  );
  for (const [mode, label] of [
    ["held", "alerts queued in each order's transaction (held by quiet hours, none sent during the run)"],
    [
      "delivered",
      "alerts queued and delivered during the run, the delivery thread and the receiver on the same 2 cores",
    ],
  ] as const) {
    const these = runs.get(mode)!;
    const rate = median(these.map((run) => run.ackRate));
    const each = these.map((run, index) => slower(off[index]!.ackRate, run.ackRate));
    console.log(
      `  ${label}: acknowledged ${rate.toFixed(0)}/s, p99 ${median(these.map((run) => run.p99)).toFixed(1)} ms; ${slower(offRate, rate)} slower (each round against its own alerts-off run: ${each.join(", ")})`,
    );
  }
}
if (!only || only === "alerts") await benchAlerts();
if (!only || only === "events") await benchInProcess();
if (!only || only === "backtest") {
  // its own process: the app's database client is bound to one database per process
  const child = spawnSync(process.execPath, ["--import", "tsx", "bench/backtest.ts"], { stdio: "inherit" });
  if (child.status !== 0) throw new Error("The backtest benchmark failed");
}
if (!only || only === "functions") await benchFunctions();
// the promotion preflight's model: 50,000 carts × 200 discounts (docs/decisions/0065-promotion-preflight.md)
if (!only || only === "preflight") benchPreflight();
if (only === "leaks") {
  // the leaked-code counters' cost on the order hot path, in its own process (docs/decisions/0064-leaked-code-detector.md)
  const child = spawnSync(process.execPath, ["--import", "tsx", "bench/leaks.ts"], { stdio: "inherit" });
  if (child.status !== 0) throw new Error("The leaked-code benchmark failed");
}
if (only === "postgres") await benchPostgres();
if (only === "scale") await benchScale();
