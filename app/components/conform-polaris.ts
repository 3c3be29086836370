import type { FieldMetadata } from "@conform-to/react";

/**
 * Props that connect a conform field to a Polaris TextField: its id and name (so the form
 * data carries it) and its first error under the field.
 */
export function textFieldProps(meta: FieldMetadata<string | undefined>, serverError?: string) {
  return {
    id: meta.id,
    name: meta.name,
    error: meta.errors?.[0] ?? serverError,
    autoComplete: "off",
  };
}
