/**
 * Whether what the app writes for its two Functions is within Shopify's limits for a Function's
 * input (docs/product.md#function-input-limits), for the protection status: the code rules'
 * metafield (its lists and its size) and the checkout validation's (its size). Reads only.
 */
import prisma from "../../db.server";
import { DEFAULT_THRESHOLD_PERCENT, serializeCheckoutConfig } from "../../domain/checkout/checkout-blocking";
import {
  checkoutConfigInputLimits,
  codeRulesInputLimits,
  type InputLimitsCheck,
} from "../../domain/functions/input-limits";
import { checkoutConfigFor } from "../checkout/function-config.server";
import { savedCodeRules } from "./code-rules.server";

export interface FunctionInputStatus {
  withinLimits: boolean;
  /** one sentence for the merchant: within the limits, or what is over them */
  detail: string;
  /** null: no code rules saved yet */
  codeRules: InputLimitsCheck | null;
  checkout: InputLimitsCheck;
}

export const INPUTS_WITHIN_LIMITS =
  "The code rules and the checkout configuration are within what Shopify passes to a Function.";

export async function functionInputStatus(shopId: string): Promise<FunctionInputStatus> {
  const [rules, row] = await Promise.all([
    savedCodeRules(shopId),
    prisma.functionConfig.findUnique({ where: { shopId }, select: { thresholdPercent: true } }),
  ]);
  const codeRules = rules ? codeRulesInputLimits(rules) : null;
  const config = await checkoutConfigFor({
    shopId,
    thresholdPercent: row?.thresholdPercent ?? DEFAULT_THRESHOLD_PERCENT,
  });
  const checkout = checkoutConfigInputLimits(serializeCheckoutConfig(config));
  const problems = [...(codeRules?.problems ?? []), ...checkout.problems];
  return {
    withinLimits: problems.length === 0,
    detail:
      problems.length === 0
        ? INPUTS_WITHIN_LIMITS
        : `Over Shopify's limits, so the Function lets everything through: ${problems.map((p) => p.message).join(" ")}`,
    codeRules,
    checkout,
  };
}
