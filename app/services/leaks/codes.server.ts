/**
 * The Discount codes page and GET /api/codes (docs/product.md#leaked-codes,
 * docs/product.md#leaked-codes): per-code counts and flags, the merchant's
 * audience size and segment tags per code, Shopify's usage limit (docs/product.md#leaked-codes), and the one-click
 * deactivate in Shopify and its undo.
 */
import type { Prisma } from "@prisma/client";
import * as z from "zod";
import prisma from "../../db.server";
import {
  dailyUses,
  normalizeSegmentTags,
  planHasLeakFlags,
  signalInWords,
  velocity,
  type LeakSignal,
} from "../../domain/leaks/code-leaks";
import { roundToHundredths } from "../../domain/money";
import { fail, messageOf, ok, type Result } from "../../domain/result";
import { codeSettingsInput } from "../../forms/codes";
import { grantedScopesOf, missingScopes } from "../../domain/shops/scopes";
import { refusedBy, type ActionClient } from "../actions/admin-client.server";
import { alertPreferences } from "../alerts/settings.server";
import { recordAuditEvents } from "../audit/events.server";
import { adminGraphqlData, userErrorText } from "../admin-api/admin-graphql.server";
import type { AdminContext } from "../../types/admin-context";
import { hourlyOf, reviewCodeFlag } from "./code-usage.server";

export interface CodeView {
  code: string;
  uses: number;
  /** uses in the current clock hour and in the last 24 clock hours */
  lastHourUses: number;
  dailyUses: number;
  /** the hourly baseline over the previous 7 days (null: the code is less than a day old) */
  hourlyBaseline: number | null;
  customers: number;
  /** 0..1, of the orders that said; null when none did */
  firstTimeShare: number | null;
  /** 0..1, of the orders checked against the segment; null when none was */
  outsideSegmentShare: number | null;
  countries: number;
  audienceSize: number | null;
  /**
   * Shopify's usage limit of the code's discount, from the discount sync (null: unlimited or not
   * known); the audience when audienceSize is not set (docs/product.md#leaked-codes)
   */
  usageLimit: number | null;
  segmentTags: string[];
  leakSuspected: boolean;
  flaggedAt: string | null;
  signals: LeakSignal[];
  /** the signals in words, as the page says them */
  signalsInWords: string[];
  /** the discount in Shopify, when the discount sync knows it (docs/product.md#code-rules) */
  discountId: string | null;
  /**
   * whether buyers can get the code's discount, as the discount sync last read it: ACTIVE, or a
   * serving Rollout activates it whatever its own dates say; null when the sync does not know the
   * code (docs/product.md#what-the-app-reads-of-discounts)
   */
  discountLive: boolean | null;
  deactivatedAt: string | null;
  firstSeenAt: string;
  lastUsedAt: string;
}

/** GET /api/codes's query: `flagged` (true | false) and `limit` (1-500, 100 by default). */
export const codesQuery = z
  .object({
    flagged: z.enum(["true", "false"], { message: "true or false" }).optional(),
    limit: z.coerce
      .number({ message: "a whole number from 1 to 500" })
      .int("a whole number from 1 to 500")
      .min(1, "a whole number from 1 to 500")
      .max(500, "a whole number from 1 to 500")
      .default(100),
  })
  .strict();

const share = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 1000 : null);

/** The shop's codes, flagged first, then the most used. */
export async function listCodes(
  shop: { id: string; plan: AdminContext["plan"] },
  query: z.infer<typeof codesQuery>,
  now = new Date(),
): Promise<CodeView[]> {
  const flags = planHasLeakFlags(shop.plan);
  const rows = await prisma.codeUsage.findMany({
    where: {
      shopId: shop.id,
      ...(query.flagged === "true" ? { flaggedAt: flags ? { not: null } : { in: [] } } : {}),
      ...(query.flagged === "false" && flags ? { flaggedAt: null } : {}),
    },
    orderBy: [{ flaggedAt: { sort: "desc", nulls: "last" } }, { uses: "desc" }, { codeKey: "asc" }],
    take: query.limit,
  });
  const keys = rows.map((row) => row.codeKey);
  const [hourly, discounts] = await Promise.all([
    hourlyOf(prisma, shop.id, keys, now),
    prisma.discountCodeValue.findMany({
      where: { shopId: shop.id, codeKey: { in: keys } },
      select: { codeKey: true, discountId: true, usageLimit: true, status: true },
    }),
  ]);
  const discountOf = new Map(discounts.map((row) => [row.codeKey, row]));
  return rows.map((row) => {
    const hours = hourly.get(row.codeKey) ?? new Map<number, number>();
    const speed = velocity({ hourly: hours, firstSeenAt: row.firstSeenAt }, now);
    const signals = flags && row.flaggedAt ? ((row.signals ?? []) as unknown as LeakSignal[]) : [];
    return {
      code: row.code,
      uses: row.uses,
      lastHourUses: speed.lastHour,
      dailyUses: dailyUses(hours, now),
      hourlyBaseline: speed.baseline === null ? null : roundToHundredths(speed.baseline),
      customers: row.customers,
      firstTimeShare: share(row.firstTime, row.firstKnown),
      outsideSegmentShare: share(row.outsideSegment, row.segmentChecked),
      countries: row.countries,
      audienceSize: row.audienceSize,
      usageLimit: discountOf.get(row.codeKey)?.usageLimit ?? null,
      segmentTags: row.segmentTags ? row.segmentTags.split(",") : [],
      leakSuspected: flags && row.flaggedAt !== null,
      flaggedAt: flags && row.flaggedAt ? row.flaggedAt.toISOString() : null,
      signals,
      signalsInWords: signals.map(signalInWords),
      discountId: discountOf.get(row.codeKey)?.discountId ?? null,
      discountLive: discountOf.has(row.codeKey) ? discountOf.get(row.codeKey)!.status === "ACTIVE" : null,
      deactivatedAt: row.deactivatedAt?.toISOString() ?? null,
      firstSeenAt: row.firstSeenAt.toISOString(),
      lastUsedAt: row.lastUsedAt.toISOString(),
    };
  });
}

const keyOf = (code: string) => code.trim().toLowerCase();

/**
 * Saves a code's settings; the code's flag is reviewed at once (an audience below its uses flags
 * it now). The segment applies to the orders that come after it: earlier ones were not checked.
 */
export async function saveCodeSettings(
  shop: { id: string; plan: AdminContext["plan"]; timezone?: string | null },
  code: string,
  body: unknown,
  now = new Date(),
): Promise<Result<CodeView>> {
  const parsed = codeSettingsInput.safeParse(body);
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.code === "unrecognized_keys" ? issue.keys.join(", ") : String(issue.path[0] ?? "form");
      (fields[field] ??= []).push(issue.code === "unrecognized_keys" ? "not a setting of a code" : issue.message);
    }
    return fail(400, "Invalid input", { fields });
  }
  const usage = await prisma.codeUsage.findUnique({
    where: { shopId_codeKey: { shopId: shop.id, codeKey: keyOf(code) } },
  });
  if (!usage) return fail(404, `No order has used the code ${code} yet`);
  const data: Prisma.CodeUsageUpdateInput = {};
  if (parsed.data.audienceSize !== undefined) data.audienceSize = parsed.data.audienceSize;
  if (parsed.data.segmentTags !== undefined) data.segmentTags = normalizeSegmentTags(parsed.data.segmentTags ?? []);
  const settings = await prisma.alertSettings.findUnique({ where: { shopId: shop.id } });
  await prisma.$transaction(async (tx) => {
    const updated = await tx.codeUsage.update({ where: { id: usage.id }, data });
    if (planHasLeakFlags(shop.plan)) {
      await reviewCodeFlag(tx, shop.id, updated, now, {
        plan: shop.plan,
        alerts: settings && alertPreferences(settings, shop.timezone ?? "UTC"),
      });
    }
  });
  const view = (await listCodes(shop, { limit: 500 }, now)).find((item) => keyOf(item.code) === usage.codeKey);
  return ok(view!);
}

const BY_CODE = `#graphql
  query MarginGuardrailCodeDiscountByCode($code: String!) {
    codeDiscountNodeByCode(code: $code) { id }
  }`;

const DEACTIVATE = `#graphql
  mutation MarginGuardrailCodeDeactivate($id: ID!) {
    discountCodeDeactivate(id: $id) {
      codeDiscountNode { id }
      userErrors { field message code }
    }
  }`;

const ACTIVATE = `#graphql
  mutation MarginGuardrailCodeActivate($id: ID!) {
    discountCodeActivate(id: $id) {
      codeDiscountNode { id }
      userErrors { field message code }
    }
  }`;

/** Codes asked of Shopify for one page: the rest stay offered, the click asking again. */
export const MAX_CODES_ASKED = 50;
const ASKED_AT_ONCE = 5;

/**
 * The codes of `codes` Shopify has no discount for (docs/product.md#leaked-codes), so the page
 * offers no deactivation Shopify would refuse. The discount sync knows a code's discount; one it
 * does not know is asked of Shopify by code (up to MAX_CODES_ASKED, a few at a time). A code
 * Shopify could not be asked about is not counted missing: its click asks again and says why.
 */
export async function codesMissingInShopify(
  client: ActionClient | null,
  codes: Pick<CodeView, "code" | "discountId" | "deactivatedAt">[],
): Promise<string[]> {
  if (!client) return [];
  const unknown = codes
    .filter((code) => code.discountId === null && code.deactivatedAt === null)
    .slice(0, MAX_CODES_ASKED);
  const missing: string[] = [];
  for (let start = 0; start < unknown.length; start += ASKED_AT_ONCE) {
    await Promise.all(
      unknown.slice(start, start + ASKED_AT_ONCE).map(async ({ code }) => {
        try {
          const data = await adminGraphqlData(client.graphql, BY_CODE, { code });
          if (!data.codeDiscountNodeByCode) missing.push(code);
        } catch {
          // not known: the button stays, and its click says what Shopify answered
        }
      }),
    );
  }
  return missing;
}

export const NEEDS_WRITE_DISCOUNTS_TO_DEACTIVATE =
  "Shopify has not granted Margin Guardrail permission to manage discounts (write_discounts), so it cannot deactivate a code. Grant it on the Code rules page, or deactivate the code in Shopify's Discounts page.";

/**
 * Deactivates (active false) or reactivates a code's discount in Shopify, on Core and Plus, with
 * write_discounts granted; recorded in the Audit Log as code_deactivated or code_reactivated.
 * Refused without a change: Free, a missing scope, a code Shopify's discounts do not hold.
 */
export async function setCodeActive(
  context: Pick<AdminContext, "shop" | "plan" | "demo" | "actor">,
  client: ActionClient | null,
  code: string,
  active: boolean,
  now = new Date(),
): Promise<Result<CodeView>> {
  if (!planHasLeakFlags(context.plan)) {
    return fail(403, "Deactivating a leaked code is part of Core and Plus: upgrade on the Plans page.");
  }
  if (!context.demo && missingScopes(["write_discounts"], grantedScopesOf(context.shop.grantedScopes)).length > 0) {
    return fail(403, NEEDS_WRITE_DISCOUNTS_TO_DEACTIVATE);
  }
  const shopId = context.shop.id;
  const codeKey = keyOf(code);
  const [usage, discount] = await Promise.all([
    prisma.codeUsage.findUnique({ where: { shopId_codeKey: { shopId, codeKey } } }),
    prisma.discountCodeValue.findUnique({ where: { shopId_codeKey: { shopId, codeKey } } }),
  ]);
  if (!usage) return fail(404, `No order has used the code ${code} yet`);
  if (!client) return fail(503, "Not connected to Shopify: try again in a moment.");
  let errors: string;
  // the discount sync's id (docs/product.md#code-rules), else Shopify's own lookup by code
  let discountId = discount?.discountId ?? null;
  try {
    discountId ??=
      (await adminGraphqlData(client.graphql, BY_CODE, { code: usage.code })).codeDiscountNodeByCode?.id ?? null;
  } catch (error) {
    return fail(502, refusedBy(client, messageOf(error)));
  }
  if (!discountId) return fail(404, `Shopify has no discount with the code ${usage.code}`);
  try {
    const data = active
      ? (await adminGraphqlData(client.graphql, ACTIVATE, { id: discountId })).discountCodeActivate
      : (await adminGraphqlData(client.graphql, DEACTIVATE, { id: discountId })).discountCodeDeactivate;
    errors = data ? userErrorText(data.userErrors) : "no answer";
  } catch (error) {
    errors = messageOf(error);
  }
  if (errors) return fail(502, refusedBy(client, errors));
  await prisma.$transaction(async (tx) => {
    await tx.codeUsage.update({ where: { id: usage.id }, data: { deactivatedAt: active ? null : now } });
    await recordAuditEvents(
      shopId,
      [
        {
          eventType: active ? "code_reactivated" : "code_deactivated",
          severity: "low",
          message: `${context.actor} ${active ? "reactivated" : "deactivated"} the code ${usage.code} in Shopify${client.standIn ? " (the demo store's stand-in)" : ""}`,
          discountCodes: [usage.code],
          ruleName: "Leaked code detector",
          details: { code: usage.code, discountId, by: context.actor },
          dedupeKey: `code_${active ? "on" : "off"}|${codeKey}|${now.getTime()}`,
          searchText: usage.code.toLowerCase(),
          createdAt: now,
        },
      ],
      tx,
    );
  });
  const view = (await listCodes({ id: shopId, plan: context.plan }, { limit: 500 }, now)).find(
    (item) => keyOf(item.code) === codeKey,
  );
  return ok(view!);
}
