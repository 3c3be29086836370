// npm run fuzz [-- --per-target N --seed N]: the fuzzer in full (at least 200 inputs per
// target), counts by status per target, and exit code 1 on any failure. Loopback only, on a
// port it prints; works on a fresh clone (the migrated base database is made when missing).
import { runFuzz } from "./fuzz";

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const index = args.indexOf(`--${name}`);
  const value = index >= 0 ? Number(args[index + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} takes a whole number`);
  return value;
};
const perTarget = option("per-target", 200);
const seed = option("seed", 20261122);

const started = Date.now();
console.log(`Fuzzing server.js with ${perTarget} inputs per target (seed ${seed})\n`);
const report = await runFuzz({ perTarget, seed, log: (line) => console.log(line) });
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`\n${report.requests} requests in ${seconds} s, ${report.failures.length} failures`);
for (const failure of report.failures.slice(0, 50)) {
  console.log(`  ✖ ${failure.target}: ${failure.input} -> ${failure.reason}`);
}
process.exit(report.failures.length > 0 ? 1 : 0);
