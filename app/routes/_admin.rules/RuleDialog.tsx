import { getFormProps } from "@conform-to/react";
import { useFetcherForm } from "../../components/useFetcherForm";
import { BlockStack, FormLayout, Modal, Select, TextField } from "@shopify/polaris";
import { useCallback, useState } from "react";
import {
  RULE_ACTION_OPTIONS,
  RULE_TYPE_OPTIONS,
  UNIT_OPTIONS,
  initialUnitFor,
  thresholdInput,
  type RuleType,
  type ThresholdUnit,
} from "../../domain/rules/rules";
import { ruleSchema } from "../../forms/rules";
import { useField, type Field } from "../../components/form-fields";
import { ThresholdField } from "./ThresholdField";
import { useRulesFetcher } from "./useRulesFetcher";
import { BacktestPanel, useBacktest } from "../../components/Backtest";
import { NO_ORDER_ACTIONS, type OrderActions } from "../../domain/actions/order-actions";
import { OrderActionsFields, type OrderActionsAccess } from "./OrderActionsFields";
import { useReturnFocus } from "../../components/useReturnFocus";
import { ScheduleFields } from "./ScheduleFields";
import type { ScheduleValues } from "./rule-list-items";

export interface RuleFormValues {
  id?: string;
  name: string;
  description: string;
  ruleType: RuleType;
  thresholdUnit: ThresholdUnit;
  threshold: string;
  action: string;
  orderActions: OrderActions;
  /** its status and schedule (docs/product.md#status-and-schedule); a new rule: active, no dates */
  schedule?: ScheduleValues;
}

/** The fields of a rule the form posts, as text (the order actions and the schedule post their own). */
type RuleDraft = Omit<RuleFormValues, "id" | "orderActions" | "schedule">;

const NO_SCHEDULE: ScheduleValues = { status: "active", startsAt: "", endsAt: "" };

export const EMPTY_RULE: RuleFormValues = {
  name: "",
  description: "",
  ruleType: "max_discount",
  thresholdUnit: initialUnitFor("max_discount"),
  threshold: "",
  action: "alert",
  orderActions: NO_ORDER_ACTIONS,
};

/** The 'Add New Rule' and 'Edit Rule' dialogs (docs/product.md#rules). */
export function RuleDialog({
  mode,
  initial,
  onClose,
  access,
  timeZone,
}: {
  mode: "add" | "edit";
  initial: RuleFormValues;
  onClose: () => void;
  access: OrderActionsAccess;
  /** the shop's zone, in which the dates are entered */
  timeZone: string;
}) {
  const schedule = initial.schedule ?? NO_SCHEDULE;
  const [orderActions, setOrderActions] = useState(initial.orderActions);
  const fetcher = useRulesFetcher(
    `rule-${mode}`,
    useCallback(() => onClose(), [onClose]),
  );
  const [form, fields] = useFetcherForm({
    id: `rule-${mode}-form`,
    schema: ruleSchema,
    fetcher,
    defaultValue: { ...ruleDraftOf(initial), ...schedule },
  });
  const controls = useRuleFields(fields);
  const status = useField(fields.status);
  const startsAt = useField(fields.startsAt);
  const endsAt = useField(fields.endsAt);
  const busy = fetcher.state !== "idle";
  const backtest = useBacktest();
  // drawn only while open: closing unmounts it, and focus goes back to Add Rule or the row's Edit
  useReturnFocus(true);

  return (
    <Modal
      open
      onClose={onClose}
      title={mode === "add" ? "Add New Rule" : "Edit Rule"}
      primaryAction={{
        content: busy ? "Saving..." : mode === "add" ? "Add Rule" : "Save Changes",
        loading: busy,
        onAction: () => (document.getElementById(form.id) as HTMLFormElement | null)?.requestSubmit(),
      }}
      secondaryActions={[{ content: "Cancel", onAction: onClose }]}
    >
      <Modal.Section>
        <form {...getFormProps(form)}>
          <input type="hidden" name="intent" value={mode === "add" ? "create" : "update"} />
          {initial.id ? <input type="hidden" name="id" value={initial.id} /> : null}
          <BlockStack gap="400">
            <RuleFields controls={controls} fields={fields} />
            <ScheduleFields
              status={status}
              startsAt={startsAt}
              endsAt={endsAt}
              timeZone={timeZone}
              initialStatus={schedule.status}
            />
          </BlockStack>
        </form>
      </Modal.Section>
      <Modal.Section>
        <OrderActionsFields value={orderActions} onChange={setOrderActions} access={access} form={form.id} />
      </Modal.Section>
      <Modal.Section>
        <BacktestPanel
          backtest={backtest}
          // with its dates: a scheduled rule judges only the orders inside its window
          request={() => ({ rule: { ...draftOf(controls), startsAt: startsAt.value, endsAt: endsAt.value } })}
          label="Test this rule on the last 60 days of orders"
        />
      </Modal.Section>
    </Modal>
  );
}

type RuleFieldsMetadata = ReturnType<typeof useFetcherForm<typeof ruleSchema>>[1];

/** A rule's fields as the form starts them. */
export function ruleDraftOf(values: RuleFormValues): RuleDraft {
  const { id: _id, orderActions: _actions, schedule: _schedule, ...draft } = values;
  return draft;
}

/** The Rule Builder's fields bound to a rule form (components/form-fields.tsx). */
export function useRuleFields(fields: RuleFieldsMetadata) {
  return {
    name: useField(fields.name),
    description: useField(fields.description),
    ruleType: useField(fields.ruleType),
    thresholdUnit: useField(fields.thresholdUnit),
    threshold: useField(fields.threshold),
    action: useField(fields.action),
  } satisfies Record<keyof RuleDraft, Field>;
}

export type RuleFieldControls = ReturnType<typeof useRuleFields>;

/** The rule as typed, as POST /api/backtest takes a rule being edited. */
export function draftOf(controls: RuleFieldControls): RuleDraft {
  return {
    name: controls.name.value,
    description: controls.description.value,
    ruleType: controls.ruleType.value as RuleType,
    thresholdUnit: controls.thresholdUnit.value as ThresholdUnit,
    threshold: controls.threshold.value,
    action: controls.action.value,
  };
}

/** The Rule Builder's fields, shared by its dialogs and onboarding's first rule. */
export function RuleFields({
  controls,
  fields,
  showAction = true,
}: {
  controls: RuleFieldControls;
  fields: RuleFieldsMetadata;
  /** onboarding's first rule alerts; the Action select is the dialogs' */
  showAction?: boolean;
}) {
  const { ruleType, thresholdUnit } = controls;
  const input = thresholdInput(ruleType.value as RuleType, thresholdUnit.value as ThresholdUnit);
  // a Maximum Discount (%) rule saved with Amount ($) is refused (docs/product.md#rules)
  const unitError = input.showUnit ? fields.thresholdUnit.errors?.[0] : undefined;
  return (
    <FormLayout>
      <TextField label="Name" {...controls.name.textField} requiredIndicator />
      <TextField label="Description" {...controls.description.textField} multiline={2} />
      <Select
        label="Rule Type"
        {...ruleType.select}
        options={RULE_TYPE_OPTIONS}
        onChange={(type) => {
          ruleType.change(type);
          thresholdUnit.change(initialUnitFor(type));
        }}
      />
      {input.showUnit ? (
        <Select
          label="Unit"
          {...thresholdUnit.select}
          options={UNIT_OPTIONS.map((option) => ({ ...option }))}
          error={unitError}
        />
      ) : (
        <input {...thresholdUnit.hidden} />
      )}
      <ThresholdField
        // a refused unit says why on the Unit field, not twice
        input={unitError ? { ...input, help: undefined } : input}
        control={controls.threshold}
      />
      {showAction ? (
        <Select
          label="Action"
          {...controls.action.select}
          options={RULE_ACTION_OPTIONS.map((option) => ({ ...option }))}
        />
      ) : (
        <input {...controls.action.hidden} />
      )}
    </FormLayout>
  );
}
