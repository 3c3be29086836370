import type { FieldMetadata } from "@conform-to/react";

/**
 * Props that connect a conform field to a Polaris TextField: its id and name (so the form
 * data carries it) and its first error under the field, or of an entry in it (a
 * comma-separated list's bad item is reported at `emails[1]`).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function textFieldProps(meta: FieldMetadata<any, any, string[]>, serverError?: string) {
  return {
    id: meta.id,
    name: meta.name,
    error: meta.errors?.[0] ?? Object.values(meta.allErrors ?? {}).flat()[0] ?? serverError,
    autoComplete: "off",
  };
}
