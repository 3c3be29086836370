import { BlockStack, Button, InlineError, InlineStack, Tag, Text } from "@shopify/polaris";
import { useId, useState } from "react";
import { ResourcePickerModal, type PickerOption } from "./ResourcePickerModal";

/**
 * Products and collections chosen with Shopify's resource picker and shown by title as removable
 * tags (docs/product.md#code-rules). Embedded, App Bridge's picker
 * (`shopify.resourcePicker`) lists the shop's own; in the demo store, a stand-in dialog lists the
 * demo store's, as its stand-in of Shopify answers them. The field holds ids: the form posts those.
 */

export type ResourceType = "product" | "collection";

/**
 * A chosen product or collection: its title; null when Shopify has none for its id (deleted),
 * undefined when its title is not known (Shopify did not answer).
 */
export interface ChosenResource {
  id: string;
  title: string | null | undefined;
}

export type { PickerOption };

/** What the stand-in picker lists, by type: the demo store's products and collections. */
export type PickerOptions = Record<`${ResourceType}s`, PickerOption[]>;

const WORDS: Record<ResourceType, { one: string; many: string; kind: string }> = {
  product: { one: "product", many: "products", kind: "Product" },
  collection: { one: "collection", many: "collections", kind: "Collection" },
};

/** The tag's text: the title; "Deleted product" for an id Shopify no longer has; else the id's number. */
export function resourceLabel(type: ResourceType, resource: ChosenResource): string {
  if (resource.title) return resource.title;
  const { one, kind } = WORDS[type];
  if (resource.title === null) return `Deleted ${one}`;
  const number = /\/(\d+)$/.exec(resource.id)?.[1] ?? resource.id;
  return `${kind} ${number}`;
}

/** The picker's answer: the chosen resources, or null when it was cancelled. */
async function appBridgePick(
  type: ResourceType,
  multiple: boolean | number,
  chosen: ChosenResource[],
): Promise<ChosenResource[] | null> {
  const picked = await window.shopify?.resourcePicker({
    type,
    action: "select",
    multiple,
    selectionIds: chosen.map(({ id }) => ({ id })),
  });
  if (!picked) return null;
  return picked.map((resource) => ({ id: resource.id, title: resource.title }));
}

export function ResourcePickerField({
  label,
  helpText,
  type,
  multiple,
  chosen,
  onChange,
  appBridge,
  options,
  error,
  buttonLabel,
  accessibilityLabel,
}: {
  label: string;
  helpText?: string;
  type: ResourceType;
  /** true or a maximum: several may be chosen; false: one */
  multiple: boolean | number;
  chosen: ChosenResource[];
  onChange: (chosen: ChosenResource[]) => void;
  /** App Bridge runs the page: its picker; otherwise the stand-in dialog listing `options` */
  appBridge: boolean;
  options: PickerOptions | null;
  error?: string;
  /** the button's text ("Choose products" unless given) and its name for assistive technology */
  buttonLabel?: string;
  accessibilityLabel?: string;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const words = WORDS[type];
  const one = multiple === false;
  // what Shopify no longer has stays until removed: a picker cannot list it to keep it
  const keepDeleted = (next: ChosenResource[]) => [
    ...chosen.filter((resource) => resource.title === null && !next.some((item) => item.id === resource.id)),
    ...next,
  ];
  const choose = async () => {
    if (!appBridge) return setOpen(true);
    const picked = await appBridgePick(type, multiple, chosen);
    if (picked) onChange(one ? picked.slice(0, 1) : keepDeleted(picked));
  };
  const remove = (removed: string) => onChange(chosen.filter((resource) => resource.id !== removed));
  const helpId = `${id}-help`;
  // InlineError's element is its field id with "Error" after it
  const errorId = `${id}-fieldError`;

  return (
    <fieldset
      aria-describedby={[helpText ? helpId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined}
      style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}
    >
      {/* the fieldset's first child, so that it names the group */}
      <legend style={{ padding: 0, marginBlockEnd: "var(--p-space-150)" }}>
        <Text as="span">{label}</Text>
      </legend>
      <BlockStack gap="150">
        <InlineStack gap="200" blockAlign="center" wrap>
          <Button onClick={() => void choose()} accessibilityLabel={accessibilityLabel}>
            {buttonLabel ?? `Choose ${one ? words.one : words.many}`}
          </Button>
          {chosen.length === 0 ? (
            <Text as="span" tone="subdued">
              None chosen
            </Text>
          ) : null}
        </InlineStack>
        {chosen.length > 0 ? (
          <InlineStack gap="200" wrap>
            {chosen.map((resource) => (
              <Tag key={resource.id} onRemove={() => remove(resource.id)}>
                {resourceLabel(type, resource)}
              </Tag>
            ))}
          </InlineStack>
        ) : null}
        {helpText ? (
          <Text as="span" tone="subdued" id={helpId}>
            {helpText}
          </Text>
        ) : null}
        {error ? <InlineError message={error} fieldID={`${id}-field`} /> : null}
      </BlockStack>
      {appBridge ? null : (
        <ResourcePickerModal
          open={open}
          type={type}
          words={words}
          multiple={multiple}
          options={options?.[`${type}s`] ?? null}
          chosen={chosen.map((resource) => resource.id)}
          onClose={() => setOpen(false)}
          onSelect={(picked) => {
            setOpen(false);
            onChange(one ? picked.slice(0, 1) : keepDeleted(picked));
          }}
        />
      )}
    </fieldset>
  );
}
