/**
 * The shop's code rules (docs/product.md#code-rules): stored settings, and the preview of what
 * they decide for a cart, through the same module the Discount Function runs.
 */
import prisma from "../../db.server";
import {
  DEFAULT_CODE_REJECTION_MESSAGE,
  decideCodes,
  decisionText,
  type CodeDecision,
  type CodeRules,
} from "../../domain/code-rules";
import { planHasAlerts, type PlanId } from "../../domain/plans";
import { normalizeCollectionId, normalizeProductId } from "../../domain/rules";
import { codeRulesOf, codeRulesSchema, type CodeRulesInput, type CodeRulesPreviewInput } from "../../forms/code-rules";

export const CODE_RULES_NEED_CORE = "Code rules come with the Core plan. Upgrade to turn codes away at checkout.";

/** Code rules act on the plans that pay (docs/product.md#decisions, 18), as alerts do. */
export const planHasCodeRules = (plan: PlanId) => planHasAlerts(plan);

export interface CodeRulesView {
  /** the form's values */
  settings: CodeRulesInput;
  /** what the Function decides with */
  rules: CodeRules;
  available: boolean;
  discountId: string | null;
  syncedAt: string | null;
  syncError: string | null;
}

const EMPTY_SETTINGS: CodeRulesInput = codeRulesSchema.parse({});

/** Stored settings, read again through the schema: a row from an older shape still reads. */
function storedSettings(value: unknown): CodeRulesInput {
  const parsed = codeRulesSchema.safeParse(value);
  return parsed.success ? parsed.data : EMPTY_SETTINGS;
}

export async function getCodeRules(shop: { id: string; plan: PlanId }): Promise<CodeRulesView> {
  const row = await prisma.codeRuleSettings.findUnique({ where: { shopId: shop.id } });
  const settings = row ? storedSettings(row.settings) : EMPTY_SETTINGS;
  return {
    settings,
    rules: codeRulesOf(settings, DEFAULT_CODE_REJECTION_MESSAGE),
    available: planHasCodeRules(shop.plan),
    discountId: row?.discountId ?? null,
    syncedAt: row?.syncedAt?.toISOString() ?? null,
    syncError: row?.syncError ?? null,
  };
}

export type SaveCodeRulesResult = { ok: true; value: CodeRulesView } | { ok: false; status: 403; message: string };

/** Saves the settings (Core and Plus; Free is refused and nothing is stored). */
export async function saveCodeRules(
  shop: { id: string; plan: PlanId },
  input: CodeRulesInput,
): Promise<SaveCodeRulesResult> {
  if (!planHasCodeRules(shop.plan)) return { ok: false, status: 403, message: CODE_RULES_NEED_CORE };
  await prisma.codeRuleSettings.upsert({
    where: { shopId: shop.id },
    create: { shopId: shop.id, settings: input },
    update: { settings: input },
  });
  return { ok: true, value: await getCodeRules(shop) };
}

export interface CodeRulesPreview {
  decisions: (CodeDecision & { text: string })[];
  rejected: string[];
  message: string;
  /** the one line the Rules page shows: "this cart, these codes: …" */
  summary: string;
}

/** What the rules (saved, or the draft given) decide for this cart and these codes. */
export function previewCodeRules(rules: CodeRules, input: CodeRulesPreviewInput): CodeRulesPreview {
  const protectedCollections = new Set(rules.protectedCollectionIds);
  const cents = (amount: number) => Math.round(amount * 100);
  const result = decideCodes(
    rules,
    {
      lines: input.cart.lines.map((line) => ({
        title: line.title,
        // an id that is no product's GID can match no protected product
        productId: line.productId ? normalizeProductId(line.productId) : null,
        priceCents: cents(line.price),
        compareAtPriceCents: line.compareAtPrice === null ? null : cents(line.compareAtPrice),
        inProtectedCollection: line.collectionIds.some((id) => {
          const gid = normalizeCollectionId(id);
          return gid !== null && protectedCollections.has(gid);
        }),
      })),
      customerTags: input.cart.customerTags,
    },
    input.codes.map((code) => ({ code, rejectable: true })),
  );
  const decisions = result.decisions.map((decision) => ({ ...decision, text: decisionText(decision) }));
  const rejectedCount = result.rejected.length;
  const summary =
    rejectedCount === 0
      ? `This cart, these codes: all ${decisions.length === 1 ? "accepted" : `${decisions.length} accepted`}.`
      : `This cart, these codes: ${rejectedCount} of ${decisions.length} rejected, with the message "${result.message}"`;
  return { decisions, rejected: result.rejected, message: result.message, summary };
}
