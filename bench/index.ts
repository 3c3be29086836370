/**
 * npm run bench: figures, not pass/fail thresholds (see README, "Benchmarks").
 * Set BENCH_EVENTS, BENCH_WEBHOOKS, BENCH_CONCURRENCY or BENCH_ROUNDS to change the sizes;
 * `npm run bench -- webhooks`, `-- alerts`, `-- events` or `-- backtest` runs one part;
 * `npm run bench -- postgres` (only when asked) runs the webhook benchmark on PostgreSQL too.
 */
import { spawnSync } from "node:child_process";
import os from "node:os";
import { benchAlerts } from "./alerts";
import { benchInProcess } from "./in-process";
import { benchPostgres } from "./postgres";
import { benchWebhooks } from "./webhooks";

console.log(
  `Margin Guardrail benchmarks on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "unknown CPU"}), Node ${process.version}`,
);
const only = process.argv[2];
if (!only || only === "webhooks") {
  // off and on alternate, each going first every other round, so that both see the same
  // machine; its speed drifts by more than the margin judged (README, "Benchmarks"), hence
  // enough rounds for medians that hold
  const rounds = Number(process.env.BENCH_ROUNDS || 7);
  const offRuns: Awaited<ReturnType<typeof benchWebhooks>>[] = [];
  const onRuns: Awaited<ReturnType<typeof benchWebhooks>>[] = [];
  for (let round = 0; round < rounds; round += 1) {
    if (round % 2 === 1) onRuns.push(await benchWebhooks(true));
    offRuns.push(await benchWebhooks(false));
    if (round % 2 === 0) onRuns.push(await benchWebhooks(true));
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const off = { ackRate: median(offRuns.map((run) => run.ackRate)), p99: median(offRuns.map((run) => run.p99)) };
  const on = { ackRate: median(onRuns.map((run) => run.ackRate)), p99: median(onRuns.map((run) => run.p99)) };
  const slowdown = (a: number, b: number) => ((a - b) / a) * 100;
  const percent = (value: number) => `${value.toFixed(1)}%`;
  const slowdowns = onRuns.map((run, index) => slowdown(offRuns[index]?.ackRate ?? 0, run.ackRate));
  console.log(
    `\nWebhook alerts on, same load (median of ${rounds} rounds): acknowledged ${off.ackRate.toFixed(0)}/s off, ${on.ackRate.toFixed(0)}/s on, ${percent(slowdown(off.ackRate, on.ackRate))} slower; median of the rounds' own slowdowns ${percent(median(slowdowns))} (each round: ${slowdowns.map(percent).join(", ")}); p99 ${on.p99.toFixed(1)} ms against ${off.p99.toFixed(1)} ms (target: no more than 15% slower)`,
  );
}
if (!only || only === "alerts") await benchAlerts();
if (!only || only === "events") await benchInProcess();
if (!only || only === "backtest") {
  // its own process: the app's database client is bound to one database per process
  const child = spawnSync(process.execPath, ["--import", "tsx", "bench/backtest.ts"], { stdio: "inherit" });
  if (child.status !== 0) throw new Error("The backtest benchmark failed");
}
if (only === "postgres") await benchPostgres();
