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
import { useEffect, useMemo, useState } from "react";
import { PlanButton } from "../../components/AdminPage";
import { MessagesBanner } from "../../components/MessagesBanner";
import { useField } from "../../components/form-fields";
import { useFetcherForm } from "../../components/useFetcherForm";
import { DEFAULT_CODE_REJECTION_MESSAGE } from "../../domain/code-rules";
import { codeRulesSchema, type CodeRulesInput } from "../../forms/code-rules";
import { useRulesFetcher } from "./useRulesFetcher";
import { askForScopes } from "../../components/askForScopes";
import { useRevalidator } from "@remix-run/react";

/** What the Rules page's loader gives the section (app/services/code-rules/code-rules.server.ts). */
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

/** The form's text for the stored settings. */
function formValues(settings: CodeRulesInput) {
  return {
    message: settings.message,
    noCodesOnSaleItems: String(settings.noCodesOnSaleItems),
    maxCodes: settings.maxCodes === null ? "" : String(settings.maxCodes),
    forbiddenPairs: settings.forbiddenPairs.map(([a, b]) => `${a} + ${b}`).join("\n"),
    protectedProductIds: settings.protectedProductIds.join(", "),
    protectedCollectionIds: settings.protectedCollectionIds.join(", "),
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

/**
 * The Rules page's "Code rules" section (docs/product.md#code-rules): the settings, saved on
 * Core and Plus, and a live preview of what they (as typed, before saving) do to a cart.
 */
export function CodeRulesSection({ data }: { data: CodeRulesSectionData }) {
  return (
    <BlockStack gap="400">
      <BlockStack gap="100">
        <Text as="h2" variant="headingLg">
          Code rules
        </Text>
        <Text as="p" tone="subdued">
          Turn discount codes away as customers enter them at checkout, with your message, before they pay.
        </Text>
      </BlockStack>
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
        <CodeRulesForm initial={formValues(data.settings)} />
      ) : (
        <BlockStack gap="300" inlineAlign="start">
          <Text as="p">Code rules come with the Core plan. Upgrade to turn codes away at checkout.</Text>
          <PlanButton target="core" />
        </BlockStack>
      )}
    </BlockStack>
  );
}

function CodeRulesForm({ initial }: { initial: FormValues }) {
  const fetcher = useRulesFetcher("code-rules");
  const [form, fields] = useFetcherForm({
    id: "code-rules-form",
    schema: codeRulesSchema,
    fetcher,
    defaultValue: initial,
  });
  const message = useField(fields.message);
  const noCodesOnSaleItems = useField(fields.noCodesOnSaleItems);
  const maxCodes = useField(fields.maxCodes);
  const forbiddenPairs = useField(fields.forbiddenPairs);
  const protectedProductIds = useField(fields.protectedProductIds);
  const protectedCollectionIds = useField(fields.protectedCollectionIds);
  const customerTagsMode = useField(fields.customerTagsMode);
  const customerTags = useField(fields.customerTags);
  // the settings as typed, for the preview: a new object only when one of them changes
  const settings = useMemo<PreviewSettings>(
    () => ({
      message: message.value,
      noCodesOnSaleItems: noCodesOnSaleItems.value === "true",
      maxCodes: maxCodes.value,
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
      forbiddenPairs.value,
      protectedProductIds.value,
      protectedCollectionIds.value,
      customerTagsMode.value,
      customerTags.value,
    ],
  );
  return (
    <InlineGrid columns={{ xs: 1, md: 2 }} gap="400">
      <form {...getFormProps(form)}>
        <input type="hidden" name="intent" value="saveCodeRules" />
        <input {...noCodesOnSaleItems.hidden} />
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
            helpText="Empty: any number. The first codes entered are kept."
            {...maxCodes.textField}
          />
          <TextField
            label="Codes that can't be combined"
            helpText="One pair per line, for example WELCOME10 + VIP25. The second code entered is turned away."
            multiline={3}
            {...forbiddenPairs.textField}
          />
          <TextField
            label="Protected products"
            helpText="Product ids, comma-separated: a cart with one of them takes no code."
            {...protectedProductIds.textField}
          />
          <TextField
            label="Protected collections"
            helpText="Collection ids, comma-separated: a cart with one of their products takes no code."
            {...protectedCollectionIds.textField}
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
          <InlineStack>
            <Button submit loading={fetcher.state !== "idle"}>
              Save code rules
            </Button>
          </InlineStack>
        </FormLayout>
      </form>
      <CodeRulesPreview settings={settings} />
    </InlineGrid>
  );
}

interface PreviewLine {
  title: string;
  productId: string;
  price: string;
  compareAtPrice: string;
  collectionIds: string;
}

interface PreviewAnswer {
  decisions?: { code: string; rejected: boolean; text: string }[];
  summary?: string;
  error?: string;
  errors?: Record<string, string[]>;
}

const SAMPLE_CART: PreviewLine[] = [
  { title: "Linen shirt", productId: "", price: "60.00", compareAtPrice: "", collectionIds: "" },
  { title: "Wool scarf", productId: "", price: "30.00", compareAtPrice: "45.00", collectionIds: "" },
];

const list = (text: string) =>
  text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);

/** "This cart, these codes: …", asked of the server as the settings are typed. */
function CodeRulesPreview({ settings }: { settings: PreviewSettings }) {
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
                productId: line.productId.trim() || null,
                price: line.price,
                compareAtPrice: line.compareAtPrice.trim() === "" ? null : line.compareAtPrice,
                collectionIds: list(line.collectionIds),
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

  const setLine = (index: number, key: keyof PreviewLine) => (value: string) =>
    setLines((current) => current.map((line, at) => (at === index ? { ...line, [key]: value } : line)));
  const problems = answer?.errors ? Object.values(answer.errors).flat() : [];

  return (
    <Box background="bg-surface-secondary" padding="400" borderRadius="200">
      <BlockStack gap="300">
        <Text as="h3" variant="headingMd">
          Preview
        </Text>
        <Text as="p" tone="subdued">
          A cart and the codes entered, decided by the settings as they are now, before you save.
        </Text>
        {lines.map((line, index) => (
          <BlockStack gap="100" key={index}>
            <InlineGrid columns={3} gap="200">
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
            <InlineGrid columns={2} gap="200">
              <TextField
                label={`Item ${index + 1} product (id)`}
                autoComplete="off"
                value={line.productId}
                onChange={setLine(index, "productId")}
              />
              <TextField
                label={`Item ${index + 1} collections (ids)`}
                autoComplete="off"
                value={line.collectionIds}
                onChange={setLine(index, "collectionIds")}
              />
            </InlineGrid>
          </BlockStack>
        ))}
        <InlineStack gap="200">
          <Button
            onClick={() =>
              setLines((current) => [
                ...current,
                { title: "New item", productId: "", price: "20.00", compareAtPrice: "", collectionIds: "" },
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
