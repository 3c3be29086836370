import { getFormProps } from "@conform-to/react";
import type { FetcherWithComponents } from "@remix-run/react";
import { Banner, BlockStack } from "@shopify/polaris";
import { createContext, useContext, type ReactNode } from "react";
import { changedFrom, useField, type Field } from "../../components/form-fields";
import { useSaveBarForm } from "../../components/useSaveBarForm";
import type { IntegrationActionResult } from "./actions.server";
import { integrationSettingsSchema, type SettingsField } from "./settings-schema";

/** The fields' starting text, as the form posts it; a field absent (SMTP on Free) is not drawn. */
export type SettingsDefaults = Partial<Record<SettingsField, string>>;

interface SettingsContext {
  fields: Record<SettingsField, Field>;
  /** some field differs from what is saved: what acts on the saved settings waits */
  dirty: boolean;
}

const Context = createContext<SettingsContext | null>(null);

/** The page form's fields and whether they are changed, for the cards that draw them. */
export function useIntegrationSettings(): SettingsContext {
  const context = useContext(Context);
  if (!context) throw new Error("useIntegrationSettings is used outside IntegrationSettingsForm");
  return context;
}

/** What the cards say beside a button that works with the saved settings while some are changed. */
export const SAVE_FIRST = "Save or discard your changes first: this uses the saved settings.";

/**
 * The Integration Center's settings as one form with one contextual save bar
 * (docs/product.md#save-bar): the cards draw its fields, the bar saves them
 * all at once or none (`saveSettings`), Discard puts back what is saved. The cards' actions
 * (tests, Deploy, Remove, Disconnect) stay buttons of their own.
 */
export function IntegrationSettingsForm({
  defaults,
  save,
  children,
}: {
  defaults: SettingsDefaults;
  save: FetcherWithComponents<IntegrationActionResult>;
  children: ReactNode;
}) {
  // a new form id starts the fields again from `defaults`: after Discard, and after a save
  // changed what is stored (the page's data comes back with it)
  const { form, fields, answered, saveBar } = useSaveBarForm({
    name: "integration-settings",
    schema: integrationSettingsSchema,
    fetcher: save,
    initial: defaults,
  });
  const controls: Record<SettingsField, Field> = {
    smtpHost: useField(fields.smtpHost),
    smtpPort: useField(fields.smtpPort),
    smtpUsername: useField(fields.smtpUsername),
    smtpPassword: useField(fields.smtpPassword),
    thresholdPercent: useField(fields.thresholdPercent),
    instantBlocking: useField(fields.instantBlocking),
    staffOverride: useField(fields.staffOverride),
    customerMessage: useField(fields.customerMessage),
    chartMarkers: useField(fields.chartMarkers),
  };
  const dirty = changedFrom(controls, defaults);
  const formError = answered ? form.errors?.[0] : undefined;
  const formProps = getFormProps(form);
  return (
    <Context.Provider value={{ fields: controls, dirty }}>
      {saveBar("integration-settings-save-bar", dirty)}
      <form
        {...formProps}
        onSubmit={(event) => {
          // Enter in a field with nothing changed saves nothing
          if (!dirty) return event.preventDefault();
          formProps.onSubmit(event);
        }}
      >
        <input type="hidden" name="intent" value="saveSettings" />
        <BlockStack gap="400">
          {formError ? <Banner tone="critical" title={formError} /> : null}
          {children}
        </BlockStack>
      </form>
    </Context.Provider>
  );
}
