import { getFormProps } from "@conform-to/react";
import {
  Banner,
  BlockStack,
  Box,
  Button,
  Checkbox,
  FormLayout,
  InlineGrid,
  InlineStack,
  List,
  Select,
  Text,
  TextField,
} from "@shopify/polaris";
import { useCallback, useEffect, useMemo, useState } from "react";
import { PlanButton } from "../../components/AdminPage";
import { MessagesBanner } from "../../components/MessagesBanner";
import { CodeVerdicts } from "./CodeVerdicts";
import { fieldError, useField } from "../../components/form-fields";
import { useFetcherForm, useFormGeneration } from "../../components/useFetcherForm";
import { UnsavedChangesBar } from "../../components/UnsavedChangesBar";
import { useAppBridgePresent } from "../../components/useAppBridge";
import {
  ResourcePickerField,
  type ChosenResource,
  type PickerOptions,
  type ResourceType,
} from "../../components/ResourcePicker";
import { DEFAULT_CODE_REJECTION_MESSAGE } from "../../domain/code-rules";
import { CODE_LIST_MAX, codeRulesSchema, type CodeRulesInput } from "../../forms/code-rules";
import { useRulesFetcher } from "./useRulesFetcher";
import { askForScopes } from "../../components/askForScopes";
import { useRevalidator } from "@remix-run/react";

/**
 * What the Code rules page's loader gives the section (app/services/code-rules/code-rules.server.ts,
 * resources.server.ts).
 */
export interface CodeRulesSectionData {
  settings: CodeRulesInput;
  available: boolean;
  /** the app discount running the Function in Shopify, once created */
  discountId: string | null;
  /** whether it is active there: switched off while the shop is below Core */
  discountActive: boolean;
  /** why the last write to Shopify failed, until one succeeds */
  syncError: string | null;
  /** the demo store writes to its stand-in of Shopify */
  demo: boolean;
  /** Shopify has not granted write_discounts, which the app discount needs (an optional scope) */
  needsPermission: boolean;
  /** the protected products' and collections' titles by id; null: Shopify has none for it (deleted) */
  titles: Record<string, string | null>;
  /** why the titles could not be read, when they could not */
  titlesError: string | null;
  /** what the demo store's stand-in picker lists; null embedded (App Bridge's picker asks Shopify) */
  pickerOptions: PickerOptions | null;
}

/** Asks Shopify for write_discounts (App Bridge's scopes.request), then reloads the page's data. */
function GrantPermission() {
  const revalidator = useRevalidator();
  const [problem, setProblem] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const ask = async () => {
    setAsking(true);
    const answer = await askForScopes(["write_discounts"]);
    if (answer.granted) {
      // the scopes health check asks Shopify and stores what it granted, before the webhook says so
      await fetch("/api/health/scopes");
      revalidator.revalidate();
    } else {
      setProblem(
        answer.why === "not embedded"
          ? "Open Margin Guardrail from your Shopify admin to grant it."
          : answer.why === "declined"
            ? "Shopify did not grant it, so code rules stay off at checkout."
            : `Shopify could not ask for it: ${answer.error}`,
      );
    }
    setAsking(false);
  };
  return (
    <Banner
      tone="warning"
      title="Code rules need Shopify's permission to manage discounts"
      action={{ content: "Grant permission", onAction: () => void ask(), loading: asking }}
    >
      {problem ?? "Margin Guardrail runs your code rules as an app discount. Grant the permission, then save."}
    </Banner>
  );
}

/** Where the code rules' app discount lives: Shopify, or the demo store's stand-in. */
const shopifyOf = (data: CodeRulesSectionData) => (data.demo ? "the demo store's stand-in of Shopify" : "Shopify");

/** Where the saved rules stand at checkout. */
function CheckoutState({ data }: { data: CodeRulesSectionData }) {
  if (data.needsPermission) return <GrantPermission />;
  if (data.discountId && !data.discountActive) {
    return (
      <Banner tone="warning" title="Code rules are off at checkout">
        {`Your plan includes code rules again, but switching their app discount back on in ${shopifyOf(data)} did not work yet${data.syncError ? `: ${data.syncError}` : ""}. It is tried again by itself; saving the rules tries at once.`}
      </Banner>
    );
  }
  if (data.syncError) {
    return (
      <Banner tone="warning" title="Checkout does not have your latest code rules">
        {data.syncError}
      </Banner>
    );
  }
  return (
    <Text as="p" tone={data.discountId ? "success" : "subdued"}>
      {data.discountId
        ? `Live at checkout: the app discount "Margin Guardrail: code rules" runs these rules${data.demo ? " (in the demo store's stand-in of Shopify)" : ""}.`
        : "Not at checkout yet: saving a rule creates the app discount that runs them."}
    </Text>
  );
}

const MODES = [
  { label: "Anyone may use codes", value: "anyone" },
  { label: "Only customers with these tags", value: "only" },
  { label: "Not customers with these tags", value: "refuse" },
];

/** How a list of ids is written in the form's hidden field (the schema reads it comma-separated). */
const ID_SEPARATOR = ", ";

/** The form's text for the stored settings. */
function formValues(settings: CodeRulesInput) {
  return {
    message: settings.message,
    noCodesOnSaleItems: String(settings.noCodesOnSaleItems),
    maxCodes: settings.maxCodes === null ? "" : String(settings.maxCodes),
    maxDiscountPercent: settings.maxDiscountPercent === null ? "" : String(settings.maxDiscountPercent),
    backupCode: settings.backupCode ?? "",
    forbiddenPairs: settings.forbiddenPairs.map(([a, b]) => `${a} + ${b}`).join("\n"),
    protectedProductIds: settings.protectedProductIds.join(ID_SEPARATOR),
    protectedCollectionIds: settings.protectedCollectionIds.join(ID_SEPARATOR),
    customerTagsMode: settings.customerTagsMode,
    customerTags: settings.customerTags.join(", "),
  };
}
type FormValues = ReturnType<typeof formValues>;

/** What the preview sends as `settings`: the form's text, its box a boolean. */
interface PreviewSettings extends Omit<FormValues, "noCodesOnSaleItems" | "customerTagsMode"> {
  noCodesOnSaleItems: boolean;
  customerTagsMode: string;
}

const list = (text: string) =>
  text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);

/**
 * The Code rules page's section (docs/product.md#code-rules): the settings, saved on Core and
 * Plus with the page's save bar, and a live preview of what they (as typed, before saving) do to
 * a cart. Protected products and collections are chosen with Shopify's resource picker.
 */
export function CodeRulesSection({ data }: { data: CodeRulesSectionData }) {
  return (
    <BlockStack gap="400">
      {data.available ? <CheckoutState data={data} /> : null}
      {!data.available && data.discountId ? (
        data.discountActive ? (
          <Banner tone="warning" title="Code rules still turn codes away at checkout">
            {`The plan no longer includes code rules, but switching their app discount off in ${shopifyOf(data)} did not work yet${data.syncError ? `: ${data.syncError}` : ""}. It is tried again by itself until it works.`}
          </Banner>
        ) : (
          <Banner tone="info" title="Code rules are off at checkout">
            {`The plan no longer includes code rules, so their app discount is switched off in ${shopifyOf(data)} and no code is turned away. Your rules are kept: upgrading to Core switches them back on.`}
          </Banner>
        )
      ) : null}
      {data.available ? (
        <CodeRulesForm data={data} />
      ) : (
        <BlockStack gap="300" inlineAlign="start">
          <Text as="p">Code rules come with the Core plan. Upgrade to turn codes away at checkout.</Text>
          <PlanButton target="core" />
        </BlockStack>
      )}
    </BlockStack>
  );
}

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

function CodeRulesForm({ data }: { data: CodeRulesSectionData }) {
  const appBridge = useAppBridgePresent(data.demo);
  const initial = useMemo(() => formValues(data.settings), [data.settings]);
  // a discarded or saved form starts again (a new id) from the stored settings, and so does one
  // whose stored settings changed (a save's reload can land after the save's answer)
  const { generation, restart } = useFormGeneration(initial);
  // here, not in a keyed child: a save reloads the settings, and its toast must show once
  const save = useRulesFetcher("code-rules", restart);
  // an answer to a save made before the last discard is not this form's
  const [stale, setStale] = useState(() => save.data);
  const [form, fields] = useFetcherForm({
    id: `code-rules-form-${generation}`,
    schema: codeRulesSchema,
    fetcher: save,
    lastResult: save.state === "idle" && save.data !== stale ? save.data?.result : undefined,
    defaultValue: initial,
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
  };
  const { message, noCodesOnSaleItems, maxCodes, forbiddenPairs, customerTagsMode, customerTags } = controls;
  const { maxDiscountPercent, backupCode } = controls;
  const protectedProductIds = controls.protectedProductIds;
  const protectedCollectionIds = controls.protectedCollectionIds;
  const { titleOf, remember } = useTitles(data.titles);
  const chosen = (ids: string): ChosenResource[] => list(ids).map((id) => ({ id, title: titleOf(id) }));
  const choose = (control: ReturnType<typeof useField>) => (resources: ChosenResource[]) => {
    remember(resources);
    control.change(resources.map((resource) => resource.id).join(ID_SEPARATOR));
  };

  const dirty = (Object.keys(controls) as (keyof FormValues)[]).some((name) => controls[name].value !== initial[name]);
  const saving = save.state !== "idle";
  const submit = () => (document.getElementById(form.id) as HTMLFormElement | null)?.requestSubmit();
  const discard = () => {
    setStale(save.data);
    restart();
  };

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
    ],
  );
  const picker = { appBridge, options: data.pickerOptions };
  return (
    <>
      <UnsavedChangesBar
        id="code-rules-save-bar"
        open={dirty || saving}
        saving={saving}
        appBridge={appBridge}
        onSave={submit}
        onDiscard={discard}
      />
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
              helpText="One pair per line, for example WELCOME10 + VIP25. The second code entered is turned away."
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
              helpText="A cart with one of them takes no code."
              type="product"
              multiple={CODE_LIST_MAX}
              chosen={chosen(protectedProductIds.value)}
              onChange={choose(protectedProductIds)}
              error={fieldError(fields.protectedProductIds)}
              {...picker}
            />
            <ResourcePickerField
              label="Protected collections"
              helpText="A cart with one of their products takes no code."
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
                helpText="Comma-separated, for example staff, wholesale."
                {...customerTags.textField}
              />
            )}
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

interface PreviewLine {
  title: string;
  product: ChosenResource | null;
  price: string;
  compareAtPrice: string;
  collections: ChosenResource[];
}

interface PreviewAnswer {
  decisions?: { code: string; rejected: boolean; text: string; valueText?: string; notRejectable?: boolean }[];
  message?: string;
  summary?: string;
  error?: string;
  errors?: Record<string, string[]>;
}

const SAMPLE_CART: PreviewLine[] = [
  { title: "Linen shirt", product: null, price: "60.00", compareAtPrice: "", collections: [] },
  { title: "Wool scarf", product: null, price: "30.00", compareAtPrice: "45.00", collections: [] },
];

/** "This cart, these codes: …", asked of the server as the settings are typed. */
function CodeRulesPreview({
  settings,
  picker,
}: {
  settings: PreviewSettings;
  picker: { appBridge: boolean; options: PickerOptions | null };
}) {
  const [lines, setLines] = useState<PreviewLine[]>(SAMPLE_CART);
  const [codes, setCodes] = useState("SAVE20, VIP25");
  const [customerTags, setCustomerTags] = useState("");
  const [answer, setAnswer] = useState<PreviewAnswer | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await fetch("/api/config/code-rules/preview", {
          method: "POST",
          signal: controller.signal,
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify({
            settings,
            codes: list(codes),
            cart: {
              customerTags: customerTags.trim() === "" ? null : list(customerTags),
              lines: lines.map((line) => ({
                title: line.title,
                productId: line.product?.id ?? null,
                price: line.price,
                compareAtPrice: line.compareAtPrice.trim() === "" ? null : line.compareAtPrice,
                collectionIds: line.collections.map((collection) => collection.id),
              })),
            },
          }),
        });
        setAnswer((await response.json()) as PreviewAnswer);
      } catch (failure) {
        if (!controller.signal.aborted) setAnswer({ error: String(failure) });
      }
    }, 300);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [settings, lines, codes, customerTags]);

  const updateLine = (index: number, change: Partial<PreviewLine>) =>
    setLines((current) => current.map((line, at) => (at === index ? { ...line, ...change } : line)));
  const setLine = (index: number, key: "title" | "price" | "compareAtPrice") => (value: string) =>
    updateLine(index, { [key]: value });
  const problems = answer?.errors ? Object.values(answer.errors).flat() : [];

  return (
    <Box background="bg-surface-secondary" padding="400" borderRadius="200">
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Preview
        </Text>
        <Text as="p" tone="subdued">
          A cart and the codes entered, decided by the settings as they are now, before you save.
        </Text>
        {lines.map((line, index) => (
          <BlockStack gap="200" key={index}>
            <InlineGrid columns={{ xs: 1, sm: 3 }} gap="200">
              <TextField
                label={`Item ${index + 1}`}
                autoComplete="off"
                value={line.title}
                onChange={setLine(index, "title")}
              />
              <TextField
                label={`Item ${index + 1} price`}
                autoComplete="off"
                value={line.price}
                onChange={setLine(index, "price")}
              />
              <TextField
                label={`Item ${index + 1} compare-at price`}
                autoComplete="off"
                value={line.compareAtPrice}
                onChange={setLine(index, "compareAtPrice")}
              />
            </InlineGrid>
            <InlineGrid columns={{ xs: 1, sm: 2 }} gap="200">
              <PreviewPicker
                label={`Item ${index + 1} product`}
                type="product"
                chosen={line.product ? [line.product] : []}
                // the item takes the product's title: the preview's reasons name it
                onChange={([product]) =>
                  updateLine(index, product ? { product, title: product.title || line.title } : { product: null })
                }
                picker={picker}
              />
              <PreviewPicker
                label={`Item ${index + 1} collections`}
                type="collection"
                chosen={line.collections}
                onChange={(collections) => updateLine(index, { collections })}
                picker={picker}
              />
            </InlineGrid>
          </BlockStack>
        ))}
        <InlineStack gap="200">
          <Button
            onClick={() =>
              setLines((current) => [
                ...current,
                { title: "New item", product: null, price: "20.00", compareAtPrice: "", collections: [] },
              ])
            }
          >
            Add item
          </Button>
          {lines.length > 1 ? (
            <Button onClick={() => setLines((current) => current.slice(0, -1))}>Remove last item</Button>
          ) : null}
        </InlineStack>
        <TextField
          label="Codes entered"
          helpText="Comma-separated"
          autoComplete="off"
          value={codes}
          onChange={setCodes}
        />
        <TextField
          label="Customer tags"
          helpText="Comma-separated; empty: a guest"
          autoComplete="off"
          value={customerTags}
          onChange={setCustomerTags}
        />
        {problems.length > 0 ? (
          <MessagesBanner tone="warning" title="The preview needs" messages={problems} />
        ) : answer?.summary ? (
          <BlockStack gap="100">
            <Text as="p" fontWeight="semibold">
              {answer.summary}
            </Text>
            <CodeVerdicts decisions={answer.decisions ?? []} message={answer.message} />
            <List>
              {answer.decisions?.map((decision) => (
                <List.Item key={decision.code}>
                  <Text as="span" tone={decision.rejected ? "critical" : "success"}>
                    {decision.text}
                  </Text>
                </List.Item>
              ))}
            </List>
          </BlockStack>
        ) : answer?.error ? (
          <Banner tone="critical">{answer.error}</Banner>
        ) : null}
      </BlockStack>
    </Box>
  );
}

/** A preview item's product (one) or collections, chosen with the picker. */
function PreviewPicker({
  label,
  type,
  chosen,
  onChange,
  picker,
}: {
  label: string;
  type: ResourceType;
  chosen: ChosenResource[];
  onChange: (chosen: ChosenResource[]) => void;
  picker: { appBridge: boolean; options: PickerOptions | null };
}) {
  const one = type === "product";
  return (
    <ResourcePickerField
      label={label}
      type={type}
      multiple={one ? false : CODE_LIST_MAX}
      chosen={chosen}
      onChange={onChange}
      buttonLabel="Choose"
      accessibilityLabel={`Choose ${label.toLowerCase()}`}
      {...picker}
    />
  );
}
