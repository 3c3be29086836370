import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { blockingSchema, collectionRuleSchema, ruleActiveSchema, ruleSchema, stackingSchema } from "../../forms/rules";
import type { AdminContext } from "../../services/shops/admin-context.server";
import { ownerOf } from "../../http/api.server";
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
  saveCodeRules: { success: "Code rules saved", failure: "Failed to save code rules" },
  resumePaused: { success: "Paused rules resumed", failure: "Failed to resume rules" },
};

/** A form refused before parsing (app/http/input-limits.ts): nothing is saved. */
export function refusedRulesForm(message: string): RulesActionResult {
  return {
    intent: "unknown",
    ok: false,
    status: 400,
    toast: { title: "The form was not saved", description: message, error: true },
  };
}

function isIntent(value: unknown): value is RuleIntent {
  return typeof value === "string" && (RULE_INTENTS as readonly string[]).includes(value);
}

/** The Rules page's one action: each intent validates with the API's schemas and calls the same service. */
export async function handleRulesAction(context: AdminContext, formData: FormData): Promise<RulesActionResult> {
  const intent = formData.get("intent");
  if (!isIntent(intent)) {
    return { intent: "unknown", ok: false, status: 400, toast: { title: "Unknown action", error: true } };
  }
  const toasts = TOASTS[intent];
  const owner = ownerOf(context);
  const id = String(formData.get("id") ?? "");
  const failed = (status: number, description?: string, result?: SubmissionResult<string[]>): RulesActionResult => ({
    intent,
    ok: false,
    status,
    toast: { title: toasts.failure, description, error: true },
    result,
  });
  const done = (result?: SubmissionResult<string[]>, description?: string): RulesActionResult => ({
    intent,
    ok: true,
    status: 200,
    toast: { title: toasts.success, description },
    result,
  });
  // the blocking and stacking settings are the checkout Function's configuration too
  const synced = async () => {
    const syncError = await syncAfterChange(context);
    return done(undefined, syncError ? notInStep(syncError) : undefined);
  };

  const schema = {
    create: ruleSchema,
    update: ruleSchema,
    toggle: ruleActiveSchema,
    createCollectionRule: collectionRuleSchema,
    updateCollectionRule: collectionRuleSchema,
    toggleCollectionRule: ruleActiveSchema,
    saveStacking: stackingSchema,
    saveBlocking: blockingSchema,
    saveCodeRules: codeRulesSchema,
    delete: null,
    deleteCollectionRule: null,
    resumePaused: null,
  }[intent];
  const submission = schema ? parseWithZod(formData, { schema }) : null;
  if (submission && submission.status !== "success") {
    return failed(400, "Please correct the highlighted fields.", submission.reply());
  }
  const value = submission?.status === "success" ? submission.value : undefined;

  switch (intent) {
    case "create": {
      const outcome = await createRule(owner, value as Parameters<typeof createRule>[1]);
      return outcome.ok ? done(submission!.reply({ resetForm: true })) : failed(outcome.status, outcome.message);
    }
    case "update": {
      const outcome = await updateRule(owner, id, value as Parameters<typeof updateRule>[2]);
      return outcome.ok ? done() : failed(outcome.status, outcome.message);
    }
    case "toggle": {
      const outcome = await setRuleActive(owner, id, (value as { isActive: boolean }).isActive);
      return outcome.ok ? done() : failed(outcome.status, outcome.message);
    }
    case "delete": {
      const outcome = await deleteRule(owner, id);
      return outcome.ok
        ? done()
        : failed(outcome.status, `Failed to delete rule: ${outcome.status} ${outcome.message}`);
    }
    case "createCollectionRule": {
      const outcome = await createCollectionRule(owner, value as Parameters<typeof createCollectionRule>[1]);
      return outcome.ok ? done(submission!.reply({ resetForm: true })) : failed(outcome.status, outcome.message);
    }
    case "updateCollectionRule": {
      const outcome = await updateCollectionRule(owner, id, value as Parameters<typeof updateCollectionRule>[2]);
      return outcome.ok ? done() : failed(outcome.status, outcome.message);
    }
    case "toggleCollectionRule": {
      const outcome = await setCollectionRuleActive(owner, id, (value as { isActive: boolean }).isActive);
      return outcome.ok ? done() : failed(outcome.status, outcome.message);
    }
    case "deleteCollectionRule": {
      const outcome = await deleteCollectionRule(owner, id);
      return outcome.ok
        ? done()
        : failed(outcome.status, `Failed to delete rule: ${outcome.status} ${outcome.message}`);
    }
    case "saveStacking":
      await saveStackingSettings(owner.id, value as Parameters<typeof saveStackingSettings>[1]);
      return synced();
    case "saveBlocking":
      await saveBlockingSettings(owner.id, value as Parameters<typeof saveBlockingSettings>[1]);
      return synced();
    case "saveCodeRules": {
      const outcome = await saveCodeRules(owner, value as Parameters<typeof saveCodeRules>[1], actionClientOf(context));
      if (!outcome.ok) return failed(outcome.status, outcome.message);
      return done(undefined, outcome.value.syncError ? codeRulesNotInStep(outcome.value.syncError) : undefined);
    }
    case "resumePaused": {
      const { resumed, stillPaused } = await resumePausedRules(owner);
      if (resumed === 0) return failed(409, planLimitMessage(owner.plan));
      const detail = `${resumed} resumed${stillPaused ? `; ${stillPaused} still paused by the plan's limit` : ""}.`;
      return done(undefined, detail);
    }
  }
}
