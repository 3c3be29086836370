import { Checkbox, TextField } from "@shopify/polaris";
import type { BlockingInput } from "../forms/rules";

/**
 * The blocking settings' fields (instant blocking, staff override, the customer message):
 * the Rules page's blocking settings and the Integration Center's Plus features card edit
 * the same settings with the same words.
 */
export function BlockingFields({
  values,
  onChange,
  messageField,
}: {
  values: BlockingInput;
  onChange: (values: BlockingInput) => void;
  /** the message field's id, name and error, when a conform form owns it */
  messageField?: { id?: string; name?: string; error?: string };
}) {
  return (
    <>
      <Checkbox
        label="Instant blocking"
        helpText="Stop the buyer as soon as the checkout shows the discounts; off: when they pay."
        checked={values.instantBlocking}
        onChange={(instantBlocking) => onChange({ ...values, instantBlocking })}
      />
      <Checkbox
        label="Staff override"
        helpText="Customers tagged margin-guardrail-override go through; their orders are logged as overrides, with who and why."
        checked={values.staffOverride}
        onChange={(staffOverride) => onChange({ ...values, staffOverride })}
      />
      <TextField
        label="Customer message"
        multiline={2}
        autoComplete="off"
        {...messageField}
        value={values.customerMessage}
        onChange={(customerMessage) => onChange({ ...values, customerMessage })}
      />
    </>
  );
}
