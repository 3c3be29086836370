/**
 * A stand-in of Shopify's Admin GraphQL API for the demo store (docs/product.md#modes): it
 * answers the operations the order actions and code rules send (tagsAdd, fulfilment orders,
 * fulfillmentOrderHold, fulfillmentOrderReleaseHold, flowTriggerReceive,
 * discountAutomaticAppCreate, discountAutomaticActivate, discountAutomaticDeactivate,
 * metafieldsSet), checkout blocking's deploy (validationCreate,
 * validationUpdate, validation), the code rules' product and collection reads (nodes,
 * products, collections: the demo catalog's), a collection rule's collection (collection: the demo
 * store's, null for any other id) and reconciliation's reads (orders it holds whose
 * webhook was never sent, webhookSubscriptions) and the chart markers' analytics annotations
 * (analyticsAnnotationCreate, analyticsAnnotationUpdate, analyticsAnnotationDelete) the way Shopify documents them, including their
 * userErrors, and keeps what they did in memory. Nothing reaches Shopify, and the events it
 * leads to say so. The integration tests serve the same handler on 127.0.0.1 as their fake.
 * It answers each of the app's operations by name, with the type codegen generated for it
 * (docs/testing.md#typed-admin-graphql): an answer that drifts from Shopify's shape does not compile.
 */
import {
  codeDiscountNodeOf,
  codeDiscountNodes,
  demoShopDiscounts,
  isLiveDiscount,
  type ShopDiscount,
  type StandInCodeDiscount,
} from "./shop-discounts";
import { FLOW_PAYLOAD_LIMIT, MAX_HOLD_HANDLE, MAX_HOLDS_PER_APP } from "../domain/actions/order-actions";
import type { AdminOperationName, AdminOperationsByName } from "../types/admin-operations";
import type { FulfillmentOrderHoldUserErrorCode } from "../types/admin.types";
import { DEMO_CATALOG, DEMO_COLLECTIONS } from "./demo-store";
import { listedOrderNode, type ListedOrder } from "./graphql-order-builder";
import type { OrderPayload } from "../domain/monitoring/order-payload";

export interface StandInHold {
  id: string;
  handle: string;
  reason: string;
  reasonNotes: string | null;
}

export interface StandInFulfillmentOrder {
  id: string;
  status: "OPEN" | "ON_HOLD" | "CLOSED";
  holds: StandInHold[];
}

export interface StandInOrder {
  id: string;
  tags: string[];
  fulfillmentOrders: StandInFulfillmentOrder[];
}

export interface StandInState {
  orders: Map<string, StandInOrder>;
  flowTriggers: { handle: string; payload: unknown }[];
  discounts: Map<string, StandInDiscount>;
  validations: Map<string, StandInValidation>;
  nextId: number;
  /**
   * the shop's discounts, codes and automatic, by id, as Shopify holds them: every read of
   * discounts is answered from them; absent: the demo's one list (app/demo/shop-discounts.ts),
   * dated from the first read
   */
  shopDiscounts?: Map<string, ShopDiscount>;
  /** orders whose webhook was never sent, by id, as reconciliation's `orders` query lists them */
  listedOrders?: Map<string, ListedOrder>;
  /** the analytics annotations the app made (docs/product.md#markers-on-shopifys-charts), by id */
  annotations?: Map<string, StandInAnnotation>;
}

/** An analytics annotation the app made, as Shopify holds it. */
export interface StandInAnnotation {
  id: string;
  type: string;
  title: string;
  description: string | null;
  startedAt: string;
  endedAt: string | null;
}

/**
 * How many annotations the stand-in lets the app have on the shop: Shopify caps them per app
 * without publishing the number (LIMIT_REACHED), so the stand-in has a cap of its own.
 */
export const STAND_IN_ANNOTATION_LIMIT = 100;
const ANNOTATION_TITLE_MAX = 75;
const ANNOTATION_DESCRIPTION_MAX = 150;

/**
 * Holds an order as if Shopify had taken it and never sent its webhook (POST /demo/admin-api/orders):
 * listed by reconciliation's `orders` query as updated at `now`; an order held again is replaced.
 */
export function holdUnsentOrder(state: StandInState, order: OrderPayload, now = new Date()): ListedOrder {
  const node = listedOrderNode(order, now);
  state.listedOrders ??= new Map();
  state.listedOrders.set(node.id, node);
  return node;
}

/** The held orders updated in the search's `updated_at` range (reconciliation's window), oldest update first. */
function listedOrders(state: StandInState, search: string): ListedOrder[] {
  const from = /updated_at:>='([^']+)'/.exec(search)?.[1];
  const to = /updated_at:<='([^']+)'/.exec(search)?.[1];
  const at = (text: string) => new Date(text).getTime();
  return [...(state.listedOrders?.values() ?? [])]
    .filter((order) => (!from || at(order.updatedAt) >= at(from)) && (!to || at(order.updatedAt) <= at(to)))
    .sort((a, b) => at(a.updatedAt) - at(b.updatedAt) || a.id.localeCompare(b.id));
}

/** An automatic app discount (discountAutomaticAppCreate): active until deactivated. */
export interface StandInDiscount {
  title: string;
  functionHandle: string;
  metafields: unknown[];
  active: boolean;
}

/** The ids the stand-in gives the app's two Functions (Shopify's are UUIDs too). */
export const DEMO_CODES_FUNCTION_ID = "0196c0de-0000-7000-8000-00000000c0de";
export const DEMO_CHECKOUT_FUNCTION_ID = "0196c0de-0000-7000-8000-0000000c4ec4";

const DISCOUNT_ID = /^gid:\/\/shopify\/DiscountAutomaticNode\/\d+$/;

/** A discount the stand-in made; one made before the demo restarted is remembered as active. */
function discountOf(state: StandInState, id: string): StandInDiscount | null {
  if (!DISCOUNT_ID.test(id)) return null;
  let discount = state.discounts.get(id);
  if (!discount) {
    discount = { title: "", functionHandle: "", metafields: [], active: true };
    state.discounts.set(id, discount);
  }
  return discount;
}

/** discountAutomaticActivate and discountAutomaticDeactivate: the same answer, the switch set. */
function switchDiscount(state: StandInState, variables: Variables, active: boolean) {
  const id = String(variables.id ?? "");
  const discount = discountOf(state, id);
  if (!discount) {
    return { automaticDiscountNode: null, userErrors: [userError("Discount does not exist.", ["id"])] };
  }
  discount.active = active;
  return { automaticDiscountNode: { id }, userErrors: [] };
}

/** A cart and checkout validation made from the app's Function (validationCreate). */
export interface StandInValidation {
  id: string;
  title: string;
  functionHandle: string;
  enabled: boolean;
  blockOnFailure: boolean;
  metafields: unknown[];
}

/** The shop's discounts (docs/product.md#demo-store): the demo's one list unless a test gave its own. */
export function shopDiscountsOf(state: StandInState, now = new Date()): Map<string, ShopDiscount> {
  state.shopDiscounts ??= new Map(demoShopDiscounts(now).map((node) => [node.id, node]));
  return state.shopDiscounts;
}

/** The shop's code discounts, as codeDiscountNodes lists them (every status), by id. */
function codeDiscountsOf(state: StandInState): StandInCodeDiscount[] {
  return codeDiscountNodes(shopDiscountsOf(state).values());
}

/** One code discount as codeDiscountNode answers it; null for an automatic discount or an unknown id. */
function codeDiscountOf(state: StandInState, id: string): StandInCodeDiscount | null {
  const node = shopDiscountsOf(state).get(id);
  return node ? codeDiscountNodeOf(node) : null;
}

/** A page of a list as a connection answers it: `first` after the cursor (a position). */
function pageOf<T>(
  all: T[],
  variables: Variables,
): { nodes: T[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } {
  const start = typeof variables.after === "string" ? Number(variables.after) + 1 : 0;
  const first = variables.first === undefined ? all.length : firstOf(variables);
  const nodes = all.slice(start, start + first);
  return {
    nodes,
    pageInfo: {
      hasNextPage: start + first < all.length,
      endCursor: nodes.length ? String(start + nodes.length - 1) : null,
    },
  };
}

/**
 * A code discount with `first` of its codes after a cursor (a position), as codes(first:, after:)
 * answers, and its rollouts (none unless a test gave some).
 */
function withCodePage(node: StandInCodeDiscount, first: number, after: string | null): StandInCodeDiscount {
  const all = node.codeDiscount.codes.nodes;
  const start = after === null ? 0 : Number(after) + 1;
  const size = Math.min(250, Math.max(0, first));
  const nodes = all.slice(start, start + size);
  return {
    id: node.id,
    codeDiscount: {
      rollouts: { nodes: [] },
      ...node.codeDiscount,
      codes: {
        nodes,
        pageInfo: {
          hasNextPage: start + size < all.length,
          endCursor: nodes.length ? String(start + nodes.length - 1) : null,
        },
      },
    },
  };
}

/**
 * discountCodeActivate and discountCodeDeactivate (the leaked-code detector): the status set, so
 * every read sees it (a deactivated code is expired: no longer among the preflight's live discounts).
 */
function switchCode(state: StandInState, variables: Variables, active: boolean) {
  const id = String(variables.id ?? "");
  const node = shopDiscountsOf(state).get(id);
  if (!node?.discount.codes) {
    return { codeDiscountNode: null, userErrors: [userError("Discount does not exist.", ["id"])] };
  }
  node.discount.status = active ? "ACTIVE" : "EXPIRED";
  return { codeDiscountNode: { id }, userErrors: [] };
}

export function newStandInState(): StandInState {
  return { orders: new Map(), flowTriggers: [], discounts: new Map(), validations: new Map(), nextId: 1 };
}

const VALIDATION_ID = /^gid:\/\/shopify\/Validation\/\d+$/;

/**
 * A validation the stand-in made: one made before the demo server restarted is remembered as
 * enabled (its memory is gone, the validation is not), like a discount's metafields.
 */
function validationOf(state: StandInState, id: string): StandInValidation | null {
  if (!VALIDATION_ID.test(id)) return null;
  let validation = state.validations.get(id);
  if (!validation) {
    validation = { id, title: "", functionHandle: "", enabled: true, blockOnFailure: false, metafields: [] };
    state.validations.set(id, validation);
  }
  return validation;
}

interface ValidationInput {
  functionHandle?: string;
  enable?: boolean;
  blockOnFailure?: boolean;
  title?: string;
  metafields?: unknown[];
}

/** The stand-in keeps its orders in memory: a restart of the demo forgets them. */
const FORGOTTEN = "Fulfillment order does not exist. (The stand-in forgets its orders when the demo restarts.)";

type Answer = { data: unknown } | { errors: { message: string }[] };
type Variables = Record<string, unknown>;

/** A userError; its code, when given, is one of Shopify's codes for that mutation (the types say which). */
function userError(message: string, field?: string[] | null): { field: string[] | null; message: string };
function userError<Code extends string>(
  message: string,
  field: string[] | null,
  code: Code,
): { field: string[] | null; message: string; code: Code };
function userError(message: string, field: string[] | null = null, code?: string) {
  return { field, message, ...(code ? { code } : {}) };
}

/** An order the stand-in knows: made on first sight with one open fulfilment order, like a new order. */
function orderOf(state: StandInState, id: string): StandInOrder | null {
  const number = /^gid:\/\/shopify\/Order\/(\d+)$/.exec(id)?.[1];
  if (!number) return null;
  let order = state.orders.get(id);
  if (!order) {
    order = {
      id,
      tags: [],
      fulfillmentOrders: [{ id: `gid://shopify/FulfillmentOrder/${number}`, status: "OPEN", holds: [] }],
    };
    state.orders.set(id, order);
  }
  return order;
}

function fulfillmentOrderOf(state: StandInState, id: unknown): StandInFulfillmentOrder | null {
  for (const order of state.orders.values()) {
    const found = order.fulfillmentOrders.find((candidate) => candidate.id === id);
    if (found) return found;
  }
  return null;
}

/**
 * A fulfilment order held before the demo restarted (the seed's held orders among them): its
 * memory is gone, the hold is not, so it is remembered on hold with the holds a release names,
 * as a discount or a validation made before is. Null without hold ids: there is nothing to remember.
 */
function heldBeforeRestart(state: StandInState, id: unknown, holdIds: string[] | null): StandInFulfillmentOrder | null {
  const number = typeof id === "string" ? /^gid:\/\/shopify\/FulfillmentOrder\/(\d+)$/.exec(id)?.[1] : undefined;
  if (!number || !holdIds?.length) return null;
  const fulfillmentOrder = orderOf(state, `gid://shopify/Order/${number}`)?.fulfillmentOrders[0];
  if (!fulfillmentOrder || fulfillmentOrder.id !== id) return null;
  fulfillmentOrder.status = "ON_HOLD";
  fulfillmentOrder.holds = holdIds.map((holdId) => ({ id: holdId, handle: "", reason: "OTHER", reasonNotes: null }));
  return fulfillmentOrder;
}

/** An operation's answer: the `data` codegen typed for it. */
type Handler<Name extends AdminOperationName> = (
  state: StandInState,
  variables: Variables,
) => AdminOperationsByName[Name]["data"];

/** The demo catalog's products and the demo store's collections, as Shopify's nodes, by title. */
function demoResources() {
  const products = DEMO_CATALOG.map((item) => ({
    __typename: "Product" as const,
    id: `gid://shopify/Product/${item.product}`,
    title: item.title,
  }));
  const collections = DEMO_COLLECTIONS.map((collection) => ({ __typename: "Collection" as const, ...collection }));
  const byTitle = (a: { title: string }, b: { title: string }) => a.title.localeCompare(b.title);
  return { products: products.sort(byTitle), collections: collections.sort(byTitle) };
}

/** `first` as Shopify reads it: at most 250 (the stand-in lists them all within that). */
const firstOf = (variables: Variables) => Math.min(250, Math.max(0, Number(variables.first ?? 0)));

/** metafieldsSet, for checkout blocking's and code rules' documents alike. */
function metafieldsSet(state: StandInState, variables: Variables) {
  const metafields = Array.isArray(variables.metafields) ? (variables.metafields as { ownerId?: string }[]) : [];
  const unknown = metafields.find(
    (metafield) => !DISCOUNT_ID.test(String(metafield.ownerId)) && !VALIDATION_ID.test(String(metafield.ownerId)),
  );
  if (unknown) {
    return {
      metafieldsSet: {
        metafields: [],
        userErrors: [userError("Owner does not exist.", ["metafields", "0", "ownerId"], "INVALID_VALUE" as const)],
      },
    };
  }
  for (const metafield of metafields) {
    const id = String(metafield.ownerId);
    // a discount or validation made before the demo server restarted: its memory is gone, it is not
    (validationOf(state, id) ?? discountOf(state, id))?.metafields.push(metafield);
  }
  return {
    metafieldsSet: {
      metafields: metafields.map((_, index) => ({ id: `gid://shopify/Metafield/${index + 1}` })),
      userErrors: [],
    },
  };
}

type AnnotationInput = Partial<Record<"type" | "title" | "description" | "startedAt" | "endedAt", unknown>>;

/**
 * An annotation's input checked as Shopify documents it (AnalyticsAnnotationCreateInput): a type
 * (a supported type's name), a title of 1 to 75 characters, a description of at most 150, dates
 * that are dates and an end not before the start. `creating`: type, title and startedAt are required.
 */
function annotationInputErrors(input: AnnotationInput, creating: boolean) {
  const errors: { field: string[]; message: string; code: "INVALID" }[] = [];
  const invalid = (field: string, message: string) =>
    errors.push({ field: ["input", field], message, code: "INVALID" });
  const given = (key: keyof AnnotationInput) => input[key] !== undefined;
  if (creating || given("type")) {
    if (typeof input.type !== "string" || !/^[a-z][a-z_]*$/.test(input.type)) invalid("type", "Type is not supported");
  }
  if (creating || given("title")) {
    if (typeof input.title !== "string" || input.title.trim() === "") invalid("title", "Title can't be blank");
    else if ([...input.title].length > ANNOTATION_TITLE_MAX) {
      invalid("title", `Title is too long (maximum is ${ANNOTATION_TITLE_MAX} characters)`);
    }
  }
  if (typeof input.description === "string" && [...input.description].length > ANNOTATION_DESCRIPTION_MAX) {
    invalid("description", `Description is too long (maximum is ${ANNOTATION_DESCRIPTION_MAX} characters)`);
  }
  const date = (value: unknown) => (typeof value === "string" ? Date.parse(value) : Number.NaN);
  if ((creating || given("startedAt")) && Number.isNaN(date(input.startedAt)))
    invalid("startedAt", "Started at is invalid");
  if (given("endedAt") && input.endedAt !== null) {
    if (Number.isNaN(date(input.endedAt))) invalid("endedAt", "Ended at is invalid");
    else if (date(input.endedAt) < date(input.startedAt)) invalid("endedAt", "Ended at must be after started at");
  }
  return errors;
}

const annotationsOf = (state: StandInState) => (state.annotations ??= new Map());
const annotationNotFound = () => [userError("Analytics annotation not found", ["id"], "NOT_FOUND" as const)];
const annotationInput = (variables: Variables) =>
  (variables.input && typeof variables.input === "object" ? variables.input : {}) as AnnotationInput;

const OPERATIONS: { [Name in StandInOperation]: Handler<Name> } = {
  MarginGuardrailTagsAdd(state, variables) {
    const order = orderOf(state, String(variables.id ?? ""));
    if (!order) return { tagsAdd: { node: null, userErrors: [userError("Resource not found", ["id"])] } };
    const tags = Array.isArray(variables.tags) ? variables.tags.map(String) : [];
    const tooLong = tags.find((tag) => tag.length > 40);
    if (tooLong) return { tagsAdd: { node: null, userErrors: [userError(`Tag ${tooLong} is too long`, ["tags"])] } };
    for (const tag of tags) if (!order.tags.includes(tag)) order.tags.push(tag);
    return { tagsAdd: { node: { id: order.id }, userErrors: [] } };
  },
  MarginGuardrailFulfillmentOrders(state, variables) {
    const order = orderOf(state, String(variables.id ?? ""));
    if (!order) return { order: null };
    return {
      order: {
        id: order.id,
        fulfillmentOrders: {
          nodes: order.fulfillmentOrders.map((fulfillmentOrder) => ({
            id: fulfillmentOrder.id,
            status: fulfillmentOrder.status,
            fulfillmentHolds: fulfillmentOrder.holds.map((hold) => ({
              id: hold.id,
              handle: hold.handle,
              heldByRequestingApp: true,
            })),
          })),
        },
      },
    };
  },
  MarginGuardrailHold(state, variables) {
    const fulfillmentOrder = fulfillmentOrderOf(state, variables.id);
    const input = (variables.fulfillmentHold ?? {}) as { reason?: string; reasonNotes?: string; handle?: string };
    // Shopify's codes (FulfillmentOrderHoldUserErrorCode); a refusal it has no code for answers none
    const refuse = (message: string, field: string[], code?: FulfillmentOrderHoldUserErrorCode) => ({
      fulfillmentOrderHold: {
        fulfillmentHold: null,
        fulfillmentOrder: null,
        userErrors: [code ? userError(message, field, code) : userError(message, field)],
      },
    });
    if (!fulfillmentOrder) return refuse(FORGOTTEN, ["id"], "FULFILLMENT_ORDER_NOT_FOUND");
    const handle = input.handle ?? "";
    if (handle.length > MAX_HOLD_HANDLE) {
      return refuse(`Handle is too long (maximum is ${MAX_HOLD_HANDLE} characters)`, ["fulfillmentHold", "handle"]);
    }
    if (fulfillmentOrder.holds.some((hold) => hold.handle === handle)) {
      return refuse(
        "The handle provided for the fulfillment hold is already in use by this app for another hold on this fulfillment order.",
        ["fulfillmentHold", "handle"],
        "DUPLICATE_FULFILLMENT_HOLD_HANDLE",
      );
    }
    if (fulfillmentOrder.holds.length >= MAX_HOLDS_PER_APP) {
      return refuse(
        "The maximum number of fulfillment holds for this fulfillment order has been reached for this app.",
        ["id"],
        "FULFILLMENT_ORDER_HOLD_LIMIT_REACHED",
      );
    }
    if (fulfillmentOrder.status === "CLOSED") {
      return refuse("The fulfillment order is not in a holdable state.", ["id"]);
    }
    const hold = {
      id: `gid://shopify/FulfillmentHold/${state.nextId++}`,
      handle,
      reason: input.reason ?? "OTHER",
      reasonNotes: input.reasonNotes ?? null,
    };
    fulfillmentOrder.holds.push(hold);
    fulfillmentOrder.status = "ON_HOLD";
    return {
      fulfillmentOrderHold: {
        fulfillmentHold: { id: hold.id, handle: hold.handle },
        fulfillmentOrder: { id: fulfillmentOrder.id, status: fulfillmentOrder.status },
        userErrors: [],
      },
    };
  },
  MarginGuardrailReleaseHold(state, variables) {
    const ids = Array.isArray(variables.holdIds) ? variables.holdIds.map(String) : null;
    const fulfillmentOrder = fulfillmentOrderOf(state, variables.id) ?? heldBeforeRestart(state, variables.id, ids);
    if (!fulfillmentOrder) {
      return {
        fulfillmentOrderReleaseHold: {
          fulfillmentOrder: null,
          userErrors: [userError(FORGOTTEN, ["id"], "FULFILLMENT_ORDER_NOT_FOUND")],
        },
      };
    }
    const releasing = fulfillmentOrder.holds.filter((hold) => !ids || ids.includes(hold.id));
    if (releasing.length === 0) {
      return {
        fulfillmentOrderReleaseHold: {
          fulfillmentOrder: null,
          userErrors: [userError("The fulfillment order is not on hold.", ["id"])],
        },
      };
    }
    fulfillmentOrder.holds = fulfillmentOrder.holds.filter((hold) => !releasing.includes(hold));
    if (fulfillmentOrder.holds.length === 0) fulfillmentOrder.status = "OPEN";
    return {
      fulfillmentOrderReleaseHold: {
        fulfillmentOrder: { id: fulfillmentOrder.id, status: fulfillmentOrder.status },
        userErrors: [],
      },
    };
  },
  MarginGuardrailFlowTrigger(state, variables) {
    const size = Buffer.byteLength(JSON.stringify(variables.payload ?? null));
    if (size >= FLOW_PAYLOAD_LIMIT) {
      return {
        flowTriggerReceive: { userErrors: [userError("Errors validating schema: payload is too large", ["payload"])] },
      };
    }
    if (typeof variables.handle !== "string" || variables.handle === "") {
      return { flowTriggerReceive: { userErrors: [userError("Trigger not found", ["handle"])] } };
    }
    state.flowTriggers.push({ handle: variables.handle, payload: variables.payload });
    return { flowTriggerReceive: { userErrors: [] } };
  },
  MarginGuardrailCodeRulesDiscount(state, variables) {
    const input = (variables.automaticAppDiscount ?? {}) as {
      title?: string;
      functionHandle?: string;
      metafields?: unknown[];
    };
    if (!input.functionHandle) {
      return {
        discountAutomaticAppCreate: {
          automaticAppDiscount: null,
          userErrors: [userError("Function not found.", ["automaticAppDiscount", "functionHandle"])],
        },
      };
    }
    const id = `gid://shopify/DiscountAutomaticNode/${state.nextId++}`;
    state.discounts.set(id, {
      title: input.title ?? "",
      functionHandle: input.functionHandle,
      metafields: input.metafields ?? [],
      active: true,
    });
    return { discountAutomaticAppCreate: { automaticAppDiscount: { discountId: id }, userErrors: [] } };
  },
  MarginGuardrailCodeRulesOn: (state, variables) => ({
    discountAutomaticActivate: switchDiscount(state, variables, true),
  }),
  MarginGuardrailCodeRulesOff: (state, variables) => ({
    discountAutomaticDeactivate: switchDiscount(state, variables, false),
  }),
  MarginGuardrailValidationCreate(state, variables) {
    const input = (variables.validation ?? {}) as ValidationInput;
    if (!input.functionHandle) {
      return {
        validationCreate: {
          validation: null,
          userErrors: [userError("Function not found.", ["validation", "functionHandle"], "NOT_FOUND")],
        },
      };
    }
    const id = `gid://shopify/Validation/${state.nextId++}`;
    const validation: StandInValidation = {
      id,
      title: input.title ?? "",
      functionHandle: input.functionHandle,
      enabled: input.enable ?? false,
      blockOnFailure: input.blockOnFailure ?? false,
      metafields: input.metafields ?? [],
    };
    state.validations.set(id, validation);
    return { validationCreate: { validation: { id, enabled: validation.enabled }, userErrors: [] } };
  },
  MarginGuardrailValidationUpdate(state, variables) {
    const validation = validationOf(state, String(variables.id ?? ""));
    if (!validation) {
      return {
        validationUpdate: { validation: null, userErrors: [userError("Validation not found.", ["id"], "NOT_FOUND")] },
      };
    }
    const input = (variables.validation ?? {}) as ValidationInput;
    if (input.enable !== undefined) validation.enabled = input.enable;
    if (input.blockOnFailure !== undefined) validation.blockOnFailure = input.blockOnFailure;
    if (input.title !== undefined) validation.title = input.title;
    if (input.metafields) validation.metafields.push(...input.metafields);
    return { validationUpdate: { validation: { id: validation.id, enabled: validation.enabled }, userErrors: [] } };
  },
  MarginGuardrailValidation(state, variables) {
    const validation = validationOf(state, String(variables.id ?? ""));
    return { validation: validation ? { id: validation.id, enabled: validation.enabled } : null };
  },
  MarginGuardrailConfigSet: metafieldsSet,
  MarginGuardrailCodeRulesSet: metafieldsSet,
  MarginGuardrailCodeRulesResources(_state, variables) {
    const { products, collections } = demoResources();
    const known = new Map([...products, ...collections].map((node) => [node.id, node]));
    const ids = Array.isArray(variables.ids) ? variables.ids.map(String) : [];
    // an id Shopify has nothing for (deleted, another shop's) answers null in its place
    return { nodes: ids.map((id) => known.get(id) ?? null) };
  },
  // the app's Functions as the stand-in's shop has them deployed (docs/product.md#shopifys-discounts-page)
  MarginGuardrailAppFunctions: () => ({
    shopifyFunctions: {
      nodes: [
        { id: DEMO_CODES_FUNCTION_ID, handle: "margin-guardrail-codes", apiType: "discount" },
        { id: DEMO_CHECKOUT_FUNCTION_ID, handle: "margin-guardrail-checkout", apiType: "cart_checkout_validation" },
      ],
    },
  }),
  // the code rules' cap reads codes' values (docs/product.md#code-rules)
  MarginGuardrailCodeDiscountValue(state, variables) {
    const node = codeDiscountOf(state, String(variables.id ?? ""));
    const codes = variables.codes === undefined ? 250 : Number(variables.codes);
    return { codeDiscountNode: (node ? withCodePage(node, codes, null) : null) as never };
  },
  // a discount's codes past the first page (every code of a discount is read)
  MarginGuardrailCodeDiscountCodes(state, variables) {
    const node = codeDiscountOf(state, String(variables.id ?? ""));
    const after = typeof variables.after === "string" ? variables.after : null;
    return { codeDiscountNode: (node ? withCodePage(node, firstOf(variables), after) : null) as never };
  },
  // the leaked-code detector's one-click deactivate and its undo (docs/product.md#leaked-codes)
  MarginGuardrailCodeDiscountByCode(state, variables) {
    const code = String(variables.code ?? "").toLowerCase();
    const known = codeDiscountsOf(state).find((node) =>
      node.codeDiscount.codes.nodes.some((item) => item.code.toLowerCase() === code),
    );
    return { codeDiscountNodeByCode: known ? { id: known.id } : null };
  },
  MarginGuardrailCodeDeactivate: (state, variables) => ({
    discountCodeDeactivate: switchCode(state, variables, false),
  }),
  MarginGuardrailCodeActivate: (state, variables) => ({ discountCodeActivate: switchCode(state, variables, true) }),
  MarginGuardrailCodeDiscountValues(state, variables) {
    const page = pageOf(codeDiscountsOf(state), variables);
    const codes = variables.codes === undefined ? 250 : Number(variables.codes);
    return {
      codeDiscountNodes: {
        nodes: page.nodes.map((node) => withCodePage(node, codes, null)) as never,
        pageInfo: page.pageInfo,
      },
    };
  },
  // the promotion preflight reads the live discounts, of the same list as the codes above (docs/product.md#promotion-preflight)
  MarginGuardrailPreflightDiscounts: (state, variables) => {
    // its query asks for active and scheduled discounts: one switched off is not among them; or for
    // one discount by its number (`id:123`)
    const number = /^id:(\d+)$/.exec(String(variables.query ?? ""))?.[1];
    const live = [...shopDiscountsOf(state).values()].filter(
      (node) => isLiveDiscount(node) && (!number || node.id.endsWith(`/${number}`)),
    );
    const page = pageOf(live, variables);
    return { discountNodes: { nodes: page.nodes as never, pageInfo: page.pageInfo } };
  },
  MarginGuardrailCodeRulesDiscountState(state, variables) {
    const id = String(variables.id ?? "");
    const discount = discountOf(state, id);
    if (!discount) return { automaticDiscountNode: null };
    return {
      automaticDiscountNode: {
        id,
        automaticDiscount: {
          __typename: "DiscountAutomaticApp" as const,
          title: discount.title || "Margin Guardrail: code rules",
          status: discount.active ? ("ACTIVE" as const) : ("EXPIRED" as const),
          startsAt: "2026-01-01T00:00:00Z",
          appDiscountType: { functionId: DEMO_CODES_FUNCTION_ID },
        },
      },
    };
  },
  // reconciliation's listing of recent orders: those held without a webhook, a page at a time
  // (docs/operations.md#reconciliation)
  MarginGuardrailReconcileOrders(state, variables) {
    const orders = listedOrders(state, String(variables.query ?? ""));
    const start = typeof variables.after === "string" ? Number(variables.after) + 1 : 0;
    const first = firstOf(variables);
    const nodes = orders.slice(start, start + first);
    return {
      orders: {
        nodes,
        pageInfo: {
          hasNextPage: start + first < orders.length,
          endCursor: nodes.length ? String(start + nodes.length - 1) : null,
        },
      },
    };
  },
  // the chart markers (docs/product.md#markers-on-shopifys-charts): annotations the app made, checked as Shopify does
  MarginGuardrailMarkerCreate(state, variables) {
    const input = annotationInput(variables);
    const errors = annotationInputErrors(input, true);
    if (errors.length > 0) return { analyticsAnnotationCreate: { analyticsAnnotation: null, userErrors: errors } };
    const annotations = annotationsOf(state);
    if (annotations.size >= STAND_IN_ANNOTATION_LIMIT) {
      return {
        analyticsAnnotationCreate: {
          analyticsAnnotation: null,
          userErrors: [
            userError("The app has reached its limit of annotations for the shop", null, "LIMIT_REACHED" as const),
          ],
        },
      };
    }
    const id = `gid://shopify/AnalyticsAnnotation/${state.nextId++}`;
    annotations.set(id, {
      id,
      type: String(input.type),
      title: String(input.title),
      description: typeof input.description === "string" ? input.description : null,
      startedAt: String(input.startedAt),
      endedAt: typeof input.endedAt === "string" ? input.endedAt : null,
    });
    return { analyticsAnnotationCreate: { analyticsAnnotation: { id }, userErrors: [] } };
  },
  MarginGuardrailMarkerUpdate(state, variables) {
    const annotation = annotationsOf(state).get(String(variables.id ?? ""));
    if (!annotation)
      return { analyticsAnnotationUpdate: { analyticsAnnotation: null, userErrors: annotationNotFound() } };
    const input = annotationInput(variables);
    const errors = annotationInputErrors({ startedAt: annotation.startedAt, ...input }, false);
    if (errors.length > 0) return { analyticsAnnotationUpdate: { analyticsAnnotation: null, userErrors: errors } };
    // only the fields given change
    if (typeof input.type === "string") annotation.type = input.type;
    if (typeof input.title === "string") annotation.title = input.title;
    if (input.description !== undefined)
      annotation.description = typeof input.description === "string" ? input.description : null;
    if (typeof input.startedAt === "string") annotation.startedAt = input.startedAt;
    if (input.endedAt !== undefined) annotation.endedAt = typeof input.endedAt === "string" ? input.endedAt : null;
    return { analyticsAnnotationUpdate: { analyticsAnnotation: { id: annotation.id }, userErrors: [] } };
  },
  MarginGuardrailMarkerDelete(state, variables) {
    const id = String(variables.id ?? "");
    if (!annotationsOf(state).delete(id)) {
      return { analyticsAnnotationDelete: { deletedId: null, userErrors: annotationNotFound() } };
    }
    return { analyticsAnnotationDelete: { deletedId: id, userErrors: [] } };
  },
  // the stand-in's shop has no shop-scoped subscriptions: the app's are app-scoped (shopify.app.toml)
  MarginGuardrailWebhookSubscriptions: () => ({ webhookSubscriptions: { nodes: [] } }),
  // a collection rule saved without its collection's title reads it (docs/product.md#rules)
  MarginGuardrailCollectionTitle(_state, variables) {
    const collection = DEMO_COLLECTIONS.find((candidate) => candidate.id === String(variables.id ?? ""));
    return { collection: collection ? { id: collection.id, title: collection.title } : null };
  },
  MarginGuardrailPickerResources(_state, variables) {
    const { products, collections } = demoResources();
    const first = firstOf(variables);
    const plain = ({ id, title }: { id: string; title: string }) => ({ id, title });
    return {
      products: { nodes: products.slice(0, first).map(plain) },
      collections: { nodes: collections.slice(0, first).map(plain) },
    };
  },
};

/** The operations the stand-in answers: the order actions', code rules' (their picker's too) and checkout blocking's. */
export type StandInOperation = Extract<
  AdminOperationName,
  | "MarginGuardrailTagsAdd"
  | "MarginGuardrailFulfillmentOrders"
  | "MarginGuardrailHold"
  | "MarginGuardrailReleaseHold"
  | "MarginGuardrailFlowTrigger"
  | "MarginGuardrailCodeRulesDiscount"
  | "MarginGuardrailCodeRulesOn"
  | "MarginGuardrailCodeRulesOff"
  | "MarginGuardrailCodeRulesSet"
  | "MarginGuardrailConfigSet"
  | "MarginGuardrailValidationCreate"
  | "MarginGuardrailValidationUpdate"
  | "MarginGuardrailValidation"
  | "MarginGuardrailCodeRulesResources"
  | "MarginGuardrailPickerResources"
  | "MarginGuardrailCollectionTitle"
  | "MarginGuardrailAppFunctions"
  | "MarginGuardrailCodeRulesDiscountState"
  | "MarginGuardrailCodeDiscountValue"
  | "MarginGuardrailCodeDiscountValues"
  | "MarginGuardrailCodeDiscountCodes"
  | "MarginGuardrailCodeDiscountByCode"
  | "MarginGuardrailCodeDeactivate"
  | "MarginGuardrailCodeActivate"
  | "MarginGuardrailPreflightDiscounts"
  | "MarginGuardrailReconcileOrders"
  | "MarginGuardrailWebhookSubscriptions"
  | "MarginGuardrailMarkerCreate"
  | "MarginGuardrailMarkerUpdate"
  | "MarginGuardrailMarkerDelete"
>;

/** An operation's name: the word after its query or mutation keyword. */
export function operationName(query: string): string | null {
  return /\b(?:query|mutation)\s+([A-Za-z_]\w*)/.exec(query)?.[1] ?? null;
}

const answers = (name: string | null): name is StandInOperation => name !== null && Object.hasOwn(OPERATIONS, name);

/** Answers one GraphQL request's body as Shopify's Admin API would, changing `state`. */
export function answerStandIn(state: StandInState, body: { query?: unknown; variables?: unknown }): Answer {
  const query = typeof body.query === "string" ? body.query : "";
  const name = operationName(query);
  if (!answers(name)) {
    return { errors: [{ message: `The demo store's stand-in of Shopify does not answer ${name ?? "this request"}` }] };
  }
  const variables = body.variables && typeof body.variables === "object" ? (body.variables as Variables) : {};
  return { data: OPERATIONS[name](state, variables) };
}
