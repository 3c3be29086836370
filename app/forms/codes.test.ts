import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { AUDIENCE_MESSAGE, codeSettingsFormSchema } from "./codes";

const parse = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return parseWithZod(form, { schema: codeSettingsFormSchema });
};

describe("the Codes page's Edit form", () => {
  it("reads digits as a number and the tags comma-separated", () => {
    const parsed = parse({ code: "VIP500", audienceSize: " 500 ", segmentTags: "vip, , subscriber " });
    expect(parsed.status === "success" && parsed.value).toEqual({
      code: "VIP500",
      audienceSize: 500,
      segmentTags: ["vip", "subscriber"],
    });
  });

  it("clears a setting left empty", () => {
    const parsed = parse({ code: "VIP500", audienceSize: "", segmentTags: "  " });
    expect(parsed.status === "success" && parsed.value).toEqual({
      code: "VIP500",
      audienceSize: null,
      segmentTags: null,
    });
  });

  it("refuses an audience that is not a whole number from 1, naming the field", () => {
    for (const audienceSize of ["-3", "1.5", "0", "abc", "10000001"]) {
      const parsed = parse({ code: "VIP500", audienceSize });
      expect(parsed.status, audienceSize).toBe("error");
      expect(parsed.reply().error?.audienceSize, audienceSize).toEqual([AUDIENCE_MESSAGE]);
    }
  });
});
