// A collection rule is named by its collection's title (docs/product.md#rules): the title the
// resource picker gives is kept, a rule saved with only an id has its title read from Shopify (a
// local fake on 127.0.0.1), and an id the shop has no collection for is refused with nothing saved.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { ensureShop } from "../../app/db/shops.server";
import { FakeHttpError, installFakeAdminApi } from "../helpers/fake-admin-api";
import { adminRequest, settle, storeOfflineSession } from "../helpers/shopify";

const SHOP = "collection-titles.myshopify.com";
const SUMMER = "gid://shopify/Collection/424242";
const BEANIES = "gid://shopify/Collection/555";

const routes = {
  create: await import("../../app/routes/api.rules.collections.create"),
  edit: await import("../../app/routes/api.rules.collections.$id"),
};

// installed after the app's modules are imported (they set the library's fetch)
let unreachable = false;
const fake = installFakeAdminApi([], {
  collections: [
    { id: SUMMER, title: "Summer Sale" },
    { id: BEANIES, title: "Beanies" },
  ],
  answers: { MarginGuardrailCollectionTitle: () => (unreachable ? new FakeHttpError(503) : undefined) },
});
const reads = () => fake.operations.filter((operation) => operation.query.includes("MarginGuardrailCollectionTitle"));

async function send(method: "POST" | "PUT", body: Record<string, unknown>, id?: string): Promise<Response> {
  const path = id ? `/api/rules/collections/${id}` : "/api/rules/collections/create";
  const request = await adminRequest(path, SHOP, {
    init: { method, body: JSON.stringify(body), headers: { "Content-Type": "application/json" } },
  });
  const handler = id ? routes.edit.action : routes.create.action;
  return (await settle(() => handler({ request, params: id ? { id } : {}, context: {} }))) as Response;
}

const floor = (overrides: Record<string, unknown> = {}) => ({
  collectionId: "424242",
  ruleType: "margin_floor",
  threshold: 15,
  ...overrides,
});

describe("collection rules named by their collection's title", () => {
  beforeAll(async () => {
    await ensureShop(SHOP);
    await storeOfflineSession(SHOP);
  });
  beforeEach(async () => {
    unreachable = false;
    fake.operations.length = 0;
    await prisma.collectionRule.deleteMany();
    await prisma.auditEvent.deleteMany();
  });

  it("reads the title of a collection given by id from Shopify, and names the rule and its audit event by it", async () => {
    const response = await send("POST", floor());
    expect(response.status).toBe(201);
    const created = await response.json();
    expect(created).toMatchObject({ collectionTitle: "Summer Sale", name: "Summer Sale - Margin Floor" });
    expect(reads().map((read) => read.variables)).toEqual([{ id: SUMMER }]);
    expect((await prisma.collectionRule.findFirstOrThrow()).collectionTitle).toBe("Summer Sale");
    expect((await prisma.auditEvent.findFirstOrThrow()).message).toBe(
      'Collection rule "Summer Sale - Margin Floor" created',
    );
  });

  it("refuses an id the shop has no collection for, on the collectionId field, and saves nothing", async () => {
    const response = await send("POST", floor({ collectionId: "999" }));
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.errors.collectionId).toEqual(["No collection with this id in your shop"]);
    expect(await prisma.collectionRule.count()).toBe(0);
    expect(await prisma.auditEvent.count()).toBe(0);
  });

  it("keeps the title the resource picker gave, without reading Shopify", async () => {
    const response = await send("POST", floor({ collectionTitle: "Summer (picked)" }));
    expect(response.status).toBe(201);
    expect((await response.json()).name).toBe("Summer (picked) - Margin Floor");
    expect(reads()).toHaveLength(0);
  });

  it("refuses with a 502 and saves nothing when Shopify cannot be reached", async () => {
    unreachable = true;
    const response = await send("POST", floor());
    expect(response.status).toBe(502);
    expect((await response.json()).error).toBe(
      "Shopify could not be reached to read the collection: nothing was saved. Try again in a moment.",
    );
    expect(await prisma.collectionRule.count()).toBe(0);
  });

  it("keeps an edited rule's title for the same collection, and reads another collection's, never the old one's", async () => {
    const created = await (await send("POST", floor())).json();
    fake.operations.length = 0;
    // the same collection: its title stays, unread
    const same = await send("PUT", floor({ threshold: 20 }), created.id);
    expect((await same.json()).name).toBe("Summer Sale - Margin Floor");
    expect(reads()).toHaveLength(0);
    // another id, with the old title the form still carries: the new collection's is read
    const moved = await send("PUT", floor({ collectionId: "555", collectionTitle: "Summer Sale" }), created.id);
    expect(moved.status).toBe(200);
    expect((await moved.json()).name).toBe("Beanies - Margin Floor");
    // an id the shop does not have changes nothing
    const unknown = await send("PUT", floor({ collectionId: "999" }), created.id);
    expect(unknown.status).toBe(400);
    expect(await prisma.collectionRule.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({
      collectionId: BEANIES,
      collectionTitle: "Beanies",
    });
  });
});
