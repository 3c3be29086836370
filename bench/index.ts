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
  // off and on alternate, so that both see the same machine; the comparison is of the medians
  const rounds = Number(process.env.BENCH_ROUNDS || 3);
  const offRuns: Awaited<ReturnType<typeof benchWebhooks>>[] = [];
  const onRuns: Awaited<ReturnType<typeof benchWebhooks>>[] = [];
  for (let round = 0; round < rounds; round += 1) {
    offRuns.push(await benchWebhooks(false));
    onRuns.push(await benchWebhooks(true));
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const off = { ackRate: median(offRuns.map((run) => run.ackRate)), p99: median(offRuns.map((run) => run.p99)) };
  const on = { ackRate: median(onRuns.map((run) => run.ackRate)), p99: median(onRuns.map((run) => run.p99)) };
  const slower = (a: number, b: number) => `${(((a - b) / a) * 100).toFixed(1)}%`;
  const each = onRuns.map((run, index) => slower(offRuns[index]?.ackRate ?? 0, run.ackRate)).join(", ");
  console.log(
    `\nWebhook alerts on, same load (median of ${rounds} rounds): acknowledged ${off.ackRate.toFixed(0)}/s off, ${on.ackRate.toFixed(0)}/s on, ${slower(off.ackRate, on.ackRate)} slower (each round: ${each}); p99 ${on.p99.toFixed(1)} ms against ${off.p99.toFixed(1)} ms (target: no more than 15% slower)`,
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
