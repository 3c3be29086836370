import type { FieldMetadata } from "@conform-to/react";
import { TextField } from "@shopify/polaris";
import type { ThresholdInput } from "../../domain/rules";
import { textFieldProps } from "../../components/conform-polaris";

/** The threshold input of a rule form: label, prefix, step, min and max follow the rule type. */
export function ThresholdField({
  input,
  field,
  value,
  onChange,
}: {
  input: ThresholdInput;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  field: FieldMetadata<any, any, string[]>;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label={input.label}
      {...textFieldProps(field)}
      type="number"
      inputMode="decimal"
      prefix={input.prefix}
      suffix={input.suffix}
      step={input.step}
      min={input.min}
      max={input.max}
      value={value}
      onChange={onChange}
      helpText={input.help}
      requiredIndicator
    />
  );
}
