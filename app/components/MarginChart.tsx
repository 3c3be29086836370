import { BlockStack, Button, Collapsible, InlineStack, Text } from "@shopify/polaris";
import { useId, useState, type KeyboardEvent } from "react";
import { formatCents, formatCount, formatWholeMoney } from "../domain/money";
import { seriesWithMoney } from "./chart-series";

export interface ChartPoint {
  /** the day, week or month in full: "Wed Nov 11" (tooltip, table) */
  label: string;
  /** short, for the axis: "Nov 11" */
  axisLabel: string;
  savedCents: number;
  flaggedCents: number;
  blocks: number;
}

const PLOT_HEIGHT = 200;
/** at most this many axis labels, so that none is cut or overlaps at 375 px */
const AXIS_LABELS = 5;

/** A round step for about four gridlines: 1, 2, 2.5 or 5 times a power of ten, in cents. */
function gridStep(maxCents: number): number {
  const rough = Math.max(maxCents, 100) / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough);
  return step ?? 10 * power;
}

/** Whole-unit money for the axis ("$400", "$12K"), in the shop's currency. */
function axisMoney(cents: number, currency: string): string {
  return formatWholeMoney(cents, currency, cents >= 1_000_000 ? "compact" : "standard");
}

/**
 * Saved and flagged money over the period's days, weeks or months
 * (docs/product.md#roi-dashboard). Drawn with HTML on the server, so nothing moves
 * when the page hydrates; one tab stop, whose arrow keys read each bar aloud and show its tooltip
 * (amounts in the shop's currency); the same figures as a table behind "View as table". The
 * points stop at today: days after it are not drawn.
 */
export function MarginChart({
  points,
  currency,
  name,
  emptyText,
}: {
  points: ChartPoint[];
  currency: string;
  /** the chart's accessible name, its period included: "Saved and flagged by day, this month" */
  name: string;
  /** said instead of a flat chart when nothing was saved or flagged */
  emptyText: string;
}) {
  const [active, setActive] = useState<number | null>(null);
  const [focused, setFocused] = useState(false);
  const [tableOpen, setTableOpen] = useState(false);
  const ids = useId();
  const money = (cents: number) => formatCents(cents, currency);
  const max = Math.max(0, ...points.flatMap((point) => [point.savedCents, point.flaggedCents]));
  if (max === 0) {
    return (
      <Text as="p" tone="subdued">
        {emptyText}
      </Text>
    );
  }
  // a series with nothing in the period is neither drawn nor in the legend: no "Saved" key without bars
  const series = seriesWithMoney(points);
  const step = gridStep(max);
  const top = Math.ceil(max / step) * step;
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, index) => index * step).reverse();
  const every = Math.ceil(points.length / AXIS_LABELS);
  const describe = (point: ChartPoint) =>
    `${point.label}: ${series.map((line) => `${line.name.toLowerCase()} ${money(point[line.key])}`).join(", ")}`;
  const move = (event: KeyboardEvent) => {
    const last = points.length - 1;
    const current = active ?? last;
    const next =
      event.key === "ArrowLeft"
        ? Math.max(0, current - 1)
        : event.key === "ArrowRight"
          ? Math.min(last, current + 1)
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) {
      if (event.key === "Escape") setActive(null);
      return;
    }
    event.preventDefault();
    setActive(next);
  };
  const shown = active === null ? null : points[active];
  // the tooltip's anchor slides with the bar, so it never leaves the chart at either end
  const at = (index: number) => ((index + 0.5) / points.length) * 100;

  return (
    <BlockStack gap="300">
      <div
        role="group"
        aria-roledescription="chart"
        aria-label={name}
        aria-describedby={`${ids}-how`}
        tabIndex={0}
        data-testid="margin-chart"
        onKeyDown={move}
        onFocus={() => {
          setFocused(true);
          setActive((current) => current ?? points.length - 1);
        }}
        onBlur={() => {
          setFocused(false);
          setActive(null);
        }}
        onMouseLeave={() => (focused ? null : setActive(null))}
        style={{
          display: "grid",
          gridTemplateColumns: "auto minmax(0, 1fr)",
          columnGap: "var(--p-space-200)",
          padding: "var(--p-space-200)",
          borderRadius: "var(--p-border-radius-200)",
          outline: focused ? "2px solid var(--p-color-border-focus)" : "none",
          outlineOffset: 1,
        }}
      >
        <div aria-hidden="true" style={{ position: "relative", height: PLOT_HEIGHT }}>
          {/* the widest label, unseen, gives the axis its width (the labels themselves are placed absolutely) */}
          <div style={{ visibility: "hidden", height: 0, overflow: "hidden", whiteSpace: "nowrap" }}>
            <Text as="span" variant="bodySm" numeric>
              {axisMoney(top, currency)}
            </Text>
          </div>
          {ticks.map((tick) => (
            <div
              key={tick}
              style={{
                position: "absolute",
                right: 0,
                top: `${(1 - tick / top) * 100}%`,
                transform: "translateY(-50%)",
                whiteSpace: "nowrap",
              }}
            >
              <Text as="span" variant="bodySm" tone="subdued" numeric>
                {axisMoney(tick, currency)}
              </Text>
            </div>
          ))}
        </div>
        <div style={{ position: "relative", height: PLOT_HEIGHT }}>
          <div aria-hidden="true">
            {ticks.map((tick) => (
              <div
                key={tick}
                style={{
                  position: "absolute",
                  left: 0,
                  right: 0,
                  top: `${(1 - tick / top) * 100}%`,
                  borderTop: `1px ${tick === 0 ? "solid" : "dashed"} var(--p-color-border-secondary)`,
                }}
              />
            ))}
            <div style={{ position: "absolute", inset: 0, display: "flex", alignItems: "stretch" }}>
              {points.map((point, index) => (
                <div
                  key={point.label}
                  data-testid="margin-chart-bar"
                  onMouseEnter={() => setActive(index)}
                  style={{
                    flex: "1 1 0",
                    display: "flex",
                    alignItems: "flex-end",
                    justifyContent: "center",
                    gap: 1,
                    minWidth: 0,
                    padding: "0 2px",
                    background: active === index ? "var(--p-color-bg-surface-secondary-hover)" : "transparent",
                  }}
                >
                  {series.map((line) => (
                    <div
                      key={line.key}
                      style={{
                        flex: "1 1 0",
                        maxWidth: 20,
                        height: `${(point[line.key] / top) * 100}%`,
                        minHeight: point[line.key] > 0 ? 2 : 0,
                        background: line.color,
                        borderRadius: "2px 2px 0 0",
                      }}
                    />
                  ))}
                </div>
              ))}
            </div>
          </div>
          {shown && active !== null ? (
            <div
              role="tooltip"
              id={`${ids}-tip`}
              data-testid="margin-chart-tooltip"
              style={{
                position: "absolute",
                top: 0,
                left: `${at(active)}%`,
                transform: `translateX(-${at(active)}%)`,
                zIndex: 1,
                pointerEvents: "none",
                whiteSpace: "nowrap",
                background: "var(--p-color-bg-surface)",
                boxShadow: "var(--p-shadow-400)",
                borderRadius: "var(--p-border-radius-200)",
                padding: "var(--p-space-200) var(--p-space-300)",
              }}
            >
              <Text as="p" variant="bodySm" fontWeight="semibold">
                {shown.label}
              </Text>
              {series.map((line) => (
                <Text as="p" variant="bodySm" key={line.key} numeric>
                  <span
                    aria-hidden="true"
                    style={{
                      display: "inline-block",
                      width: 8,
                      height: 8,
                      marginRight: 6,
                      borderRadius: 2,
                      background: line.color,
                    }}
                  />
                  {`${line.name} ${money(shown[line.key])}`}
                </Text>
              ))}
            </div>
          ) : null}
        </div>
        <div aria-hidden="true" />
        <div aria-hidden="true" style={{ position: "relative", height: 20, marginTop: "var(--p-space-100)" }}>
          {points.map((point, index) =>
            index % every === 0 ? (
              <div
                key={point.label}
                style={{
                  position: "absolute",
                  left: `${at(index)}%`,
                  transform: `translateX(-${at(index)}%)`,
                  whiteSpace: "nowrap",
                }}
              >
                <Text as="span" variant="bodySm" tone="subdued">
                  {point.axisLabel}
                </Text>
              </div>
            ) : null,
          )}
        </div>
      </div>
      <Text as="p" visuallyHidden id={`${ids}-how`}>
        Left and right arrow keys read each bar; the table below has every figure.
      </Text>
      <div
        aria-live="polite"
        style={{ position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)" }}
      >
        {shown ? describe(shown) : ""}
      </div>
      <InlineStack align="space-between" blockAlign="center" gap="300" wrap>
        <div data-testid="margin-chart-legend">
          <InlineStack gap="300" blockAlign="center">
            {series.map((line) => (
              <InlineStack key={line.key} gap="100" blockAlign="center" wrap={false}>
                <span
                  aria-hidden="true"
                  style={{ display: "inline-block", width: 12, height: 12, borderRadius: 3, background: line.color }}
                />
                <Text as="span" variant="bodySm">
                  {line.name}
                </Text>
              </InlineStack>
            ))}
          </InlineStack>
        </div>
        <Button
          variant="plain"
          disclosure={tableOpen ? "up" : "down"}
          ariaExpanded={tableOpen}
          ariaControls={`${ids}-table`}
          onClick={() => setTableOpen((open) => !open)}
        >
          {tableOpen ? "Hide table" : "View as table"}
        </Button>
      </InlineStack>
      <Collapsible id={`${ids}-table`} open={tableOpen}>
        <FigureTable
          caption={name}
          headings={["Period", "Saved", "Flagged", "Blocks"]}
          rows={points.map((point) => [
            point.label,
            money(point.savedCents),
            money(point.flaggedCents),
            formatCount(point.blocks),
          ])}
        />
      </Collapsible>
    </BlockStack>
  );
}

/**
 * A plain table whose columns wrap rather than scroll sideways, so it fits the card at 375 px
 * (no sideways scrolling). The first column is text, the others numbers.
 */
export function FigureTable({
  caption,
  headings,
  rows,
}: {
  caption: string;
  headings: string[];
  rows: (string | number)[][];
}) {
  const cell = (index: number) =>
    ({
      textAlign: index === 0 ? "left" : "right",
      padding: "var(--p-space-200) var(--p-space-150)",
      borderBottom: "1px solid var(--p-color-border-secondary)",
      fontVariantNumeric: "tabular-nums",
      verticalAlign: "top",
    }) as const;
  return (
    <table style={{ width: "100%", borderCollapse: "collapse", fontSize: "var(--p-font-size-325)" }}>
      <caption
        style={{
          position: "absolute",
          width: 1,
          height: 1,
          overflow: "hidden",
          clip: "rect(0 0 0 0)",
          whiteSpace: "nowrap",
        }}
      >
        {caption}
      </caption>
      <thead>
        <tr>
          {headings.map((heading, index) => (
            <th key={heading} scope="col" style={{ ...cell(index), fontWeight: 600 }}>
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={String(row[0])}>
            {row.map((value, index) =>
              index === 0 ? (
                <th key={index} scope="row" style={{ ...cell(index), fontWeight: 400 }}>
                  {value}
                </th>
              ) : (
                <td key={index} style={cell(index)}>
                  {value}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
