/**
 * "Check stacking risk" (docs/product.md#checking-one-discount): what the admin action asks the app
 * and what its modal says, with no Preact and no Shopify global in it, so that it is tested offline
 * (check.test.ts). `checkDiscount` posts `{discountId}` to the app's `POST /api/preflight` and
 * turns the answer, an error status or a network failure into a `CheckState`; `modalView` turns a
 * checked answer into the modal's sentences, with money and percents from app/domain/money.ts and
 * the answer's own figures (nothing is recomputed here).
 */
import type { DiscountCheck } from "../../../app/services/preflight/check.server";
import { formatCents, formatCount, formatPercent } from "../../../app/domain/money";

export type { DiscountCheck };

/** The app's endpoint, relative: Shopify resolves it against the app's URL and adds the admin's ID token. */
export const PREFLIGHT_ENDPOINT = "/api/preflight";

/** How many selected discounts the index's selection action checks, one request each. */
export const MAX_SELECTED = 5;

export type CheckState =
  | { kind: "loading"; discountId: string }
  | { kind: "failed"; discountId: string; message: string }
  | { kind: "checked"; discountId: string; answer: DiscountCheck };

/** What the page or the selection hands the extension: `data.selected` of the action's API. */
export interface Selection {
  selected: { id: string }[];
}

/** The `fetch` the extension runs with (Shopify's, in the admin; a stand-in in tests). */
export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

export const MESSAGES = {
  noSelection: "No discount is selected. Open a discount, or select discounts in the list, and try again.",
  notLive:
    "This discount is not active or scheduled, so no cart can reach it. Margin Guardrail checks active and scheduled discounts only.",
  unauthorized: "Your Shopify session with Margin Guardrail has expired. Close this window and open the action again.",
  unreachable: "Margin Guardrail could not be reached. Check your connection and try again.",
  loading: "Checking which carts of the last days this discount reaches with the shop's other discounts…",
} as const;

/** The discount ids to check: the selection's, each once, at most MAX_SELECTED. */
export function selectedIds(selection: Selection | null | undefined): { ids: string[]; skipped: number } {
  const ids = [...new Set((selection?.selected ?? []).map((item) => item.id).filter(Boolean))];
  return { ids: ids.slice(0, MAX_SELECTED), skipped: Math.max(0, ids.length - MAX_SELECTED) };
}

/** The app's error message from a JSON error body (`{error}`), if it has one. */
async function errorOf(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { error?: unknown };
    return typeof body?.error === "string" ? body.error : null;
  } catch {
    return null;
  }
}

/** Why a request failed, in words for the merchant. */
export async function failureMessage(response: Response): Promise<string> {
  if (response.status === 404) return MESSAGES.notLive;
  if (response.status === 401) return MESSAGES.unauthorized;
  const error = await errorOf(response);
  if (response.status === 403) return error ?? "Your plan or your staff permissions do not allow this check.";
  if (response.status === 429) return "Too many checks at once. Wait a few seconds and try again.";
  return error
    ? `Margin Guardrail could not check this discount: ${error}`
    : `Margin Guardrail could not check this discount (it answered ${response.status}). Try again in a moment.`;
}

/** Whether a body is the one-discount check's answer (a mistaken endpoint's answer is not shown as one). */
function isCheck(body: unknown): body is DiscountCheck {
  const answer = body as Partial<DiscountCheck> | null;
  return (
    typeof answer === "object" &&
    answer !== null &&
    typeof answer.discount === "object" &&
    answer.discount !== null &&
    Array.isArray(answer.hygiene) &&
    "worst" in answer
  );
}

/** Asks the app for one discount's check: never throws, every outcome is a state the modal shows. */
export async function checkDiscount(fetchApp: Fetch, discountId: string): Promise<CheckState> {
  let response: Response;
  try {
    response = await fetchApp(PREFLIGHT_ENDPOINT, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ discountId }),
    });
  } catch {
    return { kind: "failed", discountId, message: MESSAGES.unreachable };
  }
  if (!response.ok) return { kind: "failed", discountId, message: await failureMessage(response) };
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (!isCheck(body)) {
    return {
      kind: "failed",
      discountId,
      message: "Margin Guardrail answered with something other than a check. Try again in a moment.",
    };
  }
  return { kind: "checked", discountId, answer: body };
}

export interface FindingView {
  severity: "high" | "medium" | "low";
  /** the severity as the badge says it: "High", "Medium", "Low" */
  severityLabel: string;
  tone: "critical" | "warning" | "info";
  finding: string;
  fix: string;
  /** where the discount opens in Shopify's admin (`shopify:admin/discounts/{id}`), or null */
  href: string | null;
  linkText: string;
}

export interface ModalView {
  heading: string;
  /** the sentence under the heading: the worst stack, or that no cart reaches the discount */
  summary: string;
  tone: "critical" | "warning" | "success" | "info";
  worst: {
    depth: string;
    margin: string;
    codes: string;
    automatic: string;
    /** one sentence per rule of the shop the stack would break; empty when none */
    rulesBroken: string[];
    rulesNote: string;
  } | null;
  hygieneHeading: string;
  hygiene: FindingView[];
  /** the app's full preflight, as an admin extension links to its app's pages (`app:preflight`) */
  preflightHref: string;
  preflightText: string;
  rolloutsNote: string | null;
}

const TONES = { high: "critical", medium: "warning", low: "info" } as const;
const SEVERITY_LABELS = { high: "High", medium: "Medium", low: "Low" } as const;

/** A discount's page in Shopify's admin, as an admin extension links to it; the answer's URL otherwise. */
export function adminHref(adminUrl: string | null): string | null {
  if (!adminUrl) return null;
  const id = /\/discounts\/(\d{1,20})(?:[/?#]|$)/.exec(adminUrl)?.[1];
  return id ? `shopify:admin/discounts/${id}` : adminUrl;
}

/** An app path ("/preflight") as an admin extension's link to the app's page ("app:preflight"). */
export function appHref(path: string): string {
  return `app:${path.replace(/^\/+/, "")}`;
}

const list = (items: string[]) => (items.length > 0 ? items.join(", ") : "none");
const plural = (count: number, one: string, many: string) => `${formatCount(count)} ${count === 1 ? one : many}`;

/** The modal's content for a checked discount. */
export function modalView(answer: DiscountCheck): ModalView {
  const label = answer.discount.label || answer.discount.title;
  const worst = answer.worst;
  const since = plural(answer.days, "day", "days");
  const summary = worst
    ? `${answer.summary ?? `Worst reachable ${formatPercent(worst.percent)} on cart ${worst.orderName}`}.`
    : `No cart of the last ${since} reaches ${label} (${plural(answer.cartsScanned, "cart", "carts")} checked, ${plural(
        answer.stackableCount,
        "other live or scheduled discount",
        "other live or scheduled discounts",
      )} it combines with).`;
  const tone = !worst ? "success" : worst.rulesBroken.length > 0 ? "critical" : "warning";
  return {
    heading: `Stacking risk of ${label}`,
    summary,
    tone,
    worst: worst && {
      depth: `${plural(worst.depth, "discount", "discounts")} stack on cart ${worst.orderName}: ${formatCents(
        worst.discountCents,
        worst.currency,
      )} off ${formatCents(worst.subtotalCents, worst.currency)} (${formatPercent(worst.percent)}).`,
      margin:
        worst.marginPercent === null
          ? "Margin left: unknown, no line of that cart has a unit cost in Shopify."
          : `Margin left on that cart after the stack: ${formatPercent(worst.marginPercent)}.`,
      codes: `Codes: ${list(worst.codes)}`,
      automatic: `Automatic discounts: ${list(worst.automatic)}`,
      rulesBroken: worst.rulesBroken.map((broken) => `Breaks your rule “${broken.rule}”: ${broken.message}`),
      rulesNote:
        worst.rulesBroken.length > 0
          ? `It would break ${worst.rulesBroken.length === 1 ? "one of your rules" : `${formatCount(worst.rulesBroken.length)} of your rules`}:`
          : "It breaks none of your rules.",
    },
    hygieneHeading:
      answer.hygiene.length > 0
        ? `${plural(answer.hygiene.length, "setting", "settings")} to review`
        : "No risky setting found on this discount.",
    hygiene: answer.hygiene.map((finding) => ({
      severity: finding.severity,
      severityLabel: SEVERITY_LABELS[finding.severity],
      tone: TONES[finding.severity],
      finding: `${finding.finding}.`,
      fix: finding.fix,
      href: adminHref(finding.adminUrl),
      linkText: `Open ${finding.title} in Shopify`,
    })),
    preflightHref: appHref(answer.preflightPath),
    preflightText: "Open the full preflight in Margin Guardrail",
    rolloutsNote: answer.rolloutsNote,
  };
}
