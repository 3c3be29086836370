// A few inputs of the fuzzer per target inside npm test, the same ones each run: a fixed seed, so
// a failure here fails again on the next run and on a developer's machine (npm run fuzz, and
// npm run test:full, run at least 200 a target from varying seeds).
import { expect, it } from "vitest";
import { runFuzz } from "../fuzz/fuzz";

const SMOKE_SEED = 20261127;
const SMOKE_PER_TARGET = 6;

// The fuzzer watches SQLite's file for changed rows (its data_version); what it tests is the HTTP
// surface, which is the same on PostgreSQL.
it.skipIf(process.env.TEST_POSTGRES_URL)(
  "answers malformed input on every route, intent and webhook without a 5xx or a changed row",
  async () => {
    const report = await runFuzz({ perTarget: SMOKE_PER_TARGET, seed: SMOKE_SEED });
    expect(report.failures).toEqual([]);
    // the wrong-accept stage ran in full: every wrong-type probe value refused, on every API and form
    expect(report.accepts?.wrongAccepts).toEqual([]);
    expect(report.accepts?.probes).toBeGreaterThanOrEqual(400);
    expect(Object.keys(report.byTarget).length).toBeGreaterThanOrEqual(30);
    expect(report.requests).toBeGreaterThanOrEqual(30 * SMOKE_PER_TARGET);
  },
  180_000,
);
