import { Banner, BlockStack, Box, Button, InlineGrid, InlineStack, List, Text, TextField } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { MessagesBanner } from "../../components/MessagesBanner";
import { CodeVerdicts } from "./CodeVerdicts";
import {
  ResourcePickerField,
  type ChosenResource,
  type PickerOptions,
  type ResourceType,
} from "../../components/ResourcePicker";
import { CODE_LIST_MAX } from "../../forms/code-rules";
import { list, type PreviewSettings } from "./code-rules-view";

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
export function CodeRulesPreview({
  settings,
  picker,
}: {
  settings: PreviewSettings;
  picker: { appBridge: boolean; options: PickerOptions | null };
}) {
  const [lines, setLines] = useState<PreviewLine[]>(SAMPLE_CART);
  const [codes, setCodes] = useState("SAVE20, VIP25");
  const [customerTags, setCustomerTags] = useState("");
  const [accountAge, setAccountAge] = useState("");
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
              accountAgeDays: accountAge.trim() === "" ? null : accountAge.trim(),
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
  }, [settings, lines, codes, customerTags, accountAge]);

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
          helpText="Comma-separated. This and the account age empty: a guest."
          autoComplete="off"
          value={customerTags}
          onChange={setCustomerTags}
        />
        <TextField
          label="Customer's account age (days)"
          helpText="Days since the account was created. Empty with tags given: its age is not judged."
          type="number"
          autoComplete="off"
          value={accountAge}
          onChange={setAccountAge}
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
