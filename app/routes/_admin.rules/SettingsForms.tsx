import { Badge, BlockStack, Box, Card, Checkbox, Divider, InlineGrid, InlineStack, Text } from "@shopify/polaris";
import type { FetcherWithComponents } from "@remix-run/react";
import { useMemo } from "react";
import { getFormProps } from "@conform-to/react";
import { DISCOUNT_METHOD_KINDS } from "../../domain/rules/rules";
import { discountCombinationLabel } from "../../domain/monitoring/discount-kinds";
import type { PlanId } from "../../domain/billing/plans";
import { rulesSettingsSchema, type BlockingInput, type StackingInput } from "../../forms/rules";
import { changedFrom, useChoices, useField } from "../../components/form-fields";
import { useSaveBarForm } from "../../components/useSaveBarForm";
import { BlockingFields } from "../../components/BlockingFields";
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

/** The form's starting text, as it posts it: the switches as "true" or "false", each pair "KindA+KindB". */
function defaultsOf(settings: RulesSettings) {
  return {
    enabled: String(settings.stacking.enabled),
    blockedStacking: settings.stacking.blockedStacking.map((kinds) => kinds.join("+")),
    instantBlocking: String(settings.blocking.instantBlocking),
    staffOverride: String(settings.blocking.staffOverride),
    customerMessage: settings.blocking.customerMessage,
  };
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
  plan,
  plusEnabled,
}: {
  settings: RulesSettings;
  save: FetcherWithComponents<PageActionResult>;
  plan: PlanId;
  plusEnabled: boolean;
}) {
  const initial = useMemo(() => defaultsOf(settings), [settings]);
  const { form, fields, saveBar } = useSaveBarForm({
    name: "rules-settings",
    schema: rulesSettingsSchema,
    fetcher: save,
    initial: initial,
  });
  const enabled = useField(fields.enabled);
  const blocked = useChoices(fields.blockedStacking);
  const blocking = {
    instantBlocking: useField(fields.instantBlocking),
    staffOverride: useField(fields.staffOverride),
    customerMessage: useField(fields.customerMessage),
  };
  const hydrated = useHydrated();
  const dirty =
    changedFrom({ enabled, ...blocking }, initial) ||
    [...blocked.values].sort().join() !== [...initial.blockedStacking].sort().join();
  const plus = plusBadge(plan, plusEnabled);
  const formProps = getFormProps(form);

  return (
    <>
      {saveBar("rules-settings-save-bar", dirty)}
      <form
        {...formProps}
        aria-label="Stacking and blocking settings"
        onSubmit={(event) => {
          // Enter in a field with nothing changed saves nothing
          if (!dirty) return event.preventDefault();
          formProps.onSubmit(event);
        }}
      >
        <input type="hidden" name="intent" value="saveSettings" />
        <input {...enabled.hidden} />
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
                    checked={enabled.value === "true"}
                    onChange={(checked) => enabled.change(String(checked))}
                  />
                  <BlockStack gap="100">
                    <Text as="h3" variant="headingSm">
                      Blocked combinations
                    </Text>
                    {KIND_PAIRS.map((pair) => (
                      <Checkbox
                        key={pair}
                        label={discountCombinationLabel(pair.split("+"))}
                        checked={blocked.has(pair)}
                        onChange={(checked) => blocked.toggle(pair, checked)}
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
                  <BlockingFields fields={blocking} />
                </BlockStack>
              </Card>
            </SettingsSection>
          </BlockStack>
        </fieldset>
      </form>
    </>
  );
}
