import { describe, expect, it } from "vitest";
import { STAND_IN_ANNOTATION_LIMIT, answerStandIn, newStandInState } from "./admin-stand-in";

const HOLD =
  "mutation MarginGuardrailHold($id: ID!, $fulfillmentHold: FulfillmentOrderHoldInput!) { fulfillmentOrderHold(id: $id, fulfillmentHold: $fulfillmentHold) { userErrors { code } } }";
const ORDER = "query MarginGuardrailFulfillmentOrders($id: ID!) { order(id: $id) { id } }";

describe("the demo store's stand-in of the Admin API", () => {
  it("holds as Shopify documents: a handle once per fulfilment order, at most 64 characters, at most 10 holds", () => {
    const state = newStandInState();
    answerStandIn(state, { query: ORDER, variables: { id: "gid://shopify/Order/1" } });
    const hold = (handle: string) =>
      answerStandIn(state, {
        query: HOLD,
        variables: { id: "gid://shopify/FulfillmentOrder/1", fulfillmentHold: { reason: "OTHER", handle } },
      }) as { data: { fulfillmentOrderHold: { userErrors: { code: string }[] } } };
    expect(hold("a").data.fulfillmentOrderHold.userErrors).toEqual([]);
    expect(hold("a").data.fulfillmentOrderHold.userErrors[0].code).toBe("DUPLICATE_FULFILLMENT_HOLD_HANDLE");
    expect(hold("x".repeat(65)).data.fulfillmentOrderHold.userErrors).toHaveLength(1);
    for (let index = 0; index < 9; index += 1)
      expect(hold(`h${index}`).data.fulfillmentOrderHold.userErrors).toEqual([]);
    expect(hold("eleventh").data.fulfillmentOrderHold.userErrors[0].code).toBe("FULFILLMENT_ORDER_HOLD_LIMIT_REACHED");
  });

  it("releases a hold placed before the demo restarted (the seed's held orders): its memory is gone, the hold is not", () => {
    const release = (state: ReturnType<typeof newStandInState>, holdIds?: string[]) =>
      answerStandIn(state, {
        query:
          "mutation MarginGuardrailReleaseHold($id: ID!, $holdIds: [ID!]) { fulfillmentOrderReleaseHold(id: $id, holdIds: $holdIds) { fulfillmentOrder { id status } userErrors { field message code } } }",
        variables: { id: "gid://shopify/FulfillmentOrder/1077", ...(holdIds ? { holdIds } : {}) },
      }) as { data: { fulfillmentOrderReleaseHold: { fulfillmentOrder: unknown; userErrors: { code?: string }[] } } };
    const state = newStandInState();
    expect(release(state, ["gid://shopify/FulfillmentHold/5"]).data.fulfillmentOrderReleaseHold).toEqual({
      fulfillmentOrder: { id: "gid://shopify/FulfillmentOrder/1077", status: "OPEN" },
      userErrors: [],
    });
    // released once: a second release is refused, as Shopify refuses it
    expect(
      release(state, ["gid://shopify/FulfillmentHold/5"]).data.fulfillmentOrderReleaseHold.userErrors,
    ).toHaveLength(1);
    // without the hold's id there is nothing to remember
    expect(release(newStandInState()).data.fulfillmentOrderReleaseHold.userErrors[0].code).toBe(
      "FULFILLMENT_ORDER_NOT_FOUND",
    );
  });

  it("refuses what it does not know, and a Flow payload of 50,000 bytes or more", () => {
    const state = newStandInState();
    expect(answerStandIn(state, { query: "query ShopName { shop { name } }" })).toEqual({
      errors: [{ message: "The demo store's stand-in of Shopify does not answer ShopName" }],
    });
    expect(answerStandIn(state, { query: "{ shop { name } }" })).toEqual({
      errors: [{ message: "The demo store's stand-in of Shopify does not answer this request" }],
    });
    const flow = answerStandIn(state, {
      query:
        "mutation MarginGuardrailFlowTrigger($handle: String!, $payload: JSON!) { flowTriggerReceive(handle: $handle, payload: $payload) { userErrors { message } } }",
      variables: { handle: "margin-rule-breached", payload: { text: "x".repeat(50_000) } },
    }) as { data: { flowTriggerReceive: { userErrors: unknown[] } } };
    expect(flow.data.flowTriggerReceive.userErrors).toHaveLength(1);
    expect(state.flowTriggers).toHaveLength(0);
  });
});

describe("the stand-in's checkout validations", () => {
  const create = `mutation MarginGuardrailValidationCreate($validation: ValidationCreateInput!) { validationCreate(validation: $validation) { validation { id enabled } userErrors { field message code } } }`;
  const update = `mutation MarginGuardrailValidationUpdate($id: ID!, $validation: ValidationUpdateInput!) { validationUpdate(id: $id, validation: $validation) { validation { id enabled } userErrors { field message code } } }`;
  const read = `query MarginGuardrailValidation($id: ID!) { validation(id: $id) { id enabled } }`;

  it("creates, switches and reads a validation as Shopify answers, refusing one without a function", () => {
    const state = newStandInState();
    const refused = answerStandIn(state, { query: create, variables: { validation: { enable: true } } });
    expect(refused).toMatchObject({
      data: { validationCreate: { validation: null, userErrors: [{ field: ["validation", "functionHandle"] }] } },
    });
    const made = answerStandIn(state, {
      query: create,
      variables: {
        validation: { functionHandle: "margin-guardrail-checkout", enable: true, metafields: [{ key: "c" }] },
      },
    }) as { data: { validationCreate: { validation: { id: string; enabled: boolean } } } };
    const { id } = made.data.validationCreate.validation;
    expect(made.data.validationCreate.validation.enabled).toBe(true);
    expect(answerStandIn(state, { query: update, variables: { id, validation: { enable: false } } })).toMatchObject({
      data: { validationUpdate: { validation: { id, enabled: false }, userErrors: [] } },
    });
    expect(answerStandIn(state, { query: read, variables: { id } })).toEqual({
      data: { validation: { id, enabled: false } },
    });
    // its configuration metafield can be rewritten like a discount's
    const set = `mutation MarginGuardrailConfigSet($metafields: [MetafieldsSetInput!]!) { metafieldsSet(metafields: $metafields) { metafields { id } userErrors { field message } } }`;
    expect(answerStandIn(state, { query: set, variables: { metafields: [{ ownerId: id, key: "c" }] } })).toMatchObject({
      data: { metafieldsSet: { userErrors: [] } },
    });
    expect(state.validations.get(id)?.metafields).toHaveLength(2);
    expect(
      answerStandIn(state, { query: update, variables: { id: "gid://shopify/Order/1", validation: {} } }),
    ).toMatchObject({
      data: { validationUpdate: { validation: null, userErrors: [{ field: ["id"] }] } },
    });
  });

  it("remembers a validation made before the demo restarted as enabled: its memory is gone, the validation is not", () => {
    const state = newStandInState();
    expect(answerStandIn(state, { query: read, variables: { id: "gid://shopify/Validation/42" } })).toEqual({
      data: { validation: { id: "gid://shopify/Validation/42", enabled: true } },
    });
  });
});

describe("the stand-in's automatic app discounts", () => {
  const create = `mutation MarginGuardrailCodeRulesDiscount($automaticAppDiscount: DiscountAutomaticAppInput!) { discountAutomaticAppCreate(automaticAppDiscount: $automaticAppDiscount) { automaticAppDiscount { discountId } userErrors { field message } } }`;
  const on = `mutation MarginGuardrailCodeRulesOn($id: ID!) { discountAutomaticActivate(id: $id) { automaticDiscountNode { id } userErrors { field message code } } }`;
  const off = `mutation MarginGuardrailCodeRulesOff($id: ID!) { discountAutomaticDeactivate(id: $id) { automaticDiscountNode { id } userErrors { field message code } } }`;

  it("deactivates and activates a discount it made, as Shopify answers, and refuses an id that is no discount", () => {
    const state = newStandInState();
    const made = answerStandIn(state, {
      query: create,
      variables: { automaticAppDiscount: { title: "Codes", functionHandle: "margin-guardrail-codes", metafields: [] } },
    }) as { data: { discountAutomaticAppCreate: { automaticAppDiscount: { discountId: string } } } };
    const id = made.data.discountAutomaticAppCreate.automaticAppDiscount.discountId;
    expect(state.discounts.get(id)?.active).toBe(true);

    expect(answerStandIn(state, { query: off, variables: { id } })).toEqual({
      data: { discountAutomaticDeactivate: { automaticDiscountNode: { id }, userErrors: [] } },
    });
    expect(state.discounts.get(id)?.active).toBe(false);
    // deactivating again changes nothing and is no error
    expect(answerStandIn(state, { query: off, variables: { id } })).toMatchObject({
      data: { discountAutomaticDeactivate: { userErrors: [] } },
    });
    expect(state.discounts.get(id)?.active).toBe(false);
    expect(answerStandIn(state, { query: on, variables: { id } })).toEqual({
      data: { discountAutomaticActivate: { automaticDiscountNode: { id }, userErrors: [] } },
    });
    expect(state.discounts.get(id)?.active).toBe(true);

    for (const [query, field] of [
      [on, "discountAutomaticActivate"],
      [off, "discountAutomaticDeactivate"],
    ] as const) {
      expect(answerStandIn(state, { query, variables: { id: "gid://shopify/Order/1" } })).toMatchObject({
        data: { [field]: { automaticDiscountNode: null, userErrors: [{ field: ["id"] }] } },
      });
    }
    expect(state.discounts.size).toBe(1);
  });

  it("switches off a discount made before the demo restarted: its memory is gone, the discount is not", () => {
    const state = newStandInState();
    const id = "gid://shopify/DiscountAutomaticNode/77";
    expect(answerStandIn(state, { query: off, variables: { id } })).toMatchObject({
      data: { discountAutomaticDeactivate: { automaticDiscountNode: { id }, userErrors: [] } },
    });
    expect(state.discounts.get(id)?.active).toBe(false);
  });
});

describe("the stand-in's products and collections (the code rules' picker)", () => {
  const titles = `query MarginGuardrailCodeRulesResources($ids: [ID!]!) { nodes(ids: $ids) { __typename ... on Product { id title } ... on Collection { id title } } }`;
  const listed = `query MarginGuardrailPickerResources($first: Int!) { products(first: $first, sortKey: TITLE) { nodes { id title } } collections(first: $first, sortKey: TITLE) { nodes { id title } } }`;

  it("answers each id with the demo store's product or collection, null for one it does not have", () => {
    const answer = answerStandIn(newStandInState(), {
      query: titles,
      variables: {
        ids: [
          "gid://shopify/Product/8001",
          "gid://shopify/Collection/424242",
          "gid://shopify/Product/999999",
          "gid://shopify/Product/424242",
        ],
      },
    });
    expect(answer).toEqual({
      data: {
        nodes: [
          { __typename: "Product", id: "gid://shopify/Product/8001", title: "Linen shirt" },
          { __typename: "Collection", id: "gid://shopify/Collection/424242", title: "Summer Sale" },
          null,
          null,
        ],
      },
    });
  });

  it("lists the first products and collections by title", () => {
    const answer = answerStandIn(newStandInState(), { query: listed, variables: { first: 3 } }) as {
      data: { products: { nodes: { title: string }[] }; collections: { nodes: { id: string; title: string }[] } };
    };
    expect(answer.data.products.nodes.map((node) => node.title)).toEqual([
      "Canvas sneakers",
      "Denim jacket",
      "Gift box",
    ]);
    expect(answer.data.collections.nodes).toEqual([
      { id: "gid://shopify/Collection/424243", title: "Accessories" },
      { id: "gid://shopify/Collection/424244", title: "Gifts" },
      { id: "gid://shopify/Collection/424242", title: "Summer Sale" },
    ]);
  });
});

describe("the stand-in's collection read (a collection rule saved by id)", () => {
  const COLLECTION = "query MarginGuardrailCollectionTitle($id: ID!) { collection(id: $id) { id title } }";
  const read = (id: string) =>
    (answerStandIn(newStandInState(), { query: COLLECTION, variables: { id } }) as { data: { collection: unknown } })
      .data.collection;

  it("answers the demo store's collections with their titles, and null for an id it does not have", () => {
    expect(read("gid://shopify/Collection/424242")).toEqual({
      id: "gid://shopify/Collection/424242",
      title: "Summer Sale",
    });
    expect(read("gid://shopify/Collection/424243")).toEqual({
      id: "gid://shopify/Collection/424243",
      title: "Accessories",
    });
    expect(read("gid://shopify/Collection/123456789")).toBeNull();
  });
});

describe("the stand-in's code discounts (the leaked-code detector and the preflight)", () => {
  const BY_CODE =
    "query MarginGuardrailCodeDiscountByCode($code: String!) { codeDiscountNodeByCode(code: $code) { id } }";
  const SWITCH = (name: "Deactivate" | "Activate") =>
    `mutation MarginGuardrailCode${name}($id: ID!) { discountCode${name}(id: $id) { userErrors { message } } }`;
  const PREFLIGHT =
    "query MarginGuardrailPreflightDiscounts($first: Int!) { discountNodes(first: $first) { nodes { id } } }";
  const byCode = (state: ReturnType<typeof newStandInState>, code: string) =>
    (answerStandIn(state, { query: BY_CODE, variables: { code } }) as { data: { codeDiscountNodeByCode: unknown } })
      .data.codeDiscountNodeByCode;
  const live = (state: ReturnType<typeof newStandInState>) =>
    (
      answerStandIn(state, { query: PREFLIGHT, variables: { first: 50 } }) as {
        data: { discountNodes: { nodes: { id: string; discount: { codes?: { nodes: { code: string }[] } } }[] } };
      }
    ).data.discountNodes.nodes.flatMap((node) => node.discount.codes?.nodes.map((item) => item.code) ?? []);

  it("has the codes the preflight reads live, switches them off and on as the preflight then reads them", () => {
    const state = newStandInState();
    expect(live(state)).toContain("SUMMER20");
    expect(byCode(state, "summer20")).toEqual({ id: "gid://shopify/DiscountCodeNode/9401" });
    const off = answerStandIn(state, {
      query: SWITCH("Deactivate"),
      variables: { id: "gid://shopify/DiscountCodeNode/9401" },
    });
    expect(off).toMatchObject({ data: { discountCodeDeactivate: { userErrors: [] } } });
    expect(live(state)).not.toContain("SUMMER20");
    answerStandIn(state, { query: SWITCH("Activate"), variables: { id: "gid://shopify/DiscountCodeNode/9401" } });
    expect(live(state)).toContain("SUMMER20");
    // a code of the demo's orders whose discount the shop no longer has
    expect(byCode(state, "VIP25")).toBeNull();
  });

  it("answers the preflight, the code rules' cap and the leak detector from one list of the shop's discounts", () => {
    const state = newStandInState();
    const CAP =
      "query MarginGuardrailCodeDiscountValues($first: Int!) { codeDiscountNodes(first: $first) { nodes { id } } }";
    const capCodes = () =>
      (
        answerStandIn(state, { query: CAP, variables: { first: 50 } }) as {
          data: {
            codeDiscountNodes: { nodes: { codeDiscount: { status: string; codes: { nodes: { code: string }[] } } }[] };
          };
        }
      ).data.codeDiscountNodes.nodes.flatMap((node) =>
        node.codeDiscount.codes.nodes.map((item) => `${item.code} ${node.codeDiscount.status}`),
      );
    // the code rules' codes, the orders' codes and the leaked codes, in the order of their ids
    const cap = ["SUMMER30", "WELCOME5", "TENOFF", "BACKUP10", "SHIPFREE"];
    const orders = ["SUMMER20", "WELCOME10", "FREESHIP", "BUNDLE15", "GIFT500", "BEANIE10"];
    const codes = [...cap, ...orders, "VIP500", "CREATOR15"];
    // every code the preflight reads live is one the cap reads, and the other way round
    expect(live(state)).toEqual(codes);
    expect(capCodes()).toEqual(codes.map((code) => `${code} ${code === "GIFT500" ? "SCHEDULED" : "ACTIVE"}`));
    // the leaked code: found by its code, checked by the preflight's `id:` search, switched off for both
    const vip = byCode(state, "vip500") as { id: string };
    const one = answerStandIn(state, {
      query: PREFLIGHT,
      variables: { first: 50, query: `id:${vip.id.split("/").pop()}` },
    });
    expect(one).toMatchObject({
      data: {
        discountNodes: {
          nodes: [{ id: vip.id, discount: { title: "VIP500", combinesWith: { orderDiscounts: false } } }],
        },
      },
    });
    answerStandIn(state, { query: SWITCH("Deactivate"), variables: { id: vip.id } });
    expect(live(state)).not.toContain("VIP500");
    expect(capCodes()).toContain("VIP500 EXPIRED");
    // an automatic discount is not a code discount
    const automatic = answerStandIn(state, {
      query: SWITCH("Deactivate"),
      variables: { id: "gid://shopify/DiscountAutomaticNode/9411" },
    });
    expect(automatic).toMatchObject({
      data: { discountCodeDeactivate: { userErrors: [{ message: "Discount does not exist." }] } },
    });
  });

  it("checks an annotation as Shopify documents it: required fields, lengths, dates, its own ids, a cap", () => {
    const state = newStandInState();
    type Errors = { field: string[] | null; code: string }[];
    const create = (input: Record<string, unknown>) =>
      (
        answerStandIn(state, {
          query: "mutation MarginGuardrailMarkerCreate($input: AnalyticsAnnotationCreateInput!) { x }",
          variables: { input },
        }) as {
          data: { analyticsAnnotationCreate: { analyticsAnnotation: { id: string } | null; userErrors: Errors } };
        }
      ).data.analyticsAnnotationCreate;
    const good = { type: "other", title: "Code SAVE50 probably leaked", startedAt: "2026-11-25T10:00:00Z" };
    const made = create(good);
    expect(made.userErrors).toEqual([]);
    const id = made.analyticsAnnotation!.id;
    const fields = (errors: Errors) => errors.map((error) => [error.field?.join("."), error.code]);
    expect(fields(create({}).userErrors)).toEqual([
      ["input.type", "INVALID"],
      ["input.title", "INVALID"],
      ["input.startedAt", "INVALID"],
    ]);
    expect(fields(create({ ...good, title: "x".repeat(76), description: "y".repeat(151) }).userErrors)).toEqual([
      ["input.title", "INVALID"],
      ["input.description", "INVALID"],
    ]);
    expect(create({ ...good, title: "x".repeat(75), description: "y".repeat(150) }).userErrors).toEqual([]);
    expect(fields(create({ ...good, endedAt: "2026-11-24T00:00:00Z" }).userErrors)).toEqual([
      ["input.endedAt", "INVALID"],
    ]);

    const update = (annotationId: string, input: Record<string, unknown>) =>
      (
        answerStandIn(state, {
          query: "mutation MarginGuardrailMarkerUpdate($id: ID!, $input: AnalyticsAnnotationUpdateInput!) { x }",
          variables: { id: annotationId, input },
        }) as { data: { analyticsAnnotationUpdate: { userErrors: Errors } } }
      ).data.analyticsAnnotationUpdate.userErrors;
    expect(update(id, { title: "Code SAVE50 deactivated" })).toEqual([]);
    expect(state.annotations?.get(id)).toMatchObject({ title: "Code SAVE50 deactivated", type: "other" });
    expect(fields(update(id, { title: "" }))).toEqual([["input.title", "INVALID"]]);
    expect(fields(update("gid://shopify/AnalyticsAnnotation/999", { title: "x" }))).toEqual([["id", "NOT_FOUND"]]);

    const remove = (annotationId: string) =>
      (
        answerStandIn(state, {
          query: "mutation MarginGuardrailMarkerDelete($id: ID!) { x }",
          variables: { id: annotationId },
        }) as { data: { analyticsAnnotationDelete: { deletedId: string | null; userErrors: Errors } } }
      ).data.analyticsAnnotationDelete;
    expect(remove(id)).toEqual({ deletedId: id, userErrors: [] });
    expect(fields(remove(id).userErrors)).toEqual([["id", "NOT_FOUND"]]);

    while ((state.annotations?.size ?? 0) < STAND_IN_ANNOTATION_LIMIT) create(good);
    expect(create(good).userErrors.map((error) => error.code)).toEqual(["LIMIT_REACHED"]);
  });
});
