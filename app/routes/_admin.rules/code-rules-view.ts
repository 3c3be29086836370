import type { PickerOptions } from "../../components/ResourcePicker";
import type { CodeRulesInput } from "../../forms/code-rules";

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

/** Where the code rules' app discount lives: Shopify, or the demo store's stand-in. */
export const shopifyOf = (data: CodeRulesSectionData) =>
  data.demo ? "the demo store's stand-in of Shopify" : "Shopify";

/** How a list of ids is written in the form's hidden field (the schema reads it comma-separated). */
export const ID_SEPARATOR = ", ";

/** The form's text for the stored settings. */
export function formValues(settings: CodeRulesInput) {
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
    newAccountDays: settings.newAccountDays === null ? "" : String(settings.newAccountDays),
    newAccountMaxPercent: settings.newAccountMaxPercent === null ? "" : String(settings.newAccountMaxPercent),
    newAccountGuests: settings.newAccountGuests,
  };
}
export type FormValues = ReturnType<typeof formValues>;

/** What the preview sends as `settings`: the form's text, its box a boolean. */
export interface PreviewSettings extends Omit<
  FormValues,
  "noCodesOnSaleItems" | "customerTagsMode" | "newAccountGuests"
> {
  noCodesOnSaleItems: boolean;
  customerTagsMode: string;
  newAccountGuests: string;
}

export const list = (text: string) =>
  text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
