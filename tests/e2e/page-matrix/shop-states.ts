// The demo shop's states the page matrix visits (docs/testing.md#browser-tests): seeded or
// fresh, Free or Core. Plans change through the app's own billing paths (the downgrade API, the
// demo's stand-in of Shopify's confirmation page); a fresh shop is the one the app makes itself
// for the demo store's domain once the seeded shop has moved aside. Every step is idempotent, as
// Playwright runs a describe's beforeAll again in the new worker that follows a failed test.
import type { APIRequestContext } from "@playwright/test";
import Database from "better-sqlite3";
import { DEMO_SHOP } from "../../helpers/app-server";
import { e2eDatabase } from "../demo-store";

/** Where the seeded demo shop waits while the demo store's domain belongs to a fresh shop. */
const SEEDED_ASIDE = "margin-guardrail-demo-seeded-aside.myshopify.com";

export type Data = "seeded" | "fresh";
export type Plan = "free" | "core";
export interface ShopState {
  data: Data;
  plan: Plan;
}

export const stateName = (state: ShopState) => `${state.data}-${state.plan}`;

function withDatabase<T>(work: (db: Database.Database) => T): T {
  const db = new Database(e2eDatabase(), { fileMustExist: true, timeout: 10_000 });
  try {
    db.pragma("foreign_keys = ON");
    return work(db);
  } finally {
    db.close();
  }
}

interface ShopRow {
  id: string;
  plan: string;
  onboardingStep: number;
}

function shopRow(db: Database.Database, domain: string): ShopRow | undefined {
  return db.prepare("SELECT id, plan, onboardingStep FROM Shop WHERE domain = ?").get(domain) as ShopRow | undefined;
}

async function ok(response: Awaited<ReturnType<APIRequestContext["get"]>>, what: string, allowed = [200, 302]) {
  if (!allowed.includes(response.status())) {
    throw new Error(`${what}: HTTP ${response.status()} ${(await response.text()).slice(0, 300)}`);
  }
}

/**
 * The plan the app detects for the demo shop: a fresh shop that Shopify never told a plan is
 * Free (docs/product.md#plans), whatever its stored `plan`.
 */
async function detectedPlan(request: APIRequestContext): Promise<string> {
  const response = await request.get("/api/billing/plan");
  await ok(response, "The demo shop's plan");
  return ((await response.json()) as { plan: string }).plan;
}

/** The demo shop on `plan`, through the app's billing paths. */
async function setPlan(request: APIRequestContext, plan: Plan) {
  if ((await detectedPlan(request)) === plan) return;
  if (plan === "free") {
    await ok(await request.post("/api/billing/downgrade", { form: { plan: "free" } }), "Downgrade to Free");
  } else {
    // the demo's stand-in of Shopify's confirmation page: 'Approve' stores the plan as Shopify's answer would
    await ok(
      await request.post("/billing/confirm?plan=core", { form: { intent: "approve" }, maxRedirects: 0 }),
      "Approve Core",
    );
  }
  const now = await detectedPlan(request);
  if (now !== plan) throw new Error(`the demo shop is on ${now}, not ${plan}, after the plan change`);
}

/** Puts the seeded shop back on the demo store's domain (the fresh shop and all it made go). */
function seededBack() {
  withDatabase((db) => {
    if (!shopRow(db, SEEDED_ASIDE)) return;
    db.transaction(() => {
      db.prepare("DELETE FROM Shop WHERE domain = ?").run(DEMO_SHOP);
      db.prepare("UPDATE Shop SET domain = ? WHERE domain = ?").run(DEMO_SHOP, SEEDED_ASIDE);
    })();
  });
}

/** Moves the seeded shop aside: the app's next request makes a fresh shop for the domain. */
async function freshShop(request: APIRequestContext) {
  withDatabase((db) => {
    if (shopRow(db, SEEDED_ASIDE)) return;
    db.prepare("UPDATE Shop SET domain = ? WHERE domain = ?").run(SEEDED_ASIDE, DEMO_SHOP);
  });
  // the app makes the shop on the first admin request, on Free, at onboarding's first step
  await ok(await request.get("/api/billing/plan"), "A fresh shop");
  const row = withDatabase((db) => shopRow(db, DEMO_SHOP));
  if (!row) throw new Error("the app made no shop for the demo store's domain");
  // a merchant who skipped onboarding: the Dashboard shows, with nothing in it yet
  if (row.onboardingStep < 3) {
    await ok(await request.post("/onboarding", { form: { intent: "skip" }, maxRedirects: 0 }), "Skip onboarding");
  }
}

/** The demo shop in `state`, whatever state it was in. */
export async function enterState(request: APIRequestContext, state: ShopState) {
  if (state.data === "seeded") seededBack();
  else await freshShop(request);
  await setPlan(request, state.plan);
}

/**
 * The demo store as the seeded demo and the specs after this one know it: the seeded shop on
 * Core, none of its rules paused by the Free plan's limit.
 */
export async function restoreSeeded(request: APIRequestContext) {
  await enterState(request, { data: "seeded", plan: "core" });
  const paused = () =>
    withDatabase((db) => {
      const id = shopRow(db, DEMO_SHOP)!.id;
      const count = (table: string) =>
        (
          db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE shopId = ? AND pausedByPlan IS NOT NULL`).get(id) as {
            n: number;
          }
        ).n;
      return count("Rule") + count("CollectionRule");
    });
  if (paused() > 0) {
    // what a merchant back on Core clicks: 'Resume paused rules'
    await ok(await request.post("/rules", { form: { intent: "resumePaused" } }), "Resume paused rules", [200, 409]);
  }
  if (paused() > 0) throw new Error("rules the Free plan paused are still paused after the return to Core");
}
