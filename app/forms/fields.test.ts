import { describe, expect, it } from "vitest";
import * as z from "zod";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  buyerText,
  commaList,
  decimalNumber,
  flag,
  idString,
  lineList,
  plainText,
  tagString,
  wholeNumber,
} from "./fields";

/** The field's messages, or [] when it parsed. */
function messages(schema: z.ZodType, value: unknown): string[] {
  const result = z.object({ field: schema }).safeParse(value === undefined ? {} : { field: value });
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}
const parsed = (schema: z.ZodType, value: unknown) => z.object({ field: schema }).parse({ field: value }).field;

/** What a page's form post gives: conform's parse of text fields (it coerces what a schema lets it). */
function fromForm(schema: z.ZodType, text: string) {
  const form = new FormData();
  form.set("field", text);
  const submission = parseWithZod(form, { schema: z.object({ field: schema }) });
  return submission.status === "success"
    ? { value: submission.value.field }
    : { errors: submission.error?.field ?? submission.error };
}

/** The probes that found wrong accepts, as JSON values. */
const NOT_NUMBERS: unknown[] = [
  "0x10",
  "1e3",
  "Infinity",
  "NaN",
  "",
  " ",
  "1,5",
  "+5",
  true,
  false,
  [1],
  {},
  { toString: 1 },
];

describe("wholeNumber", () => {
  const port = wholeNumber({
    min: 1,
    max: 65535,
    message: "The SMTP port is a whole number",
    range: "The SMTP port is between 1 and 65535",
    required: "Enter the SMTP port",
  });
  it("takes JSON integers and decimal digits, trimmed", () => {
    expect(parsed(port, 587)).toBe(587);
    expect(parsed(port, "15")).toBe(15);
    expect(parsed(port, " 15 ")).toBe(15);
    expect(parsed(port, "0025")).toBe(25);
    // JSON cannot tell 15.0 from 15
    expect(parsed(port, 15.0)).toBe(15);
  });
  it("refuses hex, exponents, decimals, booleans, lists and objects with its message", () => {
    for (const value of [...NOT_NUMBERS, "15.0", 1.5, "1.5", Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(messages(port, value), JSON.stringify(value)).toEqual(["The SMTP port is a whole number"]);
    }
  });
  it("says the range when the number is out of it, and what is required when absent", () => {
    expect(messages(port, 70000)).toEqual(["The SMTP port is between 1 and 65535"]);
    expect(messages(port, "0")).toEqual(["The SMTP port is between 1 and 65535"]);
    expect(messages(port, "-1")).toEqual(["The SMTP port is between 1 and 65535"]);
    expect(messages(port, "99999999999999999999")).toEqual(["The SMTP port is between 1 and 65535"]);
    expect(messages(port, 2 ** 53 + 1)).toEqual(["The SMTP port is between 1 and 65535"]);
    expect(messages(port, undefined)).toEqual(["Enter the SMTP port"]);
    expect(messages(port, null)).toEqual(["The SMTP port is a whole number"]);
  });
  it("uses one message for everything when no range message is given; optional takes absence", () => {
    const priority = wholeNumber({ min: -1000, max: 1000, message: "Priority must be a whole number" });
    expect(parsed(priority, "-12")).toBe(-12);
    expect(messages(priority, 1001)).toEqual(["Priority must be a whole number"]);
    expect(messages(priority, "0x10")).toEqual(["Priority must be a whole number"]);
    expect(messages(priority.optional(), undefined)).toEqual([]);
  });
  it("is not coerced by a page form's parser: '0x10' and '1e3' are refused there too", () => {
    expect(fromForm(port, "2525")).toEqual({ value: 2525 });
    expect(fromForm(port, "0x10")).toEqual({ errors: ["The SMTP port is a whole number"] });
    expect(fromForm(port, "1e3")).toEqual({ errors: ["The SMTP port is a whole number"] });
    // an empty optional field is absent
    expect(fromForm(port.optional(), "")).toEqual({ value: undefined });
  });
});

describe("decimalNumber", () => {
  const price = decimalNumber({ required: "A price is required", message: "A price is a number such as 12.50" });
  it("takes finite JSON numbers and plain decimals", () => {
    expect(parsed(price, 12.5)).toBe(12.5);
    expect(parsed(price, "12.50")).toBe(12.5);
    expect(parsed(price, " .5 ")).toBe(0.5);
    expect(parsed(price, "12.")).toBe(12);
    expect(parsed(price, -3)).toBe(-3);
  });
  it("refuses hex, exponents, Infinity, NaN, signs, booleans, lists and objects", () => {
    for (const value of [...NOT_NUMBERS.filter((value) => value !== "" && value !== " "), "-1", "1.2.3", null]) {
      expect(messages(price, value), JSON.stringify(value)).toEqual(["A price is a number such as 12.50"]);
    }
    expect(messages(price, "1" + "0".repeat(400))).toEqual(["A price is a number such as 12.50"]);
  });
  it("asks for a value when it is empty or absent", () => {
    for (const value of ["", "  ", undefined]) expect(messages(price, value)).toEqual(["A price is required"]);
  });
  it("is not coerced by a page form's parser", () => {
    expect(fromForm(price, "0x10")).toEqual({ errors: ["A price is a number such as 12.50"] });
    expect(fromForm(price, "12.50")).toEqual({ value: 12.5 });
  });
});

describe("idString", () => {
  const product = idString("Product");
  it("stores a product id as its exact GID, from digits, a GID or a safe JSON integer", () => {
    expect(parsed(product, "123")).toBe("gid://shopify/Product/123");
    expect(parsed(product, " gid://shopify/Product/123 ")).toBe("gid://shopify/Product/123");
    expect(parsed(product, 123)).toBe("gid://shopify/Product/123");
    expect(parsed(product, "007")).toBe("gid://shopify/Product/7");
    // beyond 2^53 as text: every digit kept
    expect(parsed(product, "9007199254740993")).toBe("gid://shopify/Product/9007199254740993");
    expect(parsed(product, "gid://shopify/Product/18446744073709551615")).toBe(
      "gid://shopify/Product/18446744073709551615",
    );
  });
  it("refuses a JSON number that has lost its digits, telling to send it as a string", () => {
    expect(messages(product, 2 ** 53 + 1)).toEqual([
      'A product id above 9007199254740991 loses its last digits as a JSON number: send it as a string, such as "9007199254740993" or "gid://shopify/Product/9007199254740993"',
    ]);
  });
  it("names what is not a product id", () => {
    expect(messages(product, "shirt")).toEqual(['"shirt" is not a product id (a number, or gid://shopify/Product/…)']);
    expect(messages(product, "gid://shopify/Collection/1")).toEqual([
      '"gid://shopify/Collection/1" is not a product id (a number, or gid://shopify/Product/…)',
    ]);
    for (const value of ["0", "0x10", "1e3", "-5", "1".repeat(30), 0, -1, 1.5, "12\u0000"]) {
      expect(messages(product, value), JSON.stringify(value)).toHaveLength(1);
    }
    for (const value of [true, [1], {}, { toString: 1 }, null]) {
      expect(messages(product, value), JSON.stringify(value)).toEqual([
        "A product id is a string of digits or gid://shopify/Product/…",
      ]);
    }
  });
  it("takes its own message for a bad id, and says it is required", () => {
    const collection = idString("Collection", {
      message: "Enter a collection id such as 123456789 or gid://shopify/Collection/123456789",
      required: "Collection is required",
    });
    expect(messages(collection, "summer")).toEqual([
      "Enter a collection id such as 123456789 or gid://shopify/Collection/123456789",
    ]);
    expect(messages(collection, "")).toEqual(["Collection is required"]);
    expect(messages(collection, undefined)).toEqual(["Collection is required"]);
    expect(parsed(collection, 42)).toBe("gid://shopify/Collection/42");
  });
});

describe("tagString", () => {
  const tag = tagString("customer tag");
  it("takes text, trimmed", () => {
    expect(parsed(tag, " wholesale ")).toBe("wholesale");
  });
  it("refuses anything but text, naming what it got", () => {
    expect(messages(tag, {})).toEqual(["A customer tag is text, not an object"]);
    expect(messages(tag, { toString: 1 })).toEqual(["A customer tag is text, not an object"]);
    expect(messages(tag, 5)).toEqual(["A customer tag is text, not a number"]);
    expect(messages(tag, true)).toEqual(["A customer tag is text, not a boolean"]);
    expect(messages(tag, ["vip"])).toEqual(["A customer tag is text, not a list"]);
    expect(messages(tag, null)).toEqual(["A customer tag is text, not null"]);
  });
  it("refuses control characters and long tags", () => {
    expect(messages(tag, "vip\u0000")).toEqual(["A customer tag must not contain control characters"]);
    expect(messages(tag, "x".repeat(256))).toEqual(["A customer tag is at most 255 characters"]);
  });
});

describe("plainText and buyerText", () => {
  const name = plainText("Name", { required: "Name is required" }).min(1, "Name is required");
  it("takes text, trimmed; refuses NUL, DEL, escapes, tabs and line breaks inside it", () => {
    expect(parsed(name, "  Cap  ")).toBe("Cap");
    expect(parsed(name, "Cap\n")).toBe("Cap");
    for (const value of ["a\u0000b", "\u0000", "a\u007fb", "\u001b[31mred", "a\tb", "a\nb", "a\u0085b"]) {
      expect(messages(name, value), JSON.stringify(value)).toEqual(["Name must not contain control characters"]);
    }
  });
  it("says what is required, and that other values are not text", () => {
    expect(messages(name, undefined)).toEqual(["Name is required"]);
    expect(messages(name, 5)).toEqual(["Name must be text"]);
    expect(messages(name, { toString: 1 })).toEqual(["Name must be text"]);
  });
  it("lets line breaks and tabs through when the text has lines", () => {
    const description = plainText("Description", { lines: true });
    expect(parsed(description, "one\r\n\ttwo")).toBe("one\r\n\ttwo");
    expect(messages(description, "one\u0000two")).toEqual(["Description must not contain control characters"]);
  });
  it("buyerText: what a buyer reads at checkout, capped", () => {
    const message = buyerText("Customer message", 300, { required: "Customer message is required" });
    expect(parsed(message, "One code per order.")).toBe("One code per order.");
    expect(messages(message, "No\u0000")).toEqual(["Customer message must not contain control characters"]);
    expect(messages(message, "x".repeat(301))).toEqual(["Customer message must be at most 300 characters"]);
    expect(messages(message, undefined)).toEqual(["Customer message is required"]);
  });
});

describe("commaList and lineList", () => {
  const list = commaList(z.string(), 3, "e-mail recipients");
  it("reads comma-separated text, arrays, and absence as empty", () => {
    expect(parsed(list, "a, b ,")).toEqual(["a", "b"]);
    expect(parsed(list, [" a ", ""])).toEqual(["a"]);
    expect(parsed(list, null)).toEqual([]);
    expect(z.object({ field: list }).parse({}).field).toEqual([]);
  });
  it("refuses an object, number or boolean with the field's label, never calling String() on it", () => {
    const explode = {
      toString() {
        throw new Error("String() was called");
      },
    };
    for (const value of [{ toString: 1 }, {}, explode, 5, 2 ** 53 + 1, true]) {
      expect(messages(list, value), JSON.stringify(value)).toEqual([
        "E-mail recipients must be a list: a JSON array, or text separated by commas",
      ]);
    }
  });
  it("caps the list", () => {
    expect(messages(list, "a,b,c,d")).toEqual(["At most 3 e-mail recipients"]);
  });
  it("lineList splits on line breaks", () => {
    const lines = lineList(z.string(), 5, "pairs");
    expect(parsed(lines, "A + B\r\n\nC + D")).toEqual(["A + B", "C + D"]);
    expect(messages(lines, 7)).toEqual(["Pairs must be a list: a JSON array, or text with one item per line"]);
  });
});

describe("flag", () => {
  it("takes booleans and the form's words only", () => {
    expect(parsed(flag, "on")).toBe(true);
    expect(parsed(flag, "false")).toBe(false);
    for (const value of [1, "1", "yes", [true], {}]) expect(messages(flag, value)).toHaveLength(1);
  });
});
