import { getFormProps } from "@conform-to/react";
import { useFetcherForm } from "../../components/useFetcherForm";
import { FormLayout, Modal, Select, TextField } from "@shopify/polaris";
import { useCallback, useState } from "react";
import {
  RULE_ACTION_OPTIONS,
  RULE_TYPE_OPTIONS,
  UNIT_OPTIONS,
  initialUnitFor,
  thresholdInput,
  type RuleType,
  type ThresholdUnit,
} from "../../domain/rules";
import { ruleSchema } from "../../forms/rules";
import { textFieldProps } from "../../components/conform-polaris";
import { ThresholdField } from "./ThresholdField";
import { useRulesFetcher } from "./useRulesFetcher";
import { BacktestPanel, useBacktest } from "../../components/Backtest";
import { NO_ORDER_ACTIONS, type OrderActions } from "../../domain/order-actions";
import { OrderActionsFields, type OrderActionsAccess } from "./OrderActionsFields";

/** The form's values as POST /api/backtest takes a rule being edited. */
export function draftOf(values: RuleFormValues): Record<string, unknown> {
  const { id: _id, orderActions: _actions, ...rule } = values;
  return rule;
}

export interface RuleFormValues {
  id?: string;
  name: string;
  description: string;
  ruleType: RuleType;
  thresholdUnit: ThresholdUnit;
  threshold: string;
  action: string;
  orderActions: OrderActions;
}

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
}: {
  mode: "add" | "edit";
  initial: RuleFormValues;
  onClose: () => void;
  access: OrderActionsAccess;
}) {
  const [values, setValues] = useState<RuleFormValues>(initial);
  const fetcher = useRulesFetcher(
    `rule-${mode}`,
    useCallback(() => onClose(), [onClose]),
  );
  const [form, fields] = useFetcherForm({ id: `rule-${mode}-form`, schema: ruleSchema, fetcher });
  const input = thresholdInput(values.ruleType, values.thresholdUnit);
  const busy = fetcher.state !== "idle";
  const backtest = useBacktest();

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
          {values.id ? <input type="hidden" name="id" value={values.id} /> : null}
          {input.showUnit ? null : <input type="hidden" name="thresholdUnit" value={values.thresholdUnit} />}
          <RuleFields values={values} setValues={setValues} fields={fields} />
        </form>
      </Modal.Section>
      <Modal.Section>
        <OrderActionsFields
          value={values.orderActions}
          onChange={(orderActions) => setValues((current) => ({ ...current, orderActions }))}
          access={access}
          form={form.id}
        />
      </Modal.Section>
      <Modal.Section>
        <BacktestPanel
          backtest={backtest}
          request={() => ({ rule: draftOf(values) })}
          label="Test this rule on the last 60 days of orders"
        />
      </Modal.Section>
    </Modal>
  );
}

type RuleFieldsMetadata = ReturnType<typeof useFetcherForm<typeof ruleSchema>>[1];

/** The Rule Builder's fields, shared by its dialogs and onboarding's first rule. */
export function RuleFields({
  values,
  setValues,
  fields,
  showAction = true,
}: {
  values: RuleFormValues;
  setValues: React.Dispatch<React.SetStateAction<RuleFormValues>>;
  fields: RuleFieldsMetadata;
  /** onboarding's first rule alerts; the Action select is the dialogs' */
  showAction?: boolean;
}) {
  const input = thresholdInput(values.ruleType, values.thresholdUnit);
  // a Maximum Discount (%) rule saved with Amount ($) is refused (docs/product.md#rules)
  const unitError = input.showUnit ? fields.thresholdUnit.errors?.[0] : undefined;
  const set =
    <K extends keyof RuleFormValues>(key: K) =>
    (value: RuleFormValues[K]) =>
      setValues((current) => ({ ...current, [key]: value }));
  return (
    <FormLayout>
      <TextField
        label="Name"
        {...textFieldProps(fields.name)}
        value={values.name}
        onChange={set("name")}
        requiredIndicator
      />
      <TextField
        label="Description"
        {...textFieldProps(fields.description)}
        value={values.description}
        onChange={set("description")}
        multiline={2}
      />
      <Select
        label="Rule Type"
        name={fields.ruleType.name}
        id={fields.ruleType.id}
        options={RULE_TYPE_OPTIONS}
        value={values.ruleType}
        error={fields.ruleType.errors?.[0]}
        onChange={(ruleType) =>
          setValues((current) => ({
            ...current,
            ruleType: ruleType as RuleType,
            thresholdUnit: initialUnitFor(ruleType),
          }))
        }
      />
      {input.showUnit ? (
        <Select
          label="Unit"
          name={fields.thresholdUnit.name}
          id={fields.thresholdUnit.id}
          options={UNIT_OPTIONS.map((option) => ({ ...option }))}
          value={values.thresholdUnit}
          error={unitError}
          onChange={(unit) => set("thresholdUnit")(unit as ThresholdUnit)}
        />
      ) : null}
      <ThresholdField
        // a refused unit says why on the Unit field, not twice
        input={unitError ? { ...input, help: undefined } : input}
        field={fields.threshold}
        value={values.threshold}
        onChange={set("threshold")}
      />
      {showAction ? (
        <Select
          label="Action"
          name={fields.action.name}
          id={fields.action.id}
          options={RULE_ACTION_OPTIONS.map((option) => ({ ...option }))}
          value={values.action}
          error={fields.action.errors?.[0]}
          onChange={set("action")}
        />
      ) : (
        <input type="hidden" name={fields.action.name} value={values.action} />
      )}
    </FormLayout>
  );
}
