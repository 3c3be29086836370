import { BlockStack, Button, Checkbox, InlineStack, Text } from "@shopify/polaris";
import { useState } from "react";
import { DISCOUNT_METHOD_KINDS } from "../../domain/rules";
import type { BlockingInput, StackingInput } from "../../forms/rules";
import { BlockingFields } from "../../components/BlockingFields";
import { useRulesFetcher } from "./useRulesFetcher";

/** Every pair of discount kinds, as "KindA+KindB". */
export const KIND_PAIRS = DISCOUNT_METHOD_KINDS.flatMap((first, index) =>
  DISCOUNT_METHOD_KINDS.slice(index + 1).map((second) => `${first.kind}+${second.kind}`),
);

export function StackingSettingsForm({ initial }: { initial: StackingInput }) {
  const fetcher = useRulesFetcher("stacking");
  const [enabled, setEnabled] = useState(initial.enabled);
  const [blocked, setBlocked] = useState(() => new Set(initial.blockedStacking.map((kinds) => kinds.join("+"))));
  const save = () => {
    const data = new FormData();
    data.set("intent", "saveStacking");
    data.set("enabled", String(enabled));
    for (const pair of blocked) data.append("blockedStacking", pair);
    fetcher.submit(data, { method: "post" });
  };
  return (
    <BlockStack gap="300">
      <Text as="h3" variant="headingMd">
        Stacking settings
      </Text>
      <Checkbox
        label="Flag blocked combinations"
        helpText="Stacking Prevention rules also fire when an order combines the kinds below."
        checked={enabled}
        onChange={setEnabled}
      />
      <BlockStack gap="100">
        {KIND_PAIRS.map((pair) => (
          <Checkbox
            key={pair}
            label={pair.replace("+", " + ")}
            checked={blocked.has(pair)}
            onChange={(checked) =>
              setBlocked((current) => {
                const next = new Set(current);
                if (checked) next.add(pair);
                else next.delete(pair);
                return next;
              })
            }
          />
        ))}
      </BlockStack>
      <InlineStack>
        <Button onClick={save} loading={fetcher.state !== "idle"}>
          Save stacking settings
        </Button>
      </InlineStack>
    </BlockStack>
  );
}

export function BlockingSettingsForm({ initial }: { initial: BlockingInput }) {
  const fetcher = useRulesFetcher("blocking");
  const [values, setValues] = useState(initial);
  const error =
    fetcher.state === "idle" && fetcher.data && !fetcher.data.ok
      ? fetcher.data.result?.error?.customerMessage?.[0]
      : undefined;
  const save = () =>
    fetcher.submit(
      {
        intent: "saveBlocking",
        instantBlocking: String(values.instantBlocking),
        staffOverride: String(values.staffOverride),
        customerMessage: values.customerMessage,
      },
      { method: "post" },
    );
  return (
    <BlockStack gap="300">
      <Text as="h3" variant="headingMd">
        Blocking settings
      </Text>
      <Text as="p" tone="subdued">
        Checkout blocking runs with the Plus plan (coming soon); your settings are kept until then.
      </Text>
      <BlockingFields values={values} onChange={setValues} messageField={{ error }} />
      <InlineStack>
        <Button onClick={save} loading={fetcher.state !== "idle"}>
          Save blocking settings
        </Button>
      </InlineStack>
    </BlockStack>
  );
}
