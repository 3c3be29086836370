import { Banner, BlockStack, Box, Button, DataTable, InlineStack, ProgressBar, Text } from "@shopify/polaris";
import { useCallback, useEffect, useRef, useState } from "react";
import { BACKTEST_DAYS, type BacktestResults, type BacktestView, type RuleTally } from "../domain/backtest/backtest";
import { formatCents, formatCount, formatPercent } from "../domain/money";
import { messageOf } from "../domain/result";

/** How often a running backtest's progress is asked for. */
const POLL_MS = 500;

export interface BacktestRequest {
  rule?: Record<string, unknown>;
  suggest?: boolean;
}

/**
 * Starts a backtest through POST /api/backtest and follows it through GET /api/backtest/{id}
 * until it is done (App Bridge adds the session token to the app's own fetches).
 */
export function useBacktest(initial: BacktestView | null = null) {
  const [view, setView] = useState<BacktestView | null>(initial);
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const follow = useCallback((id: string) => {
    const poll = async () => {
      try {
        const response = await fetch(`/api/backtest/${id}`, { headers: { Accept: "application/json" } });
        const body = (await response.json()) as BacktestView & { error?: string };
        if (!response.ok) throw new Error(body.error ?? `The backtest could not be read (${response.status})`);
        setView(body);
        if (body.status === "running") timer.current = setTimeout(poll, POLL_MS);
      } catch (failure) {
        setError(messageOf(failure));
      }
    };
    void poll();
  }, []);

  useEffect(() => {
    if (initial?.status === "running") follow(initial.id);
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, [initial, follow]);

  const start = useCallback(
    async (request: BacktestRequest = {}) => {
      if (timer.current) clearTimeout(timer.current);
      setStarting(true);
      setError(null);
      try {
        const response = await fetch("/api/backtest", {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify(request),
        });
        const body = (await response.json()) as BacktestView & {
          error?: string;
          errors?: Record<string, string[]>;
        };
        if (!response.ok) {
          const fields = body.errors ? Object.values(body.errors).flat().join(" ") : "";
          throw new Error([body.error ?? "The backtest could not start", fields].filter(Boolean).join(": "));
        }
        setView(body);
        follow(body.id);
      } catch (failure) {
        setError(messageOf(failure));
      } finally {
        setStarting(false);
      }
    },
    [follow],
  );

  const running = starting || view?.status === "running";
  return { view, error, running, start };
}

const money = (cents: number, currency: string) => formatCents(cents, currency);
const plural = (count: number, one: string, many = `${one}s`) => `${formatCount(count)} ${count === 1 ? one : many}`;

/** The progress bar while Shopify's orders are read. */
export function BacktestProgress({ view }: { view: BacktestView }) {
  const counted = view.ordersTotal === null ? "" : ` of ${formatCount(view.ordersTotal)}`;
  return (
    <BlockStack gap="200">
      <Text as="p" tone="subdued">
        Reading your orders of the last {BACKTEST_DAYS} days: {formatCount(view.ordersRead)}
        {counted} read
      </Text>
      <ProgressBar progress={view.progress} size="small" ariaLabelledBy="backtest-progress" />
      <span id="backtest-progress" hidden>
        Backtest progress
      </span>
    </BlockStack>
  );
}

/** One line on what a rule would have caught. */
export function ruleCatchLine(tally: RuleTally, results: BacktestResults): string {
  if (tally.ordersInSchedule !== undefined) {
    // a scheduled rule judged only the orders inside its window (docs/product.md#status-and-schedule)
    const inside = `${plural(tally.ordersInSchedule, "order")} placed inside its schedule`;
    return tally.ordersBreached === 0
      ? `Would have flagged none of the ${inside} (of ${formatCount(results.ordersScanned)} in the last ${BACKTEST_DAYS} days).`
      : `Would have flagged ${plural(tally.ordersBreached, "order")} of the ${inside} (of ${formatCount(results.ordersScanned)} in the last ${BACKTEST_DAYS} days), ${money(tally.overLimitCents, results.currency)} of discount above the limit.`;
  }
  if (tally.ordersBreached === 0) {
    return `Would have flagged none of the ${plural(results.ordersScanned, "order")} of the last ${BACKTEST_DAYS} days.`;
  }
  return `Would have flagged ${plural(tally.ordersBreached, "order")} of ${formatCount(results.ordersScanned)} in the last ${BACKTEST_DAYS} days, ${money(tally.overLimitCents, results.currency)} of discount above the limit.`;
}

function WorstOrders({ tally, currency }: { tally: RuleTally; currency: string }) {
  if (tally.worst.length === 0) return null;
  return (
    <DataTable
      columnContentTypes={["text", "text", "numeric", "numeric", "numeric"]}
      headings={["Order", "Date", "Discount", "Discount %", "Above the limit"]}
      rows={tally.worst.map((order) => [
        order.orderName,
        order.createdAt.slice(0, 10),
        money(order.totalDiscountCents, currency),
        formatPercent(order.discountPercent),
        money(order.overLimitCents, currency),
      ])}
    />
  );
}

/**
 * The results in a sentence. A testing rule flags nothing: its own row says what it would have
 * caught, and the total leaves it out (docs/product.md#status-and-schedule).
 */
export function resultsSentence(results: BacktestResults): string {
  const tested = results.rules;
  if (tested.length === 0) {
    return `No rules to test yet. ${plural(results.ordersScanned, "order")} read from the last ${BACKTEST_DAYS} days.`;
  }
  const period = `Over the last ${BACKTEST_DAYS} days (${plural(results.ordersScanned, "order")}, ${formatCount(results.ordersDiscounted)} discounted)`;
  const testing = tested.filter((tally) => tally.testing);
  if (testing.length === tested.length) {
    const [only] = tested;
    return tested.length === 1
      ? `${period}, this testing rule would have caught ${plural(only.ordersBreached, "order")}: ${money(only.overLimitCents, results.currency)} of discount above its limit. A testing rule flags nothing, so no total counts it.`
      : `${period}, these testing rules would have caught the orders in their rows. Testing rules flag nothing, so no total counts them.`;
  }
  const active = tested.length - testing.length;
  const note =
    testing.length > 0 ? " Testing rules are not in this total: their rows show what they would have caught." : "";
  return `${period}, ${active === 1 ? "this rule" : "your rules"} would have flagged ${plural(results.ordersBreached, "order")}: ${money(results.overLimitCents, results.currency)} of discount above the limits.${note}`;
}

/** Results by rule: orders that would breach, the discount above the limits, the worst orders. */
export function BacktestResultsView({ results, heading }: { results: BacktestResults; heading?: string }) {
  const tested = results.rules;
  return (
    <BlockStack gap="400">
      <Text as="p" variant="bodyMd">
        {heading ?? resultsSentence(results)}
      </Text>
      {tested.length > 0 ? (
        <DataTable
          columnContentTypes={["text", "numeric", "numeric"]}
          headings={["Rule", "Orders flagged", "Discount above the limit"]}
          rows={tested.map((tally) => [
            tally.testing ? `${tally.ruleName} (testing)` : tally.ruleName,
            tally.ordersInSchedule === undefined
              ? formatCount(tally.ordersBreached)
              : `${formatCount(tally.ordersBreached)} of ${plural(tally.ordersInSchedule, "order")} inside its schedule`,
            money(tally.overLimitCents, results.currency),
          ])}
        />
      ) : null}
      {tested
        .filter((tally) => tally.worst.length > 0)
        .map((tally) => (
          <BlockStack key={tally.ruleId} gap="200">
            <Text as="h3" variant="headingSm">
              Worst orders: {tally.ruleName}
            </Text>
            <WorstOrders tally={tally} currency={results.currency} />
          </BlockStack>
        ))}
      {results.unreadableOrders > 0 ? (
        <Text as="p" tone="subdued">
          {plural(results.unreadableOrders, "order")} could not be read and{" "}
          {results.unreadableOrders === 1 ? "is" : "are"} not counted.
        </Text>
      ) : null}
      <Text as="p" tone="subdued" variant="bodySm">
        A backtest only reads: it records no audit events and sends no alerts.
      </Text>
    </BlockStack>
  );
}

/** A backtest's whole card body: the start button, its progress, its error, its results. */
export function BacktestPanel({
  backtest,
  request,
  label = `Test on the last ${BACKTEST_DAYS} days of orders`,
}: {
  backtest: ReturnType<typeof useBacktest>;
  request: () => BacktestRequest;
  label?: string;
}) {
  const { view, error, running, start } = backtest;
  return (
    <BlockStack gap="400">
      <InlineStack>
        <Button onClick={() => void start(request())} loading={running} disabled={running}>
          {label}
        </Button>
      </InlineStack>
      {error ? (
        <Banner tone="critical" title="Backtest failed">
          {error}
        </Banner>
      ) : null}
      {view?.status === "running" ? <BacktestProgress view={view} /> : null}
      {view?.status === "failed" ? (
        <Banner tone="critical" title="Backtest failed">
          {view.error}
        </Banner>
      ) : null}
      {view?.status === "done" && view.results ? (
        <Box>
          <BacktestResultsView results={view.results} />
        </Box>
      ) : null}
    </BlockStack>
  );
}
