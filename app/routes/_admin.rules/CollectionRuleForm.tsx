import { getFormProps } from "@conform-to/react";
import { useFetcherForm } from "../../components/useFetcherForm";
import { BlockStack, Button, FormLayout, InlineStack, Select, Text, TextField } from "@shopify/polaris";
import { useCallback, useState } from "react";
import { COLLECTION_RULE_TYPE_OPTIONS, thresholdInput } from "../../domain/rules";
import { collectionRuleSchema } from "../../forms/rules";
import { textFieldProps } from "../../components/conform-polaris";
import { ThresholdField } from "./ThresholdField";
import type { CollectionRuleValues } from "./rule-list-items";
import { useRulesFetcher } from "./useRulesFetcher";
import { NO_ORDER_ACTIONS } from "../../domain/order-actions";
import { OrderActionsFields, type OrderActionsAccess } from "./OrderActionsFields";

const EMPTY: CollectionRuleValues = {
  collectionId: "",
  collectionTitle: "",
  ruleType: "margin_floor",
  threshold: "",
  orderActions: NO_ORDER_ACTIONS,
};

/**
 * Adds a collection rule, or edits one (`initial` with its id). Embedded in Shopify, the
 * collection comes from App Bridge's resource picker; elsewhere (the demo store) its id is
 * typed and validated.
 */
export function CollectionRuleForm({
  appBridge,
  initial,
  onSaved,
  access,
}: {
  appBridge: boolean;
  initial?: CollectionRuleValues;
  onSaved?: () => void;
  /** editing: its order actions are set here too (docs/product.md#order-actions) */
  access?: OrderActionsAccess;
}) {
  const editing = Boolean(initial?.id);
  const [values, setValues] = useState(initial ?? EMPTY);
  const fetcher = useRulesFetcher(
    editing ? `collection-rule-${initial?.id}` : "collection-rule",
    useCallback(() => (onSaved ? onSaved() : setValues(EMPTY)), [onSaved]),
  );
  const [form, fields] = useFetcherForm({
    id: editing ? `collection-rule-form-${initial?.id}` : "collection-rule-form",
    schema: collectionRuleSchema,
    fetcher,
    shouldValidate: "onSubmit",
  });
  const input = thresholdInput(values.ruleType, values.ruleType === "margin_floor" ? "PERCENT" : "AMOUNT");
  const set = (key: Exclude<keyof CollectionRuleValues, "orderActions">) => (value: string) =>
    setValues((current) => ({ ...current, [key]: value }));

  async function pickCollection() {
    const picked = await window.shopify?.resourcePicker({ type: "collection", multiple: false });
    const collection = picked?.[0];
    if (collection)
      setValues((current) => ({ ...current, collectionId: collection.id, collectionTitle: collection.title ?? "" }));
  }

  return (
    <form {...getFormProps(form)}>
      <input type="hidden" name="intent" value={editing ? "updateCollectionRule" : "createCollectionRule"} />
      {editing ? <input type="hidden" name="id" value={initial?.id} /> : null}
      <input type="hidden" name="collectionTitle" value={values.collectionTitle} />
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
                <input type="hidden" name="collectionId" value={values.collectionId} />
                <Text as="span">Collection</Text>
                <InlineStack gap="200" blockAlign="center">
                  <Button onClick={pickCollection}>Choose collection</Button>
                  <Text as="span" tone={values.collectionTitle ? undefined : "subdued"}>
                    {values.collectionTitle || "None chosen"}
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
                {...textFieldProps(fields.collectionId)}
                value={values.collectionId}
                onChange={set("collectionId")}
              />
            )}
            <Select
              label="Rule type"
              name={fields.ruleType.name}
              id={fields.ruleType.id}
              options={COLLECTION_RULE_TYPE_OPTIONS.map((option) => ({ ...option }))}
              value={values.ruleType}
              onChange={set("ruleType")}
            />
            <ThresholdField
              input={input}
              field={fields.threshold}
              value={values.threshold}
              onChange={set("threshold")}
            />
          </FormLayout.Group>
        </FormLayout>
        {editing && access ? (
          <OrderActionsFields
            value={values.orderActions}
            onChange={(orderActions) => setValues((current) => ({ ...current, orderActions }))}
            access={access}
            form={form.id}
          />
        ) : null}
        <InlineStack>
          <Button submit variant={editing ? "primary" : undefined} loading={fetcher.state !== "idle"}>
            {editing ? "Save collection rule" : "Add collection rule"}
          </Button>
        </InlineStack>
      </BlockStack>
    </form>
  );
}
