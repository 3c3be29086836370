import type { ActionFunctionArgs } from "@remix-run/node";
import { DEFAULT_CODE_REJECTION_MESSAGE } from "../domain/code-rules/code-rules";
import { codeRulesOf, codeRulesPreviewSchema, codeRulesSchema } from "../forms/code-rules";
import { methodNotAllowed, readJsonBody, requireApiAdmin, validateBody } from "../http/api.server";
import { getCodeRules, previewCodeRules } from "../services/code-rules/code-rules.server";
import { codeValuesOf } from "../services/code-rules/discount-values.server";
import { localDay } from "../domain/roi/roi-rollups";

// POST /api/config/code-rules/preview: {cart: {lines: [{title, price, quantity?, ...}], customerTags, accountAgeDays?}, codes,
// settings?} → {decisions: [{code, rejected, reasons, text, valueText?, percentOfSubtotal?}], rejected,
// message, summary}. Unsaved settings (the form being edited) are previewed as given; without them, the
// saved ones. Each code's value is the one Shopify last gave (docs/product.md#code-rules),
// the cart in the shop's currency, the account's age counted to the start of the shop's date, as the Function
// counts it (docs/product.md#new-accounts-and-big-codes). Nothing is stored.
export const loader = () => methodNotAllowed(["POST"]);

export const action = async ({ request }: ActionFunctionArgs) => {
  const context = await requireApiAdmin(request);
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const input = validateBody(codeRulesPreviewSchema, await readJsonBody(request));
  const rules =
    input.settings === undefined
      ? (await getCodeRules({ id: context.shop.id, plan: context.plan })).rules
      : codeRulesOf(validateBody(codeRulesSchema, input.settings), DEFAULT_CODE_REJECTION_MESSAGE);
  const values = await codeValuesOf(context.shop.id);
  const today = localDay(new Date(), context.shop.timezone);
  return Response.json(previewCodeRules(rules, input, { values, currency: context.shop.currency, today }));
};
