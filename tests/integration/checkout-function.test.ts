// The checkout Function's configuration and test over the JSON API, and the promise that the
// Function and the server's test can never disagree: 1,000 random carts through both.
import { seededRandom } from "../../app/domain/seeded-random";
import { beforeAll, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import { serializeCheckoutConfig } from "../../app/domain/checkout/checkout-blocking";
import { basisPointsToPercent, centsToDecimal, centsToDollars } from "../../app/domain/money";
import { ensureShop } from "../../app/db/shops.server";
import {
  cartOf,
  cartValidationsGenerateRun,
  type CartValidationsGenerateRunInput,
} from "../../extensions/margin-guardrail-checkout/src/cart_validations_generate_run";
import { callRoute, storeOfflineSession, type RouteHandler } from "../helpers/shopify";

const SHOP = "checkout-fn.myshopify.com";
const OTHER = "checkout-fn-other.myshopify.com";
const configRoute = await import("../../app/routes/api.config.function");
const testRoute = await import("../../app/routes/api.shopify.functions.test/route");

const getConfig = (shop: string) => callRoute(configRoute.loader as RouteHandler, "/api/config/function", shop);
const putConfig = (shop: string, body: unknown) =>
  callRoute(configRoute.action as RouteHandler, "/api/config/function", shop, "PUT", body);
const runTest = (shop: string, body: unknown) =>
  callRoute(testRoute.action as RouteHandler, "/api/shopify/functions/test", shop, "POST", body);

beforeAll(async () => {
  for (const shop of [SHOP, OTHER]) {
    await ensureShop(shop);
    await storeOfflineSession(shop);
  }
  const { id } = await prisma.shop.findUniqueOrThrow({ where: { domain: SHOP } });
  await prisma.blockingSettings.update({ where: { shopId: id }, data: { customerMessage: "Too many discounts here" } });
});

describe("GET and PUT /api/config/function", () => {
  it("starts at 40 %, not deployed", async () => {
    expect(await (await getConfig(SHOP)).json()).toMatchObject({
      thresholdPercent: 40,
      deployed: false,
      validationId: null,
      deployedAt: null,
    });
  });

  it("saves a threshold for the caller's shop only", async () => {
    const saved = await putConfig(SHOP, { thresholdPercent: 32.5 });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ thresholdPercent: 32.5 });
    expect(await (await getConfig(SHOP)).json()).toMatchObject({ thresholdPercent: 32.5 });
    expect(await (await getConfig(OTHER)).json()).toMatchObject({ thresholdPercent: 40 });
  });

  it("refuses a threshold outside 0-100, or not a number, naming the field, and changes nothing", async () => {
    for (const thresholdPercent of [101, -1, "abc", "", "1e2", null]) {
      const response = await putConfig(SHOP, { thresholdPercent });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { errors: Record<string, string[]> };
      expect(body.errors.thresholdPercent?.[0]).toMatch(/^Threshold (is required|must be a number from 0 to 100)$/);
    }
    expect(await (await getConfig(SHOP)).json()).toMatchObject({ thresholdPercent: 32.5 });
  });

  it("answers 405 to other methods", async () => {
    expect((await callRoute(configRoute.action as RouteHandler, "/api/config/function", SHOP, "POST", {})).status).toBe(
      405,
    );
  });
});

describe("POST /api/shopify/functions/test", () => {
  it("blocks subtotal 100 with the threshold + 5 off, with the shop's customer message", async () => {
    const response = await runTest(SHOP, { subtotal: 100, discount: 45, thresholdPercent: 40 });
    expect(await response.json()).toEqual({ blocked: true, discountPercent: 45, message: "Too many discounts here" });
    const allowed = await runTest(SHOP, { subtotal: 100, discount: 40, thresholdPercent: 40 });
    expect(await allowed.json()).toMatchObject({ blocked: false });
  });

  it("refuses bad input with field errors", async () => {
    const response = await runTest(SHOP, { subtotal: 0, discount: -1, thresholdPercent: 200 });
    expect(response.status).toBe(400);
    expect(Object.keys(((await response.json()) as { errors: object }).errors).sort()).toEqual([
      "discount",
      "subtotal",
      "thresholdPercent",
    ]);
  });
});

/** A seeded generator, so a failing cart can be found again. */
const random = seededRandom;

describe("the Function and the server's test", () => {
  it("give the same answer for 1,000 random carts", async () => {
    const next = random(20261122);
    const amount = (max: number) => centsToDecimal(Math.floor(next() * max * 100));
    const outcomes = { blocked: 0, allowed: 0 };
    for (let index = 0; index < 1_000; index += 1) {
      const thresholdPercent =
        next() < 0.5 ? Math.floor(next() * 101) : basisPointsToPercent(Math.round(next() * 10_000));
      const lines = Array.from({ length: 1 + Math.floor(next() * 12) }, () => {
        const subtotal = Math.max(0.01, Number(amount(300)));
        const allocations = Array.from({ length: Math.floor(next() * 3) }, () => ({
          discountedAmount: { amount: amount(subtotal / 2) },
        }));
        return { cost: { subtotalAmount: { amount: subtotal.toFixed(2) } }, discountAllocations: allocations };
      });
      const input: CartValidationsGenerateRunInput = {
        buyerJourney: { step: "CHECKOUT_COMPLETION" },
        presentmentCurrencyRate: "1.0",
        cart: { lines, discountApplications: [], buyerIdentity: null },
        validation: {
          metafield: {
            value: serializeCheckoutConfig({
              thresholdPercent,
              maxDiscountCents: null,
              maxStackedDiscounts: null,
              staffOverride: true,
              instantBlocking: true,
              message: "Too many discounts here",
            }),
          },
        },
      };
      const blockedByFunction = cartValidationsGenerateRun(input).operations.length > 0;
      const { subtotalCents, discountCents } = cartOf(input);
      const response = await runTest(SHOP, {
        subtotal: centsToDollars(subtotalCents),
        discount: centsToDollars(discountCents),
        thresholdPercent,
      });
      const answer = (await response.json()) as { blocked: boolean };
      expect({ index, blocked: answer.blocked }).toEqual({ index, blocked: blockedByFunction });
      outcomes[blockedByFunction ? "blocked" : "allowed"] += 1;
    }
    // both answers are well represented, so agreement is not agreement on one answer
    expect(outcomes.blocked).toBeGreaterThan(200);
    expect(outcomes.allowed).toBeGreaterThan(200);
  }, 60_000);
});
