import { Banner, BlockStack, Checkbox, Modal, RadioButton, Text, TextField } from "@shopify/polaris";
import { useEffect, useId, useState } from "react";
import { useReturnFocus } from "./useReturnFocus";

/** A product or collection as a picker lists it. */
export interface PickerOption {
  id: string;
  title: string;
}

/**
 * The demo store's stand-in of Shopify's resource picker (docs/product.md#code-rules):
 * a dialog listing the demo store's products or collections, with a search field and a box (one:
 * a radio button) each; Select gives the chosen ones back, Cancel and Escape change nothing.
 */
export function ResourcePickerModal({
  open,
  type,
  words,
  multiple,
  options,
  chosen,
  onClose,
  onSelect,
}: {
  open: boolean;
  type: "product" | "collection";
  words: { one: string; many: string };
  multiple: boolean | number;
  /** null: the stand-in could not list them */
  options: PickerOption[] | null;
  /** the ids chosen already: ticked when it opens */
  chosen: string[];
  onClose: () => void;
  onSelect: (picked: PickerOption[]) => void;
}) {
  const [selected, setSelected] = useState<string[]>(chosen);
  const [query, setQuery] = useState("");
  const name = useId();
  useReturnFocus(open);
  // each opening starts from what is chosen now
  const chosenKey = chosen.join(",");
  useEffect(() => {
    if (!open) return;
    setSelected(chosenKey ? chosenKey.split(",") : []);
    setQuery("");
  }, [open, chosenKey]);

  const one = multiple === false;
  const max = typeof multiple === "number" ? multiple : one ? 1 : Infinity;
  const needle = query.trim().toLowerCase();
  const shown = (options ?? []).filter((option) => option.title.toLowerCase().includes(needle));
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => (one ? [id] : on ? [...current, id] : current.filter((item) => item !== id)));
  const select = () => {
    const byId = new Map((options ?? []).map((option) => [option.id, option]));
    // the order they were chosen in: the ones chosen before first
    onSelect(selected.flatMap((id) => byId.get(id) ?? []));
  };
  const noun = one ? words.one : words.many;

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={`Select ${noun}`}
      primaryAction={{ content: "Select", onAction: select, disabled: options === null }}
      secondaryActions={[{ content: "Cancel", onAction: onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="300">
          <TextField
            label={`Search ${words.many}`}
            labelHidden
            placeholder={`Search ${words.many}`}
            autoComplete="off"
            value={query}
            onChange={setQuery}
            clearButton
            onClearButtonClick={() => setQuery("")}
          />
          {options === null ? (
            <Banner tone="warning">
              {`The demo store's stand-in of Shopify did not list its ${words.many}. Reload the page to try again.`}
            </Banner>
          ) : shown.length === 0 ? (
            <Text as="p" tone="subdued">
              {needle ? `No ${words.many} match "${query.trim()}".` : `The store has no ${words.many}.`}
            </Text>
          ) : (
            <BlockStack gap="100" as="ul">
              {shown.map((option) => {
                const checked = selected.includes(option.id);
                return (
                  <li key={option.id} style={{ listStyle: "none" }}>
                    {one ? (
                      <RadioButton
                        label={option.title}
                        name={`${name}-${type}`}
                        checked={checked}
                        onChange={() => toggle(option.id, true)}
                      />
                    ) : (
                      <Checkbox
                        label={option.title}
                        checked={checked}
                        disabled={!checked && selected.length >= max}
                        onChange={(on) => toggle(option.id, on)}
                      />
                    )}
                  </li>
                );
              })}
            </BlockStack>
          )}
          {one ? null : (
            <Text as="p" tone="subdued">
              {`${selected.length} selected`}
            </Text>
          )}
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
