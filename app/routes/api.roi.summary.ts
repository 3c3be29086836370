import type { LoaderFunctionArgs } from "@remix-run/node";
import { ROI_RANGES, type RoiRange } from "../domain/roi/periods";
import { centsToDollars } from "../domain/money";
import { planHasRoiDashboard } from "../domain/billing/plans";
import { jsonError, requireApiAdmin } from "../http/api.server";
import { roiReport, type PeriodFigures } from "../services/roi/roi-report.server";
import { settingsCostNote } from "../domain/costs/costs";
import { loadCostSettings } from "../services/costs/settings.server";

/** One period's figures in the API's shape: money in the shop's currency, as decimal units. */
function figures(report: PeriodFigures) {
  return {
    period: {
      start: report.period.start.toISOString(),
      end: report.period.end.toISOString(),
      days: report.period.days,
      elapsedDays: report.period.elapsedDays,
    },
    // saved = stopped + recovered; flagged went through (docs/product.md#what-the-figures-count)
    totalSaved: centsToDollars(report.totalSavedCents),
    stopped: centsToDollars(report.stoppedCents),
    recovered: centsToDollars(report.recoveredCents),
    flaggedAmount: centsToDollars(report.flaggedCents),
    blockedCheckouts: report.blockedCheckouts,
    alertsSent: report.alertsSent,
    subscriptionCost: centsToDollars(report.subscriptionCostCents),
    roi: report.roi,
    roiPercentage: report.roiPercentage,
    monthlyRate: centsToDollars(report.monthlyRateCents),
    annualProjection: centsToDollars(report.annualProjectionCents),
    breakdown: {
      byRuleType: report.byRuleType.map((row) => ({
        type: row.type,
        saved: centsToDollars(row.savedCents),
        flagged: centsToDollars(row.flaggedCents),
        blocks: row.blocks,
        percentage: row.percentage,
      })),
      byTimeframe: report.byTimeframe.map((row) => ({
        period: row.period,
        saved: centsToDollars(row.savedCents),
        flagged: centsToDollars(row.flaggedCents),
        blocks: row.blocks,
      })),
    },
  };
}

// GET /api/roi/summary?range=this_week|this_month|this_quarter|this_year (default this_month):
// the caller's shop's ROI in its time zone and currency, with the previous period's figures.
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const context = await requireApiAdmin(request);
  const requested = new URL(request.url).searchParams.get("range") ?? "this_month";
  if (!(ROI_RANGES as readonly string[]).includes(requested)) {
    return jsonError(400, `range must be one of ${ROI_RANGES.join(", ")}`, { range: ["Unknown period"] });
  }
  if (!planHasRoiDashboard(context.plan)) return jsonError(403, "The ROI dashboard comes with the Core and Plus plans");
  const report = await roiReport({ ...context.shop, plan: context.plan }, requested as RoiRange);
  const { previous, ...current } = report;
  return Response.json(
    {
      range: report.range,
      timezone: report.timezone,
      currency: report.currency,
      // which parts of an order's cost the margin floor's amounts count (docs/product.md#costs)
      costs: settingsCostNote(await loadCostSettings(context.shop.id)),
      ...figures(current),
      previous: figures(previous),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
};
