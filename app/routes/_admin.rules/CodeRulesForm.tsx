import { getFormProps } from "@conform-to/react";
import { Banner, BlockStack, Checkbox, FormLayout, InlineGrid, Select, Text, TextField } from "@shopify/polaris";
import { useCallback, useMemo, useState } from "react";
import { changedFrom, fieldError, useField } from "../../components/form-fields";
import { useSaveBarForm } from "../../components/useSaveBarForm";
import { useAppBridgePresent } from "../../components/useAppBridge";
import { ResourcePickerField, type ChosenResource } from "../../components/ResourcePicker";
import { DEFAULT_CODE_REJECTION_MESSAGE } from "../../domain/code-rules/code-rules";
import { CODE_LIST_MAX, CUSTOMER_TAGS_MAX, codeRulesSchema } from "../../forms/code-rules";
import { useRulesFetcher } from "./useRulesFetcher";
import { CodeRulesPreview } from "./CodeRulesPreview";
import {
  formValues,
  ID_SEPARATOR,
  list,
  shopifyOf,
  type CodeRulesSectionData,
  type FormValues,
  type PreviewSettings,
} from "./code-rules-view";

const GUESTS = [
  { label: "Held to the rule, as a new account", value: "new" },
  { label: "Allowed any code", value: "allow" },
];

const MODES = [
  { label: "Anyone may use codes", value: "anyone" },
  { label: "Only customers with these tags", value: "only" },
  { label: "Not customers with these tags", value: "refuse" },
];

/** The titles the page knows: the loader's (saved ids), then the picker's (ids chosen since). */
function useTitles(loaded: Record<string, string | null>) {
  const [picked, setPicked] = useState<Record<string, string>>({});
  const titleOf = useCallback(
    (id: string): string | null | undefined => picked[id] ?? (id in loaded ? loaded[id] : undefined),
    [picked, loaded],
  );
  const remember = useCallback((resources: ChosenResource[]) => {
    const titled = resources.filter((resource): resource is { id: string; title: string } => Boolean(resource.title));
    if (titled.length)
      setPicked((current) => ({ ...current, ...Object.fromEntries(titled.map((r) => [r.id, r.title])) }));
  }, []);
  return { titleOf, remember };
}

export function CodeRulesForm({ data }: { data: CodeRulesSectionData }) {
  const appBridge = useAppBridgePresent(data.demo);
  const initial = useMemo(() => formValues(data.settings), [data.settings]);
  // here, not in a keyed child: a save reloads the settings, and its toast must show once
  const fetcher = useRulesFetcher("code-rules");
  const { form, fields, saveBar } = useSaveBarForm({
    name: "code-rules-form",
    schema: codeRulesSchema,
    fetcher,
    initial: initial,
  });
  const controls: Record<keyof FormValues, ReturnType<typeof useField>> = {
    message: useField(fields.message),
    noCodesOnSaleItems: useField(fields.noCodesOnSaleItems),
    maxCodes: useField(fields.maxCodes),
    maxDiscountPercent: useField(fields.maxDiscountPercent),
    backupCode: useField(fields.backupCode),
    forbiddenPairs: useField(fields.forbiddenPairs),
    protectedProductIds: useField(fields.protectedProductIds),
    protectedCollectionIds: useField(fields.protectedCollectionIds),
    customerTagsMode: useField(fields.customerTagsMode),
    customerTags: useField(fields.customerTags),
    newAccountDays: useField(fields.newAccountDays),
    newAccountMaxPercent: useField(fields.newAccountMaxPercent),
    newAccountGuests: useField(fields.newAccountGuests),
  };
  const { message, noCodesOnSaleItems, maxCodes, forbiddenPairs, customerTagsMode, customerTags } = controls;
  const { maxDiscountPercent, backupCode } = controls;
  const { newAccountDays, newAccountMaxPercent, newAccountGuests } = controls;
  const protectedProductIds = controls.protectedProductIds;
  const protectedCollectionIds = controls.protectedCollectionIds;
  const { titleOf, remember } = useTitles(data.titles);
  const chosen = (ids: string): ChosenResource[] => list(ids).map((id) => ({ id, title: titleOf(id) }));
  const choose = (control: ReturnType<typeof useField>) => (resources: ChosenResource[]) => {
    remember(resources);
    control.change(resources.map((resource) => resource.id).join(ID_SEPARATOR));
  };

  const dirty = changedFrom(controls, initial);

  // the settings as typed, for the preview: a new object only when one of them changes
  const settings = useMemo<PreviewSettings>(
    () => ({
      message: message.value,
      noCodesOnSaleItems: noCodesOnSaleItems.value === "true",
      maxCodes: maxCodes.value,
      maxDiscountPercent: maxDiscountPercent.value,
      backupCode: backupCode.value,
      forbiddenPairs: forbiddenPairs.value,
      protectedProductIds: protectedProductIds.value,
      protectedCollectionIds: protectedCollectionIds.value,
      customerTagsMode: customerTagsMode.value,
      customerTags: customerTags.value,
      newAccountDays: newAccountDays.value,
      newAccountMaxPercent: newAccountMaxPercent.value,
      newAccountGuests: newAccountGuests.value,
    }),
    [
      message.value,
      noCodesOnSaleItems.value,
      maxCodes.value,
      maxDiscountPercent.value,
      backupCode.value,
      forbiddenPairs.value,
      protectedProductIds.value,
      protectedCollectionIds.value,
      customerTagsMode.value,
      customerTags.value,
      newAccountDays.value,
      newAccountMaxPercent.value,
      newAccountGuests.value,
    ],
  );
  const picker = { appBridge, options: data.pickerOptions };
  return (
    <>
      {saveBar("code-rules-save-bar", dirty)}
      <InlineGrid columns={{ xs: 1, lg: 2 }} gap="400">
        <form {...getFormProps(form)} key={form.id}>
          <input type="hidden" name="intent" value="saveCodeRules" />
          <input {...noCodesOnSaleItems.hidden} />
          <input {...protectedProductIds.hidden} />
          <input {...protectedCollectionIds.hidden} />
          <FormLayout>
            <Checkbox
              label="No codes on items already on sale"
              helpText="A cart with an item whose compare-at price is above its price takes no code."
              checked={noCodesOnSaleItems.value === "true"}
              onChange={(checked) => noCodesOnSaleItems.change(String(checked))}
            />
            <TextField
              label="Most codes together"
              type="number"
              helpText="Empty: any number. The codes worth the most are kept; among equals, the first entered."
              {...maxCodes.textField}
            />
            <TextField
              label="Most off with codes together (%)"
              type="number"
              helpText="The codes entered take at most this share of the cart's subtotal; the fewest, lowest codes are turned away. Empty: no cap."
              {...maxDiscountPercent.textField}
            />
            <TextField
              label="Backup code"
              helpText="Suggested in the message when codes are turned away (… Try BACKUP10 instead.). Empty: none."
              {...backupCode.textField}
            />
            <TextField
              label="Codes that can't be combined"
              helpText={`One pair per line, for example WELCOME10 + VIP25, up to ${CODE_LIST_MAX} pairs. The second code entered is turned away.`}
              multiline={3}
              {...forbiddenPairs.textField}
            />
            {data.titlesError ? (
              <Banner tone="warning" title="Titles unavailable">
                {`${shopifyOf(data)} did not give the titles of the protected products and collections, so their ids are shown: ${data.titlesError}`}
              </Banner>
            ) : null}
            <ResourcePickerField
              label="Protected products"
              helpText={`A cart with one of them takes no code. Up to ${CODE_LIST_MAX} products.`}
              type="product"
              multiple={CODE_LIST_MAX}
              chosen={chosen(protectedProductIds.value)}
              onChange={choose(protectedProductIds)}
              error={fieldError(fields.protectedProductIds)}
              {...picker}
            />
            <ResourcePickerField
              label="Protected collections"
              helpText={`A cart with one of their products takes no code. Up to ${CODE_LIST_MAX} collections.`}
              type="collection"
              multiple={CODE_LIST_MAX}
              chosen={chosen(protectedCollectionIds.value)}
              onChange={choose(protectedCollectionIds)}
              error={fieldError(fields.protectedCollectionIds)}
              {...picker}
            />
            <Select label="Who may use codes" {...customerTagsMode.select} options={MODES} error={undefined} />
            {customerTagsMode.value === "anyone" ? (
              <input {...customerTags.hidden} />
            ) : (
              <TextField
                label="Customer tags"
                helpText={`Comma-separated, for example staff, wholesale; up to ${CUSTOMER_TAGS_MAX} tags.`}
                {...customerTags.textField}
              />
            )}
            <BlockStack gap="200">
              <Text as="h2" variant="headingSm">
                New accounts and big codes
              </Text>
              <TextField
                label="Codes worth more than (%)"
                type="number"
                helpText="Share of the cart's subtotal, counted as for the cap."
                {...newAccountMaxPercent.textField}
              />
              <TextField
                label="Only for accounts at least (days old)"
                type="number"
                helpText="Counted to the start of your shop's day. This and the share empty: off."
                {...newAccountDays.textField}
              />
              <Select label="Guest checkouts (no account)" {...newAccountGuests.select} options={GUESTS} />
            </BlockStack>
            <TextField
              label="Message for rejected codes"
              placeholder={DEFAULT_CODE_REJECTION_MESSAGE}
              helpText="Shown at checkout beside each code turned away. Empty: the message shown here."
              {...message.textField}
            />
          </FormLayout>
        </form>
        <CodeRulesPreview settings={settings} picker={picker} />
      </InlineGrid>
    </>
  );
}
