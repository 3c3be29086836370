/**
 * Shape limits of form and JSON input, checked before any parser expands it
 * (docs/security.md#what-is-verified). conform's parseWithZod turns a field named
 * `list[99999999]` into an array of that length, so one small request could make the
 * process allocate until it dies: indexes, field counts and nesting are capped first.
 */
export const INPUT_LIMITS = {
  /** fields in one form, or keys in one JSON object */
  maxFields: 200,
  /** the highest list index a form field may name, `name[99]` */
  maxListIndex: 99,
  /** items in one JSON array */
  maxListLength: 100,
  maxNameLength: 100,
  maxValueLength: 20_000,
  /** JSON nesting depth */
  maxDepth: 8,
} as const;

const FORBIDDEN_KEYS = new Set(["__proto__", "prototype", "constructor"]);

/** Why the input is refused, in words a developer can act on; null when it is fine. */
export type InputProblem = string | null;

function textProblem(label: string, value: string, maxLength: number): InputProblem {
  if (value.length > maxLength) return `${label} is longer than ${maxLength} characters`;
  if (!value.isWellFormed()) return `${label} contains text that is not valid Unicode`;
  return null;
}

/** The path segments of a form field name: `a.b[2].c` -> a, b, 2, c. */
function nameSegments(name: string): string[] {
  return name.split(/[.[\]]+/).filter(Boolean);
}

/** Checks a form's field names and text values against INPUT_LIMITS. */
export function formProblem(entries: Iterable<[string, FormDataEntryValue]>): InputProblem {
  let count = 0;
  for (const [name, value] of entries) {
    count += 1;
    if (count > INPUT_LIMITS.maxFields) return `The form has more than ${INPUT_LIMITS.maxFields} fields`;
    const nameIssue = textProblem("A field name", name, INPUT_LIMITS.maxNameLength);
    if (nameIssue) return nameIssue;
    for (const segment of nameSegments(name)) {
      if (FORBIDDEN_KEYS.has(segment)) return `The field name "${name}" is not allowed`;
      if (/^\d+$/.test(segment) && Number(segment) > INPUT_LIMITS.maxListIndex) {
        return `The field "${name}" names a list position above ${INPUT_LIMITS.maxListIndex}`;
      }
    }
    if (typeof value !== "string") return `The field "${name}" is a file; this form takes text only`;
    const valueIssue = textProblem(`The field "${name}"`, value, INPUT_LIMITS.maxValueLength);
    if (valueIssue) return valueIssue;
  }
  return null;
}

/** Checks a parsed JSON value (every key and string, at every depth) against INPUT_LIMITS. */
export function jsonProblem(value: unknown, path = "body", depth = 0): InputProblem {
  if (depth > INPUT_LIMITS.maxDepth) return `${path} is nested more than ${INPUT_LIMITS.maxDepth} levels deep`;
  if (typeof value === "string") return textProblem(path, value, INPUT_LIMITS.maxValueLength);
  if (Array.isArray(value)) {
    if (value.length > INPUT_LIMITS.maxListLength) return `${path} has more than ${INPUT_LIMITS.maxListLength} items`;
    for (const [index, item] of value.entries()) {
      const problem = jsonProblem(item, `${path}[${index}]`, depth + 1);
      if (problem) return problem;
    }
    return null;
  }
  if (value && typeof value === "object") {
    const entries = Object.entries(value);
    if (entries.length > INPUT_LIMITS.maxFields) return `${path} has more than ${INPUT_LIMITS.maxFields} fields`;
    for (const [key, item] of entries) {
      if (FORBIDDEN_KEYS.has(key)) return `The key "${key}" is not allowed`;
      const keyIssue = textProblem(`A key of ${path}`, key, INPUT_LIMITS.maxNameLength);
      if (keyIssue) return keyIssue;
      const problem = jsonProblem(item, `${path}.${key}`, depth + 1);
      if (problem) return problem;
    }
  }
  return null;
}

/**
 * The path of the first text that is not valid Unicode (a lone surrogate) anywhere in a JSON
 * value, or null. Signed webhooks have their own size bounds (their schemas); this is the one
 * check every text must pass before it is stored.
 */
export function malformedTextPath(value: unknown, path = "body"): string | null {
  if (typeof value === "string") return value.isWellFormed() ? null : path;
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (!key.isWellFormed()) return `${path} (a key)`;
      const found = malformedTextPath(item, Array.isArray(value) ? `${path}[${key}]` : `${path}.${key}`);
      if (found) return found;
    }
  }
  return null;
}
