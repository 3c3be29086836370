// Onboarding's action and loader (docs/product.md#onboarding): the stored step, the first rule
// through the Rule Builder's schema and service (plan limit included), alert settings through
// the alerts service (recipients prefilled with the shop's e-mail), Free told alerts come with
// Core, Skip and completion.
import { beforeAll, describe, expect, it } from "vitest";
import prisma from "../../app/db.server";
import type { OnboardingResult } from "../../app/routes/_admin.onboarding";
import { ensureShop } from "../../app/db/shops.server";
import { installFakeAdminApi } from "../helpers/fake-admin-api";
import { adminRequest, settle, storeOfflineSession } from "../helpers/shopify";

const { action, loader } = await import("../../app/routes/_admin.onboarding");
const subscriptions: { name: string }[] = [];
/** the shop's contact e-mail as Shopify has it */
let contactEmail = "";
installFakeAdminApi([], {
  subscriptions,
  answers: { MarginGuardrailShopContactEmail: () => ({ shop: { contactEmail } }) },
});

const FREE = "onboard-free.myshopify.com";
const CORE = "onboard-core.myshopify.com";
const NEW_CORE = "onboard-new-core.myshopify.com";

async function submit(shop: string, fields: Record<string, string>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  const request = await adminRequest("/onboarding?host=abc", shop, { init: { method: "POST", body } });
  const result = (await settle(() => action({ request, params: {}, context: {} }))) as
    Response | { data: OnboardingResult; init: { status: number } };
  if (result instanceof Response) return { redirect: result.headers.get("Location"), status: result.status };
  return { ...result.data, httpStatus: result.init.status };
}

const stepOf = async (shop: string) =>
  (await prisma.shop.findUniqueOrThrow({ where: { domain: shop } })).onboardingStep;
const rule = {
  intent: "createRule",
  name: "First cap",
  ruleType: "max_discount",
  threshold: "30",
  thresholdUnit: "PERCENT",
  action: "alert",
};

describe("onboarding", () => {
  beforeAll(async () => {
    for (const [shop, plan] of [
      [FREE, "free"],
      [CORE, "core"],
      [NEW_CORE, "core"],
    ] as const) {
      const { id } = await ensureShop(shop);
      await prisma.shop.update({ where: { id }, data: { plan, planCheckedAt: new Date() } });
      await storeOfflineSession(shop);
    }
  });

  it("stores the step, refuses one that does not exist, and the loader resumes it", async () => {
    expect(await submit(FREE, { intent: "step", step: "1" })).toMatchObject({ ok: true, value: { step: 1 } });
    expect(await stepOf(FREE)).toBe(1);
    // only decimal digits name a step: not hex, an exponent, a decimal or nothing
    for (const step of ["7", "0x2", "2e0", "2.0", "", "Infinity"]) {
      expect(await submit(FREE, { intent: "step", step }), step).toMatchObject({ ok: false, httpStatus: 400 });
    }
    expect(await stepOf(FREE)).toBe(1);
    const request = await adminRequest("/onboarding", FREE);
    const data = (await loader({ request, params: {}, context: {} })) as { step: number; alertsIncluded: boolean };
    expect(data).toMatchObject({ step: 1, alertsIncluded: false });
  });

  it("creates the first rule with the Rule Builder's schema and plan limit, and moves on", async () => {
    const bad = await submit(FREE, { ...rule, threshold: "lots" });
    expect(bad).toMatchObject({ ok: false, httpStatus: 400 });
    expect("result" in bad && bad.result?.error).toMatchObject({ threshold: ["Must be a valid positive number"] });
    expect(await stepOf(FREE)).toBe(1);
    expect(await submit(FREE, rule)).toMatchObject({
      ok: true,
      httpStatus: 201,
      value: { step: 2 },
      toast: { title: "Rule created" },
    });
    expect(await prisma.rule.findFirst({ where: { shop: { domain: FREE }, name: "First cap" } })).toMatchObject({
      isActive: true,
      thresholdPercent: 30,
    });
    expect(await stepOf(FREE)).toBe(2);
    // Free allows two active rules: the third is refused by the same service
    await submit(FREE, { ...rule, name: "Second" });
    const third = await submit(FREE, { ...rule, name: "Third" });
    expect(third).toMatchObject({ ok: false, httpStatus: 409 });
  });

  it("completes on Free without alert settings (they come with Core)", async () => {
    const before = await prisma.alertSettings.findUnique({ where: { shopId: (await ensureShop(FREE)).id } });
    const done = await submit(FREE, { intent: "complete", emailEnabled: "true", emails: "x@example.com" });
    expect(done).toMatchObject({ ok: true, value: { done: true }, toast: { title: "Setup complete" } });
    expect(await stepOf(FREE)).toBe(3);
    const after = await prisma.alertSettings.findUnique({ where: { shopId: (await ensureShop(FREE)).id } });
    expect(after?.emails).toEqual(before?.emails);
  });

  it("saves Core's alert settings through the alerts service, refusing bad ones and keeping the step", async () => {
    await submit(CORE, { intent: "step", step: "2" });
    const bad = await submit(CORE, { intent: "complete", emailEnabled: "true", emails: "not-an-address" });
    expect(bad).toMatchObject({ ok: false, httpStatus: 400 });
    expect(await stepOf(CORE)).toBe(2);
    const done = await submit(CORE, {
      intent: "complete",
      emailEnabled: "true",
      emails: "ops@example.com",
      minSeverity: "high",
      frequency: "daily",
    });
    expect(done).toMatchObject({ ok: true, value: { done: true } });
    const settings = await prisma.alertSettings.findUniqueOrThrow({ where: { shopId: (await ensureShop(CORE)).id } });
    expect(settings).toMatchObject({
      emailEnabled: true,
      emails: ["ops@example.com"],
      minSeverity: "high",
      frequency: "daily",
    });
    expect(await stepOf(CORE)).toBe(3);
  });

  it("starts the alert step with the shop's e-mail: a staff member's, else Shopify's contact e-mail", async () => {
    const recipientsShown = async () => {
      const request = await adminRequest("/onboarding", NEW_CORE);
      const data = (await loader({ request, params: {}, context: {} })) as {
        alerts: { emailEnabled: boolean; emails: string };
      };
      return data.alerts;
    };
    // a new shop: e-mail alerts on, no recipient stored, Shopify knows no contact e-mail
    expect(await recipientsShown()).toMatchObject({ emailEnabled: true, emails: "" });
    contactEmail = "hello@onboard-new-core.example";
    expect(await recipientsShown()).toMatchObject({ emailEnabled: true, emails: "hello@onboard-new-core.example" });
    // a staff member who opened the app with their e-mail comes first
    await prisma.session.create({
      data: {
        id: "online_onboard-new-core",
        shop: NEW_CORE,
        state: "",
        isOnline: true,
        accessToken: "unused",
        email: "owner@onboard-new-core.example",
        accountOwner: true,
      },
    });
    expect((await recipientsShown()).emails).toBe("owner@onboard-new-core.example");
    // only a prefill: nothing is stored until the merchant completes the step
    const settings = await prisma.alertSettings.findUniqueOrThrow({
      where: { shopId: (await ensureShop(NEW_CORE)).id },
    });
    expect(settings.emails).toEqual([]);
  });

  it("Skip Setup finishes at once and goes to the embedded home", async () => {
    await submit(CORE, { intent: "step", step: "0" });
    expect(await submit(CORE, { intent: "skip" })).toEqual({ redirect: "/?host=abc", status: 302 });
    expect(await stepOf(CORE)).toBe(3);
  });
});
