import { TextField } from "@shopify/polaris";
import type { ThresholdInput } from "../../domain/rules/rules";
import type { Field } from "../../components/form-fields";

/** The threshold input of a rule form: label, prefix, step, min and max follow the rule type. */
export function ThresholdField({ input, control }: { input: ThresholdInput; control: Field }) {
  return (
    <TextField
      label={input.label}
      {...control.textField}
      type="number"
      inputMode="decimal"
      prefix={input.prefix}
      suffix={input.suffix}
      step={input.step}
      min={input.min}
      max={input.max}
      helpText={input.help}
      requiredIndicator
    />
  );
}
