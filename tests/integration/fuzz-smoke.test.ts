// A few inputs of the fuzzer per target inside npm test (npm run fuzz runs at least 200).
import { expect, it } from "vitest";
import { runFuzz } from "../fuzz/fuzz";

// The fuzzer watches SQLite's file for changed rows (its data_version); what it tests is the HTTP
// surface, which is the same on PostgreSQL.
it.skipIf(process.env.TEST_POSTGRES_URL)(
  "answers malformed input on every route, intent and webhook without a 5xx or a changed row",
  async () => {
    const report = await runFuzz({ perTarget: 12, seed: Date.now() % 100_000 });
    expect(report.failures).toEqual([]);
    // the wrong-accept stage ran in full: every probe value of issue 29 refused, on every API and form
    expect(report.accepts?.wrongAccepts).toEqual([]);
    expect(report.accepts?.probes).toBeGreaterThanOrEqual(400);
    expect(Object.keys(report.byTarget).length).toBeGreaterThanOrEqual(30);
    expect(report.requests).toBeGreaterThanOrEqual(30 * 12);
  },
  180_000,
);
