import { BarChart, PolarisVizProvider } from "@shopify/polaris-viz";
import { useEffect, useState } from "react";

/**
 * Saved money over the period's days, weeks or months (@shopify/polaris-viz). The chart
 * measures the page, so it draws in the browser only; the table beside it carries the same
 * figures for the server's first paint and for screen readers.
 */
export function MarginChart({ points, label }: { points: { key: string; value: number }[]; label: string }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <PolarisVizProvider>
      <div style={{ height: 260 }} aria-hidden="true">
        <BarChart
          theme="Light"
          isAnimated={false}
          showLegend={false}
          data={[{ name: label, data: points }]}
          yAxisOptions={{ labelFormatter: (value) => `$${Number(value ?? 0).toLocaleString("en-US")}` }}
        />
      </div>
    </PolarisVizProvider>
  );
}
