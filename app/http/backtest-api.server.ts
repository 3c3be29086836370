import * as z from "zod";
import { ruleSchema } from "../forms/rules";
import { buildDemoStore } from "../demo/demo-store";
import type { BacktestScope } from "../domain/backtest/backtest";
import { draftRule, startBacktest } from "../services/backtest/backtest.server";
import type { OrderSource } from "../services/backtest/order-source.server";
import type { AdminContext } from "../services/shops/admin-context.server";
import { failureResponse, jsonError, validateBody } from "./api.server";

/**
 * What POST /api/backtest takes: nothing (the shop's rules), `rule` (a rule being edited,
 * read by the Rule Builder's own schema; its action defaults to alert), and `suggest`.
 */
const backtestRequestSchema = z.object({
  rule: z.record(z.string(), z.unknown(), { error: "rule must be an object" }).optional(),
  suggest: z.boolean({ error: "suggest must be true or false" }).optional(),
});

/** Where the caller's shop's orders come from: Shopify, or the demo store's samples. */
export function orderSource(context: AdminContext): OrderSource | null {
  if (context.demo) return { kind: "sample", orders: () => buildDemoStore(new Date()).orders };
  return context.admin ? { kind: "shopify", graphql: context.admin.graphql } : null;
}

/** The scope a request asks for, or a 400 with each field's message. */
export function backtestScope(body: Record<string, unknown>): BacktestScope {
  const request = validateBody(backtestRequestSchema, body);
  if (!request.rule) return { rules: "shop", suggest: request.suggest ?? false };
  const rule = validateBody(ruleSchema, { action: "alert", ...request.rule });
  return { rules: "draft", draft: draftRule(rule), suggest: request.suggest ?? false };
}

/** Starts the backtest: 202 with its id and first progress, 409 while another runs. */
export async function startBacktestResponse(context: AdminContext, scope: BacktestScope): Promise<Response> {
  const source = orderSource(context);
  if (!source) return jsonError(503, "This store is not connected to Shopify's Admin API");
  const started = await startBacktest(context.shop, scope, source);
  if (!started.ok) return failureResponse(started.error);
  const { view } = started.value;
  return Response.json(view, { status: 202, headers: { Location: `/api/backtest/${view.id}` } });
}
