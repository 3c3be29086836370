/**
 * npm run bench: figures, not pass/fail thresholds (see README, "Benchmarks").
 * Set BENCH_EVENTS, BENCH_WEBHOOKS or BENCH_CONCURRENCY to change the sizes;
 * `npm run bench -- webhooks` or `-- events` runs one part.
 */
import os from "node:os";
import { benchInProcess } from "./in-process";
import { benchWebhooks } from "./webhooks";

console.log(
  `Margin Guardrail benchmarks on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "unknown CPU"}), Node ${process.version}`,
);
const only = process.argv[2];
if (!only || only === "webhooks") await benchWebhooks();
if (!only || only === "events") await benchInProcess();
