import { describe, expect, it } from "vitest";
import { installFakeAdminApi, type FakeAnswers } from "../helpers/fake-admin-api";

// The fake Admin API cannot drift from Shopify's shape (docs/testing.md#typed-admin-graphql): its
// answers are typed with the generated types, and each is executed against the pinned schema.
const VALIDATION = `#graphql
  query MarginGuardrailValidation($id: ID!) {
    validation(id: $id) { id enabled }
  }`;
const CHARGE = `query MarginGuardrailCharge($id: ID!) { node(id: $id) { ... on AppSubscription { status } } }`;
const ID = "gid://shopify/Validation/1";

let validation: unknown = { id: ID, enabled: true, title: "not asked for" };
let status = "ACTIVE";
const fake = installFakeAdminApi([], {
  answers: {
    MarginGuardrailValidation: () => ({ validation: validation as { id: string; enabled: boolean } }),
    MarginGuardrailCharge: (variables) => ({ node: { id: variables.id, status: status as "ACTIVE" } }),
  },
});

/** One request to the fake, as the library sends it for the shop. */
async function ask(query: string, variables: Record<string, unknown>) {
  const response = await fetch(`http://127.0.0.1:${await fake.port}/admin/api/2026-10/graphql.json`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "x-fake-shop-host": "fake-admin.myshopify.com" },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: unknown; errors?: { message: string }[] };
}

describe("the fake Admin API", () => {
  it("answers what the document selects, as Shopify would", async () => {
    expect(await ask(VALIDATION, { id: ID })).toEqual({ data: { validation: { id: ID, enabled: true } } });
    expect(await ask(CHARGE, { id: "gid://shopify/AppSubscription/9" })).toEqual({
      data: { node: { status: "ACTIVE" } },
    });
    expect(fake.drift).toEqual([]);
  });

  it("refuses an answer that does not fit the schema, saying where", async () => {
    validation = { id: ID };
    const missing = await ask(VALIDATION, { id: ID });
    expect(missing.data).toBeUndefined();
    expect(missing.errors?.[0]?.message).toContain(
      "Cannot return null for non-nullable field Validation.enabled. (validation.enabled)",
    );
    status = "PAUSED";
    const unknownValue = await ask(CHARGE, { id: "gid://shopify/AppSubscription/9" });
    expect(unknownValue.errors?.[0]?.message).toContain(
      'Enum "AppSubscriptionStatus" cannot represent value: "PAUSED"',
    );
    expect(fake.drift).toHaveLength(2);
    fake.drift.length = 0;
  });

  it("refuses variables the schema does not take", async () => {
    validation = { id: ID, enabled: false };
    const wrong = await ask(VALIDATION, { id: { not: "an id" } });
    expect(wrong.errors?.[0]?.message).toContain('Variable "$id" got invalid value');
    fake.drift.length = 0;
  });

  it("types each answer by its operation: a drifting answer does not compile", () => {
    const drifting: FakeAnswers = {
      // @ts-expect-error `enabled` is a Boolean in Shopify's schema
      MarginGuardrailValidation: () => ({ validation: { id: ID, enabled: "yes" } }),
    };
    const unknown: FakeAnswers = {
      // @ts-expect-error no such operation in the app
      MarginGuardrailNothing: () => ({}),
    };
    const refusal: FakeAnswers = {
      // @ts-expect-error not one of Shopify's codes for metafieldsSet's userErrors
      MarginGuardrailConfigSet: () => ({ metafieldsSet: { userErrors: [{ field: null, message: "", code: "NOPE" }] } }),
    };
    expect([drifting, unknown, refusal]).toHaveLength(3);
  });
});
