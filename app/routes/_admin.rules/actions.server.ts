import {
  blockingSchema,
  collectionRuleSchema,
  ruleActiveSchema,
  ruleSchema,
  rulesSettingsSchema,
  stackingSchema,
} from "../../forms/rules";
import type { AdminContext } from "../../services/shops/admin-context.server";
import { ownerOf } from "../../http/api.server";
import { formIntent, pageAction, plainIntent, saved, type Done, type PageIntent } from "../../http/page-action.server";
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

/** What the Rules pages' forms say when a field is refused by its schema. */
const CORRECT_THE_FIELDS = "Please correct the highlighted fields.";

/** What an intent's handler is given: the shop, as the rules services know it. */
interface IntentCall {
  context: AdminContext;
  owner: RuleOwner;
}

/** The rule the form names. */
const idOf = (formData: FormData) => String(formData.get("id") ?? "");

/** The product's toasts for an intent (its section 8), and the Rules forms' word for a refused field. */
const toasts = (success: string, failure: string, more: { resetForm?: boolean } = {}) => ({
  success,
  failure,
  invalid: CORRECT_THE_FIELDS,
  ...more,
});

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

/** The Rules pages' intents: each validates with the API's schema and calls the same service. */
const INTENTS = {
  create: formIntent(
    ruleSchema,
    toasts("Rule created successfully", "Error creating rule", { resetForm: true }),
    async (value, { owner }: IntentCall) => saved(await createRule(owner, value)),
  ),
  update: formIntent(
    ruleSchema,
    toasts("Rule updated successfully", "Error updating rule"),
    async (value, { owner }: IntentCall, form) => saved(await updateRule(owner, idOf(form), value)),
  ),
  toggle: formIntent(
    ruleActiveSchema,
    toasts("Rule status updated", "Failed to update rule status"),
    async (value, { owner }: IntentCall, form) => saved(await setRuleActive(owner, idOf(form), value.isActive)),
  ),
  delete: plainIntent(
    { success: "Rule deleted successfully", failure: "Error deleting rule" },
    async (form, { owner }: IntentCall) => deleted(await deleteRule(owner, idOf(form))),
  ),
  createCollectionRule: formIntent(
    collectionRuleSchema,
    toasts("Collection rule created", "Failed to create collection rule", { resetForm: true }),
    async (value, { owner, context }: IntentCall) =>
      saved(await createCollectionRule(owner, value, actionClientOf(context))),
  ),
  updateCollectionRule: formIntent(
    collectionRuleSchema,
    toasts("Rule updated successfully", "Error updating rule"),
    async (value, { owner, context }: IntentCall, form) =>
      saved(await updateCollectionRule(owner, idOf(form), value, actionClientOf(context))),
  ),
  toggleCollectionRule: formIntent(
    ruleActiveSchema,
    toasts("Rule status updated", "Failed to update rule status"),
    async (value, { owner }: IntentCall, form) =>
      saved(await setCollectionRuleActive(owner, idOf(form), value.isActive)),
  ),
  deleteCollectionRule: plainIntent(
    { success: "Rule deleted successfully", failure: "Failed to delete rule" },
    async (form, { owner }: IntentCall) => deleted(await deleteCollectionRule(owner, idOf(form))),
  ),
  saveStacking: formIntent(
    stackingSchema,
    toasts("Stacking rules saved", "Failed to save stacking rules"),
    async (value, { owner, context }: IntentCall) => {
      await saveStackingSettings(owner.id, value);
      return synced(context);
    },
  ),
  saveBlocking: formIntent(
    blockingSchema,
    toasts("Blocking settings saved", "Failed to save blocking settings"),
    async (value, { owner, context }: IntentCall) => {
      await saveBlockingSettings(owner.id, value);
      return synced(context);
    },
  ),
  saveSettings: formIntent(
    rulesSettingsSchema,
    toasts("Stacking and blocking settings saved", "Failed to save stacking and blocking settings"),
    async (value, { owner, context }: IntentCall) => {
      const { enabled, blockedStacking, instantBlocking, staffOverride, customerMessage } = value;
      await saveStackingSettings(owner.id, { enabled, blockedStacking });
      await saveBlockingSettings(owner.id, { instantBlocking, staffOverride, customerMessage });
      return synced(context);
    },
  ),
  saveCodeRules: formIntent(
    codeRulesSchema,
    toasts("Code rules saved", "Failed to save code rules"),
    async (value, { owner, context }: IntentCall) => {
      const outcome = await saveCodeRules(owner, value, actionClientOf(context));
      if (!outcome.ok) return outcome;
      const { syncError } = outcome.value;
      return ok({ description: syncError ? codeRulesNotInStep(syncError) : undefined });
    },
  ),
  resumePaused: plainIntent(
    { success: "Paused rules resumed", failure: "Failed to resume rules" },
    async (_form, { owner }: IntentCall) => {
      const { resumed, stillPaused } = await resumePausedRules(owner);
      if (resumed === 0) return fail(409, planLimitMessage(owner.plan));
      return ok({
        description: `${resumed} resumed${stillPaused ? `; ${stillPaused} still paused by the plan's limit` : ""}.`,
      });
    },
  ),
} satisfies Record<string, PageIntent<IntentCall>>;

export type RuleIntent = keyof typeof INTENTS;
export const RULE_INTENTS = Object.keys(INTENTS) as RuleIntent[];

const REFUSED = "The form was not saved";
const rulesAction = pageAction<IntentCall>(INTENTS, REFUSED);
// the Code rules page's form saves its rules and nothing else
const codeRulesAction = pageAction<IntentCall>({ saveCodeRules: INTENTS.saveCodeRules }, REFUSED);

/**
 * The Rules pages' one action: the posted intent's handler, and the product's toast for its
 * outcome; the Code rules page (`codeRulesOnly`) takes its own form's intent only.
 */
export function handleRulesAction(request: Request, context: AdminContext, options: { codeRulesOnly?: boolean } = {}) {
  return (options.codeRulesOnly ? codeRulesAction : rulesAction)(request, { context, owner: ownerOf(context) });
}
