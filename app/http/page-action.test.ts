import * as z from "zod";
import { describe, expect, it } from "vitest";
import { fail, ok } from "../domain/result";
import { answerIntent, formIntent, intentIn, plainIntent } from "./page-action.server";

describe("intentIn", () => {
  const table = { save: () => 1, test: () => 2 };

  it("knows the intents the table has a handler for", () => {
    expect(intentIn(table, "save")).toBe(true);
    expect(intentIn(table, "test")).toBe(true);
  });

  it("takes an inherited name, another word or a non-string as an unknown action", () => {
    for (const value of ["toString", "__proto__", "constructor", "hasOwnProperty", "rotate", "", null, 1, ["save"]]) {
      expect(intentIn(table, value), String(value)).toBe(false);
    }
  });
});

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

describe("a page's intents", () => {
  const saved: string[] = [];
  const intents = {
    save: formIntent(
      z.object({ name: z.string({ message: "Name is required" }).min(1, "Name is required") }),
      { success: "Saved", failure: "Not saved" },
      async ({ name }: { name: string }) => {
        if (name === "taken") return fail(409, "That name is taken", { fields: { name: ["Taken"] } });
        if (name === "down") return fail(502, "Shopify did not answer");
        saved.push(name);
        return ok({ description: `${name} kept`, value: { name } });
      },
    ),
    remove: plainIntent({ success: "Removed", failure: "Not removed" }, async () => fail(404, "No such thing")),
  };
  const answer = (fields: Record<string, string>) => answerIntent(intents, form(fields), undefined);

  it("answers a success with its toast, its value and conform's reply", async () => {
    expect(await answer({ intent: "save", name: "cap" })).toMatchObject({
      intent: "save",
      ok: true,
      status: 200,
      toast: { title: "Saved", description: "cap kept" },
      value: { name: "cap" },
      result: { status: "success" },
    });
    expect(saved).toEqual(["cap"]);
  });

  it("puts the schema's and the service's field errors on the form, saving nothing", async () => {
    const refused = await answer({ intent: "save", name: "" });
    expect(refused).toMatchObject({ ok: false, status: 400, toast: { title: "Not saved", error: true } });
    expect(refused.result?.error).toMatchObject({ name: ["Name is required"] });
    const taken = await answer({ intent: "save", name: "taken" });
    expect(taken).toMatchObject({ ok: false, status: 409 });
    expect(taken.result?.error).toMatchObject({ name: ["Taken"] });
    expect(saved).toEqual(["cap"]);
  });

  it("says a service's refusal without fields in the toast and on the form", async () => {
    const down = await answer({ intent: "save", name: "down" });
    expect(down).toMatchObject({ ok: false, status: 502, toast: { description: "Shopify did not answer" } });
    expect(down.result?.error).toMatchObject({ "": ["Shopify did not answer"] });
    expect(await answer({ intent: "remove" })).toMatchObject({
      ok: false,
      status: 404,
      toast: { title: "Not removed", description: "No such thing", error: true },
    });
  });

  it("answers 400 Unknown action for an intent the page does not have", async () => {
    for (const intent of ["toString", "delete", ""]) {
      expect(await answer({ intent }), intent).toMatchObject({
        intent: "unknown",
        ok: false,
        status: 400,
        toast: { title: "Unknown action" },
      });
    }
  });
});
