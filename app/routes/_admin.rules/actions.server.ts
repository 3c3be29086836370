import type { SubmissionResult } from "@conform-to/react";
import * as z from "zod";
import type { $ZodType, output } from "zod/v4/core";
import { blockingSchema, collectionRuleSchema, ruleActiveSchema, ruleSchema, stackingSchema } from "../../forms/rules";
import type { AdminContext } from "../../services/shops/admin-context.server";
import { ownerOf } from "../../http/api.server";
import { intentIn, saveParsedForm } from "../../http/form-save.server";
import { fail, ok, type Result } from "../../domain/result";
import {
  createCollectionRule,
  createRule,
  deleteCollectionRule,
  deleteRule,
  planLimitMessage,
  resumePausedRules,
  saveBlockingSettings,
  saveStackingSettings,
  setCollectionRuleActive,
  setRuleActive,
  updateCollectionRule,
  updateRule,
  type RuleOwner,
} from "../../services/rules/rules.server";
import { notInStep, syncAfterChange } from "../../services/checkout/deploy.server";
import { codeRulesSchema } from "../../forms/code-rules";
import { codeRulesNotInStep, saveCodeRules } from "../../services/code-rules/code-rules.server";
import { actionClientOf } from "../../services/actions/admin-client.server";

export const RULE_INTENTS = [
  "create",
  "update",
  "delete",
  "toggle",
  "createCollectionRule",
  "updateCollectionRule",
  "toggleCollectionRule",
  "deleteCollectionRule",
  "saveStacking",
  "saveBlocking",
  "saveSettings",
  "saveCodeRules",
  "resumePaused",
] as const;
export type RuleIntent = (typeof RULE_INTENTS)[number];

export interface RulesActionResult {
  intent: RuleIntent | "unknown";
  ok: boolean;
  /** the product's toast (section 8) and its detail */
  toast: { title: string; description?: string; error?: boolean };
  /** conform's reply, for the form's field errors */
  result?: SubmissionResult<string[]>;
  status: number;
}

const TOASTS: Record<RuleIntent, { success: string; failure: string }> = {
  create: { success: "Rule created successfully", failure: "Error creating rule" },
  update: { success: "Rule updated successfully", failure: "Error updating rule" },
  delete: { success: "Rule deleted successfully", failure: "Error deleting rule" },
  toggle: { success: "Rule status updated", failure: "Failed to update rule status" },
  createCollectionRule: { success: "Collection rule created", failure: "Failed to create collection rule" },
  updateCollectionRule: { success: "Rule updated successfully", failure: "Error updating rule" },
  toggleCollectionRule: { success: "Rule status updated", failure: "Failed to update rule status" },
  deleteCollectionRule: { success: "Rule deleted successfully", failure: "Failed to delete rule" },
  saveStacking: { success: "Stacking rules saved", failure: "Failed to save stacking rules" },
  saveBlocking: { success: "Blocking settings saved", failure: "Failed to save blocking settings" },
  saveSettings: {
    success: "Stacking and blocking settings saved",
    failure: "Failed to save stacking and blocking settings",
  },
  saveCodeRules: { success: "Code rules saved", failure: "Failed to save code rules" },
  resumePaused: { success: "Paused rules resumed", failure: "Failed to resume rules" },
};

/** What the Rules page's forms say when a field is refused by its schema. */
const CORRECT_THE_FIELDS = "Please correct the highlighted fields.";

/** A form refused before parsing (app/http/input-limits.ts): nothing is saved. */
export function refusedRulesForm(message: string): RulesActionResult {
  return {
    intent: "unknown",
    ok: false,
    status: 400,
    toast: { title: "The form was not saved", description: message, error: true },
  };
}

/** What an intent's handler is given: the shop, and the rule the form names (`id`). */
interface IntentCall {
  context: AdminContext;
  owner: RuleOwner;
  id: string;
}

/** A handler's success: the toast's detail, if any. */
type Done = { description?: string };

/** An intent's answer, before its toast is added. */
type Answer =
  | { ok: true; description?: string; result?: SubmissionResult<string[]> }
  | { ok: false; status: number; description: string; result?: SubmissionResult<string[]> };

type Intent = (formData: FormData, call: IntentCall) => Promise<Answer>;

/**
 * An intent whose form is parsed with the API's schema by saveParsedForm (the page forms' one
 * path), then handled with the typed value. The form is reset after a create (`resetForm`);
 * its field errors come back on the form; a service's refusal is said in the toast only.
 */
function formIntent<Schema extends $ZodType>(
  schema: Schema,
  handle: (value: output<Schema>, call: IntentCall) => Promise<Result<Done>>,
  options: { resetForm?: boolean } = {},
): Intent {
  return async (formData, call) => {
    const saved = await saveParsedForm(formData, schema, (value) => handle(value, call), {
      resetForm: options.resetForm,
      invalid: CORRECT_THE_FIELDS,
    });
    if (!saved.ok) {
      return {
        ok: false,
        status: saved.status,
        description: saved.description,
        result: saved.failure ? undefined : saved.result,
      };
    }
    return { ok: true, description: saved.value.description, result: options.resetForm ? saved.result : undefined };
  };
}

/** An intent with no form to parse (a delete, a resume): the handler reads what it needs. */
function plainIntent(handle: (call: IntentCall) => Promise<Result<Done>>): Intent {
  return async (_formData, call) => {
    const outcome = await handle(call);
    return outcome.ok
      ? { ok: true, description: outcome.value.description }
      : { ok: false, status: outcome.error.status, description: outcome.error.message };
  };
}

/** A service's answer whose value the toast does not show. */
function saved<T>(outcome: Result<T>): Result<Done> {
  return outcome.ok ? ok({}) : outcome;
}

/** A delete's refusal names its status, as the product's toast does. */
function deleted<T>(outcome: Result<T>): Result<Done> {
  return outcome.ok
    ? ok({})
    : fail(outcome.error.status, `Failed to delete rule: ${outcome.error.status} ${outcome.error.message}`);
}

/** The blocking and stacking settings are the checkout Function's configuration too. */
async function synced(context: AdminContext): Promise<Result<Done>> {
  const syncError = await syncAfterChange(context);
  return ok({ description: syncError ? notInStep(syncError) : undefined });
}

/**
 * The Stacking & blocking page's one form (docs/decisions/0048-rules-pages.md): both settings in
 * one post, checked together, so a refused field saves neither.
 */
const settingsSchema = z.intersection(stackingSchema, blockingSchema);

/** The Rules page's intents: each validates with the API's schema and calls the same service. */
const INTENTS: Record<RuleIntent, Intent> = {
  create: formIntent(ruleSchema, async (value, { owner }) => saved(await createRule(owner, value)), {
    resetForm: true,
  }),
  update: formIntent(ruleSchema, async (value, { owner, id }) => saved(await updateRule(owner, id, value))),
  toggle: formIntent(ruleActiveSchema, async (value, { owner, id }) =>
    saved(await setRuleActive(owner, id, value.isActive)),
  ),
  delete: plainIntent(async ({ owner, id }) => deleted(await deleteRule(owner, id))),
  createCollectionRule: formIntent(
    collectionRuleSchema,
    async (value, { owner }) => saved(await createCollectionRule(owner, value)),
    { resetForm: true },
  ),
  updateCollectionRule: formIntent(collectionRuleSchema, async (value, { owner, id }) =>
    saved(await updateCollectionRule(owner, id, value)),
  ),
  toggleCollectionRule: formIntent(ruleActiveSchema, async (value, { owner, id }) =>
    saved(await setCollectionRuleActive(owner, id, value.isActive)),
  ),
  deleteCollectionRule: plainIntent(async ({ owner, id }) => deleted(await deleteCollectionRule(owner, id))),
  saveStacking: formIntent(stackingSchema, async (value, { owner, context }) => {
    await saveStackingSettings(owner.id, value);
    return synced(context);
  }),
  saveBlocking: formIntent(blockingSchema, async (value, { owner, context }) => {
    await saveBlockingSettings(owner.id, value);
    return synced(context);
  }),
  saveSettings: formIntent(settingsSchema, async (value, { owner, context }) => {
    const { enabled, blockedStacking, instantBlocking, staffOverride, customerMessage } = value;
    await saveStackingSettings(owner.id, { enabled, blockedStacking });
    await saveBlockingSettings(owner.id, { instantBlocking, staffOverride, customerMessage });
    return synced(context);
  }),
  saveCodeRules: formIntent(codeRulesSchema, async (value, { owner, context }) => {
    const outcome = await saveCodeRules(owner, value, actionClientOf(context));
    if (!outcome.ok) return outcome;
    const { syncError } = outcome.value;
    return ok({ description: syncError ? codeRulesNotInStep(syncError) : undefined });
  }),
  resumePaused: plainIntent(async ({ owner }) => {
    const { resumed, stillPaused } = await resumePausedRules(owner);
    if (resumed === 0) return fail(409, planLimitMessage(owner.plan));
    return ok({
      description: `${resumed} resumed${stillPaused ? `; ${stillPaused} still paused by the plan's limit` : ""}.`,
    });
  }),
};

/** The Rules page's one action: the posted intent's handler, and the product's toast for its outcome. */
export async function handleRulesAction(context: AdminContext, formData: FormData): Promise<RulesActionResult> {
  const intent = formData.get("intent");
  if (!intentIn(INTENTS, intent)) {
    return { intent: "unknown", ok: false, status: 400, toast: { title: "Unknown action", error: true } };
  }
  const toasts = TOASTS[intent];
  const answer = await INTENTS[intent](formData, {
    context,
    owner: ownerOf(context),
    id: String(formData.get("id") ?? ""),
  });
  return answer.ok
    ? {
        intent,
        ok: true,
        status: 200,
        toast: { title: toasts.success, description: answer.description },
        result: answer.result,
      }
    : {
        intent,
        ok: false,
        status: answer.status,
        toast: { title: toasts.failure, description: answer.description, error: true },
        result: answer.result,
      };
}
