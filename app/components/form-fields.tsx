import { useInputControl, type FieldMetadata } from "@conform-to/react";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any field of any form's shape
type AnyField = FieldMetadata<any, any, string[]>;

/** A checked box's value in the form data (app/forms/fields.ts's `flag` reads it). */
const CHECKED = "true";

/**
 * A field's first error, or of an entry in it (a comma-separated list's bad item is reported
 * at `emails[1]`), else the server's.
 */
export function fieldError(meta: AnyField, serverError?: string): string | undefined {
  return meta.errors?.[0] ?? Object.values(meta.allErrors ?? {}).flat()[0] ?? serverError;
}

/**
 * One conform field bound to a Polaris input through conform's `useInputControl`: the value
 * lives in the form (it starts from the form's `defaultValue`, and a new form id or a reset
 * starts it again), and each change reaches conform as an input event on the field's element,
 * so validation runs when it did with native inputs. The props carry the field's id and name,
 * so the rendered `<input>` (or `hidden`) is what the form posts.
 *
 * - `textField`, `select`: spread on a Polaris TextField or Select (label and the rest yours).
 * - `checkbox`: a Polaris Checkbox posting "true" when checked, nothing when not.
 * - `hidden`: an `<input type="hidden">` for a value set by code (a picker, another field).
 */
export function useField(meta: AnyField) {
  const control = useInputControl<string>({
    key: meta.key,
    name: meta.name,
    formId: meta.formId,
    initialValue: typeof meta.initialValue === "string" ? meta.initialValue : undefined,
  });
  const value = control.value ?? "";
  // conform's setter: the same function on every render
  const change: (value: string) => void = control.change;
  const events = { onChange: change, onBlur: () => control.blur(), onFocus: () => control.focus() };
  return {
    value,
    change,
    textField: { id: meta.id, name: meta.name, value, ...events, error: fieldError(meta), autoComplete: "off" },
    select: { id: meta.id, name: meta.name, value, ...events, error: meta.errors?.[0] },
    checkbox: {
      id: meta.id,
      name: meta.name,
      value: CHECKED,
      checked: value === CHECKED,
      onChange: (checked: boolean) => change(checked ? CHECKED : ""),
      onBlur: events.onBlur,
      onFocus: events.onFocus,
    },
    hidden: { type: "hidden", name: meta.name, value },
  };
}

export type Field = ReturnType<typeof useField>;

/** A flag's text as a form's default value: "true" checks its box. */
export const checkedIf = (flag: boolean): string | undefined => (flag ? CHECKED : undefined);

/** Whether any field's text differs from its starting text (an unset one starts empty). */
export function changedFrom(fields: Record<string, Field>, initial: Record<string, unknown>): boolean {
  return Object.entries(fields).some(([name, field]) => field.value !== (initial[name] ?? ""));
}

/**
 * A list of choices posted under one name (checkboxes that each add a value): conform keeps the
 * chosen values in a hidden multiple select it adds to the form.
 */
export function useChoices(meta: AnyField) {
  const control = useInputControl<string[]>({
    key: meta.key,
    name: meta.name,
    formId: meta.formId,
    initialValue: Array.isArray(meta.initialValue) ? (meta.initialValue as string[]) : [],
  });
  const values = control.value === undefined ? [] : ([] as string[]).concat(control.value);
  return {
    values,
    has: (value: string) => values.includes(value),
    toggle: (value: string, chosen: boolean) =>
      control.change(chosen ? [...values.filter((v) => v !== value), value] : values.filter((v) => v !== value)),
  };
}
