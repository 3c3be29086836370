import { getFormProps } from "@conform-to/react";
import { useFetcherForm } from "../../components/useFetcherForm";
import { BlockStack, Button, FormLayout, InlineStack, Select, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { COLLECTION_RULE_TYPE_OPTIONS, collectionRuleUnit, thresholdInput } from "../../domain/rules/rules";
import { collectionRuleSchema } from "../../forms/rules";
import { useField } from "../../components/form-fields";
import { ThresholdField } from "./ThresholdField";
import type { CollectionRuleValues } from "./rule-list-items";
import { useRulesFetcher } from "./useRulesFetcher";
import { NO_ORDER_ACTIONS } from "../../domain/actions/order-actions";
import { OrderActionsFields, type OrderActionsAccess } from "./OrderActionsFields";
import { ScheduleFields } from "./ScheduleFields";
import { RULE_LIMIT_REACHED } from "../../domain/billing/plans";

const EMPTY: CollectionRuleValues = {
  collectionId: "",
  collectionTitle: "",
  ruleType: "margin_floor",
  threshold: "",
  orderActions: NO_ORDER_ACTIONS,
  status: "active",
  startsAt: "",
  endsAt: "",
};

/**
 * The form's id and its fetcher's key when it edits the collection rule `id`, the `opening`-th
 * time its dialog opens: its dialog's Save submits it and shows it saving. A new key for each
 * opening, so the answer to an earlier save does not close the dialog again.
 */
export function collectionRuleFormIds(id: string, opening = 0) {
  return { form: `collection-rule-form-${id}`, fetcher: `collection-rule-${id}-${opening}` };
}

/**
 * Adds a collection rule, or edits one (`initial` with its id). Embedded in Shopify, the
 * collection comes from App Bridge's resource picker; elsewhere (the demo store) its id is
 * typed and validated. Editing, it sits in its dialog, whose footer has the Save.
 */
export function CollectionRuleForm({
  appBridge,
  initial,
  onSaved,
  access,
  opening,
  timeZone,
  limitReached = false,
}: {
  appBridge: boolean;
  /** the shop's zone, in which a schedule's dates are entered */
  timeZone: string;
  initial?: CollectionRuleValues;
  /** editing: which opening of its dialog this is (collectionRuleFormIds) */
  opening?: number;
  onSaved?: () => void;
  /** editing: its order actions are set here too (docs/product.md#order-actions) */
  access?: OrderActionsAccess;
  /** adding at the plan's limit of active rules: the add button is disabled, saying why */
  limitReached?: boolean;
}) {
  const editing = Boolean(initial?.id);
  const { orderActions: startingActions, id: _id, ...starting } = initial ?? EMPTY;
  const [orderActions, setOrderActions] = useState(startingActions);
  // an added rule empties the form: the action's answer resets it (conform's resetForm)
  const ids = initial?.id
    ? collectionRuleFormIds(initial.id, opening)
    : { form: "collection-rule-form", fetcher: "collection-rule" };
  const fetcher = useRulesFetcher(ids.fetcher, onSaved);
  const [form, fields] = useFetcherForm({
    id: ids.form,
    schema: collectionRuleSchema,
    fetcher,
    shouldValidate: "onSubmit",
    defaultValue: starting,
  });
  const collectionId = useField(fields.collectionId);
  const collectionTitle = useField(fields.collectionTitle);
  const ruleType = useField(fields.ruleType);
  const threshold = useField(fields.threshold);
  const status = useField(fields.status);
  const startsAt = useField(fields.startsAt);
  const endsAt = useField(fields.endsAt);
  // the type says the unit: Margin Floor and Maximum Discount (%) in percent, Maximum Discount ($) in money
  const input = thresholdInput(ruleType.value, collectionRuleUnit(ruleType.value));

  async function pickCollection() {
    const picked = await window.shopify?.resourcePicker({ type: "collection", multiple: false });
    const collection = picked?.[0];
    if (!collection) return;
    collectionId.change(collection.id);
    collectionTitle.change(collection.title ?? "");
  }

  return (
    <form {...getFormProps(form)}>
      <input type="hidden" name="intent" value={editing ? "updateCollectionRule" : "createCollectionRule"} />
      {editing ? <input type="hidden" name="id" value={initial?.id} /> : null}
      <input {...collectionTitle.hidden} />
      <BlockStack gap="300">
        {editing ? null : (
          <Text as="h3" variant="headingMd">
            Add a collection rule
          </Text>
        )}
        <FormLayout>
          <FormLayout.Group>
            {appBridge ? (
              <BlockStack gap="100">
                <input {...collectionId.hidden} />
                <Text as="span">Collection</Text>
                <InlineStack gap="200" blockAlign="center">
                  <Button onClick={pickCollection}>Choose collection</Button>
                  <Text as="span" tone={collectionTitle.value ? undefined : "subdued"}>
                    {collectionTitle.value || "None chosen"}
                  </Text>
                </InlineStack>
                {fields.collectionId.errors ? (
                  <Text as="span" tone="critical">
                    {fields.collectionId.errors[0]}
                  </Text>
                ) : null}
              </BlockStack>
            ) : (
              <TextField
                label="Collection ID"
                helpText="The number in the collection's admin address, or its gid://shopify/Collection/… id"
                {...collectionId.textField}
              />
            )}
            <Select
              label="Rule type"
              {...ruleType.select}
              options={COLLECTION_RULE_TYPE_OPTIONS.map((option) => ({ ...option }))}
              error={undefined}
            />
            <ThresholdField input={input} control={threshold} />
          </FormLayout.Group>
        </FormLayout>
        <ScheduleFields
          status={status}
          startsAt={startsAt}
          endsAt={endsAt}
          timeZone={timeZone}
          initialStatus={starting.status}
        />
        {editing && access ? (
          <OrderActionsFields value={orderActions} onChange={setOrderActions} access={access} form={form.id} />
        ) : null}
        {editing ? null : (
          <InlineStack gap="300" blockAlign="center">
            <Button submit loading={fetcher.state !== "idle"} disabled={limitReached}>
              Add collection rule
            </Button>
            {limitReached ? (
              <Text as="span" tone="subdued">
                {RULE_LIMIT_REACHED}
              </Text>
            ) : null}
          </InlineStack>
        )}
      </BlockStack>
    </form>
  );
}
