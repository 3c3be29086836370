// Playwright's global teardown: the page matrix's paint times as a report, not a verdict
// (docs/testing.md#browser-tests). Writes tests/.tmp/reports/page-vitals.md, a line per page and
// state, and prints the medians and 75th percentiles against the targets.
import fs from "node:fs";
import { LCP_P75_TARGET_MS, LCP_TARGET_MS, VISITS_FILE, measuredVisits } from "./page-matrix/checks";

export const PAGE_VITALS_REPORT = "tests/.tmp/reports/page-vitals.md";

/** The value at or below which `share` of the values lie (nearest rank), as Shopify's p75. */
export function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)] ?? NaN;
}

const ms = (value: number | null) => (value === null ? "none" : `${Math.round(value)} ms`);

export default function reportPageVitals() {
  const visits = measuredVisits();
  fs.rmSync(VISITS_FILE, { force: true });
  if (!visits.length) return;
  const figures = (pick: (visit: (typeof visits)[number]) => number | null) => {
    const values = visits.map(pick).filter((value): value is number => value !== null);
    return `p50 ${ms(percentile(values, 0.5))}, p75 ${ms(percentile(values, 0.75))}, max ${ms(Math.max(...values))}`;
  };
  const summary = [
    `${visits.length} pages at 4× CPU throttle (targets: LCP p50 under ${LCP_TARGET_MS} ms, p75 under ${LCP_P75_TARGET_MS} ms)`,
    `first visit, nothing cached: ${figures((visit) => visit.firstLcp)}`,
    `cached visit: ${figures((visit) => visit.lcp)}`,
  ];
  const rows = [...visits]
    .sort((a, b) => (b.firstLcp ?? 0) - (a.firstLcp ?? 0))
    .map((visit) => `| ${visit.name} | ${ms(visit.firstLcp)} | ${ms(visit.lcp)} | ${visit.cls.toFixed(3)} |`);
  fs.mkdirSync("tests/.tmp/reports", { recursive: true });
  fs.writeFileSync(
    PAGE_VITALS_REPORT,
    [
      "# Page vitals of this run",
      "",
      ...summary.map((line) => `- ${line}`),
      "",
      "| page | first visit LCP | cached LCP | CLS |",
      "| --- | --- | --- | --- |",
      ...rows,
      "",
    ].join("\n"),
  );
  console.log(`\nPage vitals (${PAGE_VITALS_REPORT}): ${summary.join("; ")}`);
}
