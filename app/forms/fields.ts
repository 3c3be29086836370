import { z } from "zod";

/** A boolean from JSON (true/false) or a form ("true", "false", "on"). */
export const flag = z.union([z.boolean(), z.enum(["true", "false", "on"]).transform((value) => value !== "false")]);

/** A list entered comma-separated in a form, or sent as an array in JSON. */
export function commaList<Item extends z.ZodType>(item: Item, max: number, label: string) {
  return z.preprocess(
    (value) => {
      if (value === undefined || value === null) return [];
      const list = Array.isArray(value) ? value : String(value).split(",");
      return list.map((entry) => (typeof entry === "string" ? entry.trim() : entry)).filter((entry) => entry !== "");
    },
    z.array(item).max(max, `At most ${max} ${label}`),
  );
}
