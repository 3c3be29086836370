/**
 * Malformed inputs for the fuzzer (npm run fuzz): values of the wrong type, missing and
 * extra fields, huge strings and numbers, Unicode edge cases, prototype-pollution keys,
 * broken bodies and content types. Deterministic for a seed.
 */

/** The demo store's seeded PRNG: the same seed gives the same inputs. */
export { seededRandom as random } from "../../app/demo/demo-store";

function nested(depth: number): unknown {
  return depth === 0 ? "deep" : { a: nested(depth - 1) };
}

/** Values that do not belong in any field. */
export const WEIRD_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e20,
  9.2e16,
  1e300,
  -1e308,
  2 ** 53 + 1,
  "",
  " ",
  "0x10",
  "1e5",
  "NaN",
  "Infinity",
  "-0",
  "\ud800x",
  "x\udfff",
  "\u0000",
  "\u202eevil",
  "😀".repeat(40),
  "x".repeat(70_000),
  "<script>alert(1)</script>",
  '\'; DROP TABLE "Rule"; --',
  "=1+1",
  "../../etc/passwd",
  [],
  ["a", "b"],
  Array.from({ length: 150 }, () => "a"),
  {},
  { __proto__: null, polluted: true },
  JSON.parse('{"__proto__": {"polluted": true}}'),
  { constructor: { prototype: { polluted: true } } },
  nested(20),
];

/**
 * The values that were wrongly accepted before strict input types
 * (docs/security.md#what-is-verified), by the kind of field they probe: each must be
 * refused (4xx) wherever that kind of field is read, and nothing stored.
 */
export type ProbeKind = "wholeNumber" | "decimal" | "id" | "list" | "idList" | "tagList" | "text";

export const PROBES: Record<ProbeKind, unknown[]> = {
  /** a whole number (the SMTP port, maxCodes, a priority): JSON integers and decimal digits only */
  wholeNumber: [
    "0x10",
    "1e3",
    "15.0",
    "0x1",
    "1e0",
    "1.0",
    "Infinity",
    "NaN",
    true,
    [1],
    {},
    { toString: 1 },
    2 ** 53 + 1,
  ],
  /** money and percentages: finite JSON numbers and plain decimals only */
  decimal: ["0x10", "1e3", "0x1", "1e0", "Infinity", "NaN", "1,5", true, [1], {}, { toString: 1 }],
  /** one product or collection id: digits or a GID, a JSON number only while it is exact */
  id: [2 ** 53 + 1, "0x10", "1e3", "12\u0000", true, [1], {}, { toString: 1 }],
  /** a list field: a JSON array or text, never an object, number or boolean read as text */
  list: [{ toString: 1 }, {}, 5, true, 2 ** 53 + 1],
  /** a list of ids: the list probes, and items that are no exact id */
  idList: [{ toString: 1 }, {}, 2 ** 53 + 1, [2 ** 53 + 1], [{}], [true], ["\u0000"]],
  /** a list of tags: text items only */
  tagList: [{ toString: 1 }, {}, 5, true, [{}], [{ toString: 1 }], [1], [true], ["vip\u0000"]],
  /** text a buyer reads or a stored name: no control characters */
  text: ["\u0000", "Stop\u0000", "a\u007fb", "\u001b[31mred", "a\u0085b", 5, {}],
};

/** The probes a form can send: the text ones. */
export const formProbes = (kind: ProbeKind): string[] =>
  PROBES[kind].filter((value): value is string => typeof value === "string");

/** Bodies that are not what any route reads. */
export const BROKEN_BODIES: { body: string; contentType?: string }[] = [
  { body: "{", contentType: "application/json" },
  { body: '{"name":', contentType: "application/json" },
  { body: "null", contentType: "application/json" },
  { body: "[]", contentType: "application/json" },
  { body: "42", contentType: "application/json" },
  { body: '"text"', contentType: "application/json" },
  { body: "\u00ff\u00fe{}", contentType: "application/json" },
  { body: "", contentType: "application/json" },
  { body: "", contentType: undefined },
  { body: "a=1&b=2", contentType: "text/plain" },
  { body: "--x\r\nbroken", contentType: "multipart/form-data; boundary=x" },
  {
    body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n',
    contentType: "multipart/form-data; boundary=x",
  },
  { body: "%%%=%%%", contentType: "application/x-www-form-urlencoded" },
  { body: "{}", contentType: "application/json; charset=utf-16" },
  { body: "<xml/>", contentType: "application/xml" },
];

const PROTO_KEYS = ["__proto__", "constructor", "prototype", "__proto__[polluted]", "constructor[prototype][polluted]"];

export type JsonBody = Record<string, unknown>;

/** Deep copy with one path (a.b.0.c) set to a value, or removed when value is undefined. */
export function withPath(base: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(base) ? [...base] : { ...(base as object) };
  const next = withPath((copy as Record<string, unknown>)[head], rest, value);
  if (next === undefined && rest.length === 0) delete (copy as Record<string, unknown>)[head];
  else (copy as Record<string, unknown>)[head] = next;
  return copy;
}

/** Every leaf path of a JSON value, to depth 4 (lists: their first item). */
export function leafPaths(value: unknown, prefix: string[] = [], depth = 0): string[][] {
  if (depth > 4 || value === null || typeof value !== "object") return [prefix];
  const entries = Array.isArray(value) ? (value.length > 0 ? [["0", value[0]] as const] : []) : Object.entries(value);
  const paths = entries.flatMap(([key, item]) => leafPaths(item, [...prefix, key], depth + 1));
  return prefix.length > 0 ? [prefix, ...paths] : paths;
}

export interface RawInput {
  label: string;
  body: string;
  contentType?: string;
}

/** Mutations of a JSON body: each field wrong, missing, extra keys, whole-body swaps, broken bodies. */
export function jsonMutations(base: JsonBody, rng: () => number, count: number): RawInput[] {
  const inputs: RawInput[] = [];
  const json = (label: string, value: unknown): RawInput => ({
    label,
    body: JSON.stringify(value) ?? "null",
    contentType: "application/json",
  });
  const paths = leafPaths(base);
  for (const path of paths) {
    for (const value of WEIRD_VALUES)
      inputs.push(json(`${path.join(".")} = ${preview(value)}`, withPath(base, path, value)));
    inputs.push(json(`without ${path.join(".")}`, withPath(base, path, undefined)));
  }
  for (const key of PROTO_KEYS)
    inputs.push({
      label: `key ${key}`,
      body: JSON.stringify(base).replace(/^\{/, `{"${key}":{"polluted":true},`),
      contentType: "application/json",
    });
  for (const value of WEIRD_VALUES) inputs.push(json(`body = ${preview(value)}`, value));
  for (const broken of BROKEN_BODIES)
    inputs.push({ label: `broken ${broken.contentType ?? "no type"} ${preview(broken.body)}`, ...broken });
  inputs.push({
    label: "as a form",
    body: new URLSearchParams(flatForm(base)).toString(),
    contentType: "application/x-www-form-urlencoded",
  });
  inputs.push({ label: "as text/plain", body: JSON.stringify(base), contentType: "text/plain" });
  // random combinations of several mutations
  while (inputs.length < count) {
    let value: unknown = base;
    for (let index = 0; index < 3; index += 1) {
      const path = paths[Math.floor(rng() * paths.length)] ?? [];
      value = withPath(value, path, WEIRD_VALUES[Math.floor(rng() * WEIRD_VALUES.length)]);
    }
    inputs.push(json("three random fields", value));
  }
  return pick(inputs, rng, count);
}

function flatForm(value: JsonBody): Record<string, string> {
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, typeof item === "string" ? item : JSON.stringify(item)]),
  );
}

const FORM_VALUES = WEIRD_VALUES.filter((value) => typeof value === "string") as string[];

/** Mutations of a form: each field wrong or missing, list-index bombs, too many fields, proto names, broken bodies. */
export function formMutations(base: Record<string, string>, rng: () => number, count: number): RawInput[] {
  const inputs: RawInput[] = [];
  const form = (label: string, fields: [string, string][]): RawInput => ({
    label,
    body: new URLSearchParams(fields).toString(),
    contentType: "application/x-www-form-urlencoded",
  });
  const entries = Object.entries(base);
  for (const [name] of entries) {
    if (name === "intent") continue;
    for (const value of FORM_VALUES) {
      inputs.push(
        form(
          `${name} = ${preview(value)}`,
          entries.map(([key, item]) => [key, key === name ? value : item]),
        ),
      );
    }
    inputs.push(
      form(
        `without ${name}`,
        entries.filter(([key]) => key !== name),
      ),
    );
    for (const index of [100, 99999999, 1e15])
      inputs.push(form(`${name}[${index}]`, [...entries, [`${name}[${index}]`, "x"]]));
    inputs.push(form(`${name}.a.b[3]`, [...entries, [`${name}.a.b[3]`, "x"]]));
  }
  for (const key of PROTO_KEYS) inputs.push(form(`field ${key}`, [...entries, [key, "x"]]));
  inputs.push(
    form("500 fields", [
      ...entries,
      ...Array.from({ length: 500 }, (_, index) => [`f${index}`, "x"] as [string, string]),
    ]),
  );
  inputs.push(
    form(
      "unknown intent",
      entries.map(([key, item]) => [key, key === "intent" ? "explode" : item]),
    ),
  );
  for (const broken of BROKEN_BODIES)
    inputs.push({ label: `broken ${broken.contentType ?? "no type"} ${preview(broken.body)}`, ...broken });
  inputs.push({ label: "as JSON", body: JSON.stringify(base), contentType: "application/json" });
  while (inputs.length < count) {
    const fields = entries.map(([key, item]): [string, string] => [
      key,
      key !== "intent" && rng() < 0.5 ? FORM_VALUES[Math.floor(rng() * FORM_VALUES.length)] : item,
    ]);
    inputs.push(form("random fields", fields));
  }
  return pick(inputs, rng, count);
}

/** Query strings of wrong values for each parameter. */
export function queryMutations(params: string[], rng: () => number, count: number): RawInput[] {
  const inputs: RawInput[] = [];
  for (const name of params) {
    for (const value of FORM_VALUES)
      inputs.push({ label: `?${name}=${preview(value)}`, body: new URLSearchParams([[name, value]]).toString() });
    inputs.push({ label: `?${name}[]`, body: `${name}[]=a&${name}[]=b` });
    inputs.push({ label: `?${name} twice`, body: `${name}=a&${name}=b` });
  }
  inputs.push({ label: "?%%%", body: "%%%=%" });
  while (inputs.length < count) {
    inputs.push({
      label: "random query",
      body: new URLSearchParams(
        params.map((name) => [name, FORM_VALUES[Math.floor(rng() * FORM_VALUES.length)]]),
      ).toString(),
    });
  }
  return pick(inputs, rng, count);
}

/** `count` of the inputs: all when there are fewer, else a seeded sample that keeps the first (hand-written) ones. */
function pick<T>(inputs: T[], rng: () => number, count: number): T[] {
  if (inputs.length <= count) return inputs;
  const shuffled = [...inputs];
  for (let index = shuffled.length - 1; index > 0; index -= 1) {
    const other = Math.floor(rng() * (index + 1));
    [shuffled[index], shuffled[other]] = [shuffled[other], shuffled[index]];
  }
  return shuffled.slice(0, count);
}

export function preview(value: unknown): string {
  const json = typeof value === "string" ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  // JSON leaves DEL and the C1 controls as they are: show them escaped too
  const text = json.replace(/\p{Cc}/gu, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}
