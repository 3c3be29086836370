import { Checkbox, TextField } from "@shopify/polaris";
import type { Field } from "./form-fields";

/**
 * The blocking settings' fields (instant blocking, staff override, the customer message):
 * the Rules page's blocking settings and the Integration Center's Plus features card edit
 * the same settings with the same words. The switches post "true" or "false" (an unchecked
 * box would post nothing, and staff override's default is on).
 */
export function BlockingFields({
  fields: { instantBlocking, staffOverride, customerMessage },
}: {
  fields: { instantBlocking: Field; staffOverride: Field; customerMessage: Field };
}) {
  return (
    <>
      <input {...instantBlocking.hidden} />
      <input {...staffOverride.hidden} />
      <Checkbox
        label="Instant blocking"
        helpText="Stop the buyer as soon as the checkout shows the discounts; off: when they pay."
        checked={instantBlocking.value === "true"}
        onChange={(checked) => instantBlocking.change(String(checked))}
      />
      <Checkbox
        label="Staff override"
        helpText="Customers tagged margin-guardrail-override go through; their orders are logged as overrides, with who and why."
        checked={staffOverride.value === "true"}
        onChange={(checked) => staffOverride.change(String(checked))}
      />
      <TextField label="Customer message" multiline={2} {...customerMessage.textField} />
    </>
  );
}
