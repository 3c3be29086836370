/**
 * npm run bench: figures, not pass/fail thresholds (see README, "Benchmarks").
 * Set BENCH_EVENTS, BENCH_WEBHOOKS or BENCH_CONCURRENCY to change the sizes;
 * `npm run bench -- webhooks`, `-- alerts` or `-- events` runs one part.
 */
import os from "node:os";
import { benchAlerts } from "./alerts";
import { benchInProcess } from "./in-process";
import { benchWebhooks } from "./webhooks";

console.log(
  `Margin Guardrail benchmarks on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "unknown CPU"}), Node ${process.version}`,
);
const only = process.argv[2];
if (!only || only === "webhooks") {
  const off = await benchWebhooks(false);
  const on = await benchWebhooks(true);
  const slower = (a: number, b: number) => `${(((a - b) / a) * 100).toFixed(1)}%`;
  console.log(
    `\nWebhook alerts on, same load: acknowledged ${slower(off.ackRate, on.ackRate)} slower, evaluated end to end ${slower(off.evaluatedRate, on.evaluatedRate)} slower; p99 ${on.p99.toFixed(1)} ms against ${off.p99.toFixed(1)} ms (target: no more than 15% slower)`,
  );
}
if (!only || only === "alerts") await benchAlerts();
if (!only || only === "events") await benchInProcess();
