import { Badge, BlockStack, Box, Card, Checkbox, Divider, InlineGrid, InlineStack, Text } from "@shopify/polaris";
import type { FetcherWithComponents } from "@remix-run/react";
import { useState } from "react";
import { DISCOUNT_METHOD_KINDS } from "../../domain/rules/rules";
import { discountCombinationLabel } from "../../domain/monitoring/discount-kinds";
import type { PlanId } from "../../domain/billing/plans";
import type { BlockingInput, StackingInput } from "../../forms/rules";
import { BlockingFields } from "../../components/BlockingFields";
import { UnsavedChangesBar } from "../../components/UnsavedChangesBar";
import type { PageActionResult } from "../../forms/page-action";
import { plusBadge } from "./AdvancedRules";
import { useHydrated } from "./useHydrated";

/** Every pair of discount kinds, as the form posts it: "KindA+KindB". */
export const KIND_PAIRS = DISCOUNT_METHOD_KINDS.flatMap((first, index) =>
  DISCOUNT_METHOD_KINDS.slice(index + 1).map((second) => `${first.kind}+${second.kind}`),
);

export interface RulesSettings {
  stacking: StackingInput;
  blocking: BlockingInput;
}

interface Values {
  enabled: boolean;
  blocked: ReadonlySet<string>;
  blocking: BlockingInput;
}

function valuesOf(settings: RulesSettings): Values {
  return {
    enabled: settings.stacking.enabled,
    blocked: new Set(settings.stacking.blockedStacking.map((kinds) => kinds.join("+"))),
    blocking: settings.blocking,
  };
}

function sameValues(a: Values, b: Values): boolean {
  return (
    a.enabled === b.enabled &&
    a.blocked.size === b.blocked.size &&
    [...a.blocked].every((pair) => b.blocked.has(pair)) &&
    a.blocking.instantBlocking === b.blocking.instantBlocking &&
    a.blocking.staffOverride === b.blocking.staffOverride &&
    a.blocking.customerMessage === b.blocking.customerMessage
  );
}

/** What the form starts from: a save that changes the settings starts it again (its React key). */
export function settingsFormKey(settings: RulesSettings): string {
  return JSON.stringify(settings);
}

/**
 * One section of a settings page as Shopify's own are laid out: what it is on the left, its card on
 * the right; one above the other on a narrow screen, where the card meets the screen's edges and the
 * words keep the page's margin.
 */
function SettingsSection({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <InlineGrid columns={{ xs: 1, md: ["oneThird", "twoThirds"] }} gap="400">
      <Box paddingInline={{ xs: "400", sm: "0" }}>
        <BlockStack gap="200">
          <Text as="h2" variant="headingMd">
            {title}
          </Text>
          <Text as="p" tone="subdued">
            {description}
          </Text>
        </BlockStack>
      </Box>
      {children}
    </InlineGrid>
  );
}

/** A fieldset that draws nothing: it only disables its controls, natively, until the page has hydrated. */
const BARE_FIELDSET = { border: 0, margin: 0, padding: 0, minWidth: 0 } as const;

/**
 * The Stacking & blocking page's one form (docs/product.md#rules): the stacking and
 * blocking settings, saved together by the page's one unsaved-changes bar (Save, Discard).
 * `save` lives in the page: a save reloads the settings and starts this form again.
 */
export function RulesSettingsForm({
  settings,
  save,
  appBridge,
  plan,
  plusEnabled,
}: {
  settings: RulesSettings;
  save: FetcherWithComponents<PageActionResult>;
  appBridge: boolean;
  plan: PlanId;
  plusEnabled: boolean;
}) {
  const [initial] = useState(() => valuesOf(settings));
  const [values, setValues] = useState(initial);
  // the answer on screen when the form (re)started, or when its values were discarded, is not shown
  const [dismissed, setDismissed] = useState(() => save.data);
  const hydrated = useHydrated();
  const saving = save.state !== "idle";
  const dirty = !sameValues(values, initial);
  const answer = save.state === "idle" && save.data !== dismissed ? save.data : undefined;
  const messageError = answer && !answer.ok ? answer.result?.error?.customerMessage?.[0] : undefined;
  const plus = plusBadge(plan, plusEnabled);

  const submit = () => {
    const data = new FormData();
    data.set("intent", "saveSettings");
    data.set("enabled", String(values.enabled));
    for (const pair of values.blocked) data.append("blockedStacking", pair);
    data.set("instantBlocking", String(values.blocking.instantBlocking));
    data.set("staffOverride", String(values.blocking.staffOverride));
    data.set("customerMessage", values.blocking.customerMessage);
    save.submit(data, { method: "post" });
  };
  const discard = () => {
    setValues(initial);
    setDismissed(save.data);
  };
  const setPair = (pair: string, checked: boolean) =>
    setValues((current) => {
      const blocked = new Set(current.blocked);
      if (checked) blocked.add(pair);
      else blocked.delete(pair);
      return { ...current, blocked };
    });

  return (
    <>
      <UnsavedChangesBar
        id="rules-settings-save-bar"
        open={dirty || saving}
        saving={saving}
        appBridge={appBridge}
        onSave={submit}
        onDiscard={discard}
      />
      <form
        aria-label="Stacking and blocking settings"
        onSubmit={(event) => {
          event.preventDefault();
          if (dirty) submit();
        }}
      >
        <fieldset disabled={!hydrated} style={BARE_FIELDSET}>
          <BlockStack gap="500">
            <SettingsSection
              title="Stacking"
              description="Stacking Prevention rules flag an order with 2 or more discounts. They also flag the pairs of discount kinds you block here."
            >
              <Card>
                <BlockStack gap="300">
                  <Checkbox
                    label="Flag blocked combinations"
                    helpText="Stacking Prevention rules also fire when an order combines a pair below."
                    checked={values.enabled}
                    onChange={(enabled) => setValues((current) => ({ ...current, enabled }))}
                  />
                  <BlockStack gap="100">
                    <Text as="h3" variant="headingSm">
                      Blocked combinations
                    </Text>
                    {KIND_PAIRS.map((pair) => (
                      <Checkbox
                        key={pair}
                        label={discountCombinationLabel(pair.split("+"))}
                        checked={values.blocked.has(pair)}
                        onChange={(checked) => setPair(pair, checked)}
                      />
                    ))}
                  </BlockStack>
                </BlockStack>
              </Card>
            </SettingsSection>
            <Divider />
            <SettingsSection
              title="Checkout blocking"
              description={
                plus.included
                  ? "How checkout blocking stops a buyer, and what it tells them."
                  : "Checkout blocking runs on the Plus plan. Your settings are kept until your shop has it."
              }
            >
              <Card>
                <BlockStack gap="300">
                  <InlineStack>
                    <Badge tone={plus.included ? "success" : "info"}>{plus.label}</Badge>
                  </InlineStack>
                  <BlockingFields
                    values={values.blocking}
                    onChange={(blocking) => setValues((current) => ({ ...current, blocking }))}
                    messageField={{ error: messageError }}
                  />
                </BlockStack>
              </Card>
            </SettingsSection>
          </BlockStack>
        </fieldset>
      </form>
    </>
  );
}
