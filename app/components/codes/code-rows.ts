/**
 * What the Discount codes table says of a code (docs/product.md#leaked-codes): its order in the
 * table, its status badges and its figures in words. Pure, so the table's wide and condensed
 * layouts say the same thing and a unit test checks it.
 */
import { formatShopDateTime } from "../../domain/dates";
import { formatCount } from "../../domain/money";
import type { CodeView } from "../../services/leaks/codes.server";

/** The fields of a code the table reads (the loader's CodeView, as JSON). */
export type CodeRow = Pick<
  CodeView,
  | "code"
  | "uses"
  | "customers"
  | "lastHourUses"
  | "dailyUses"
  | "hourlyBaseline"
  | "firstTimeShare"
  | "outsideSegmentShare"
  | "countries"
  | "audienceSize"
  | "segmentTags"
  | "leakSuspected"
  | "signalsInWords"
  | "deactivatedAt"
  | "lastUsedAt"
  | "usageLimit"
>;

export type BadgeTone = "critical" | "attention" | "success";

export interface StatusBadge {
  label: string;
  tone: BadgeTone;
}

/** Flagged codes first, then the most used, then by code: the same order whatever the query's. */
export function sortCodes<T extends Pick<CodeRow, "code" | "uses" | "leakSuspected">>(codes: readonly T[]): T[] {
  return [...codes].sort(
    (a, b) =>
      Number(b.leakSuspected) - Number(a.leakSuspected) ||
      b.uses - a.uses ||
      (a.code < b.code ? -1 : a.code > b.code ? 1 : 0),
  );
}

/**
 * The code's badges: "Probably leaked" and "Deactivated in Shopify" (both when a flagged code
 * was switched off), else "Normal".
 */
export function statusBadges(code: Pick<CodeRow, "leakSuspected" | "deactivatedAt">): StatusBadge[] {
  const badges: StatusBadge[] = [];
  if (code.leakSuspected) badges.push({ label: "Probably leaked", tone: "critical" });
  if (code.deactivatedAt) badges.push({ label: "Deactivated in Shopify", tone: "attention" });
  return badges.length > 0 ? badges : [{ label: "Normal", tone: "success" }];
}

const count = (value: number) => formatCount(value);

/** A share 0..1 as "85 %", or "not known" when no order said. */
export function percentText(share: number | null): string {
  return share === null ? "not known" : `${Math.round(share * 100)} %`;
}

/** "1,204" */
export function countText(value: number): string {
  return count(value);
}

/**
 * What the code was meant for, beside its uses: "audience 500" (the merchant's audience size),
 * else "usage limit 1,000" (Shopify's, when known), else null.
 */
export function audienceText(code: Pick<CodeRow, "audienceSize" | "usageLimit">): string | null {
  if (code.audienceSize !== null) return `audience ${count(code.audienceSize)}`;
  if (code.usageLimit) return `usage limit ${count(code.usageLimit)}`;
  return null;
}

/** "1 use" / "52 uses" */
export function usesText(uses: number): string {
  return `${count(uses)} ${uses === 1 ? "use" : "uses"}`;
}

/**
 * "1 customer" / "52 customers"; "guests only" when the code was used but no order named a
 * customer (guest checkouts): "1 use by 0 customers" read as an error.
 */
export function customersText(customers: number, uses: number): string {
  if (customers === 0 && uses > 0) return "guests only";
  return `${count(customers)} ${customers === 1 ? "customer" : "customers"}`;
}

/** The Customers cell: the count, or "guests only" (customersText). */
export function customersCell(customers: number, uses: number): string {
  return customers === 0 && uses > 0 ? "guests only" : count(customers);
}

/**
 * The Countries cell: the count, or "not known" when the code was used but no order carried a
 * shipping country (a pickup, a digital product): "0" would say the orders came from nowhere.
 */
export function countriesCell(countries: number, uses: number): string {
  return countries === 0 && uses > 0 ? "not known" : count(countries);
}

/** "36 in the last hour" when the code was used in it, else null (the table leaves a zero out). */
export function lastHourText(code: Pick<CodeRow, "lastHourUses">): string | null {
  return code.lastHourUses > 0 ? `${count(code.lastHourUses)} in the last hour` : null;
}

/** Whether the uses or the customers went past the audience size, or the uses reached Shopify's usage limit. */
export function audienceExceeded(code: Pick<CodeRow, "audienceSize" | "usageLimit" | "uses" | "customers">): boolean {
  if (code.audienceSize !== null) return Math.max(code.uses, code.customers) > code.audienceSize;
  return !!code.usageLimit && code.uses >= code.usageLimit;
}

/** "36 in the last hour, 40 in the last 24 hours" */
export function recentText(code: Pick<CodeRow, "lastHourUses" | "dailyUses">): string {
  return `${count(code.lastHourUses)} in the last hour, ${count(code.dailyUses)} in the last 24 hours`;
}

/** "baseline 1.2 an hour", or why there is none yet. */
export function baselineText(code: Pick<CodeRow, "hourlyBaseline">): string {
  return code.hourlyBaseline === null
    ? "under a day old: no hourly baseline yet"
    : `baseline ${code.hourlyBaseline} an hour`;
}

/** "58 % outside the segment", or null when no order was checked against a segment. */
export function segmentText(code: Pick<CodeRow, "outsideSegmentShare">): string | null {
  return code.outsideSegmentShare === null ? null : `${percentText(code.outsideSegmentShare)} outside the segment`;
}

/** "9 countries" / "1 country"; "countries not known" as countriesCell says. */
export function countriesText(countries: number, uses: number): string {
  if (countries === 0 && uses > 0) return "countries not known";
  return `${count(countries)} ${countries === 1 ? "country" : "countries"}`;
}

/** The settings form's starting values: the audience as digits, the tags comma-separated. */
export function settingsDraftOf(code: Pick<CodeRow, "audienceSize" | "segmentTags">): {
  audience: string;
  tags: string;
} {
  return {
    audience: code.audienceSize === null ? "" : String(code.audienceSize),
    tags: code.segmentTags.join(", "),
  };
}

/** "Nov 26, 2026" and "12:09 AM" in the shop's zone: the admin's one format, on two lines. */
export function dateAndTime(iso: string, timeZone: string): { date: string; time: string } {
  const text = formatShopDateTime(iso, { timeZone });
  const cut = text.lastIndexOf(", ");
  return cut < 0 ? { date: text, time: "" } : { date: text.slice(0, cut), time: text.slice(cut + 2) };
}
