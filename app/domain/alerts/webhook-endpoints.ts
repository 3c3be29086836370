/**
 * What became of a shop's webhook URLs (docs/api.md#what-your-answer-means): a URL that
 * answered 410 Gone is disabled until the merchant enables it again; a URL whose delivery kept
 * failing for three days is "delivery failing" until it accepts one again. Kept by a hash of the
 * URL (the URLs are stored sealed, and a URL's path is often its credential), with its host for
 * the page. Pure.
 */
import crypto from "node:crypto";

export type EndpointStatus = "gone" | "failing";

export type EndpointState = {
  status: EndpointStatus;
  /** the URL's host, for the banner (never the path) */
  host: string;
  /** when it started (ISO): the 410, or the first try of the delivery that gave up */
  since: string;
  /** the last error, as the delivery log says it */
  detail: string;
};

/** By endpointKey(url). */
export type EndpointStates = Record<string, EndpointState>;

/** A URL's key in the states: a SHA-256 of it, shortened (not reversible to the URL's path). */
export function endpointKey(url: string): string {
  return crypto.createHash("sha256").update(url).digest("hex").slice(0, 32);
}

/** The states as stored (a JSON column that may be null or from an older shape). */
export function endpointStatesOf(stored: unknown): EndpointStates {
  if (!stored || typeof stored !== "object" || Array.isArray(stored)) return {};
  const states: EndpointStates = {};
  for (const [key, value] of Object.entries(stored as Record<string, unknown>)) {
    const state = value as Partial<EndpointState> | null;
    if (state && (state.status === "gone" || state.status === "failing") && typeof state.host === "string") {
      states[key] = {
        status: state.status,
        host: state.host,
        since: String(state.since ?? ""),
        detail: String(state.detail ?? ""),
      };
    }
  }
  return states;
}

/** How a receiver's answer counts: delivered; gone (410: disable the URL); or failed, to try again. */
export type ResponseVerdict = { kind: "delivered" } | { kind: "gone" } | { kind: "failed"; message: string };

export function verdictOf(status: number): ResponseVerdict {
  if (status >= 200 && status < 300) return { kind: "delivered" };
  if (status === 410) return { kind: "gone" };
  if (status >= 300 && status < 400)
    return { kind: "failed", message: `answered ${status} (redirects are not followed)` };
  return { kind: "failed", message: `answered ${status}` };
}

/** Whether a status's `Retry-After` is honoured: 429 Too Many Requests and 503 Service Unavailable. */
export function honoursRetryAfter(status: number): boolean {
  return status === 429 || status === 503;
}

/** The states kept for the URLs still listed: a URL removed from the settings takes its state with it. */
export function statesForUrls(states: EndpointStates, urls: string[]): EndpointStates {
  const keys = new Set(urls.map(endpointKey));
  return Object.fromEntries(Object.entries(states).filter(([key]) => keys.has(key)));
}

/** The e-mail that tells the merchant a webhook URL was disabled. */
export function goneNotice(host: string, at: Date, appUrl: string): { subject: string; text: string } {
  return {
    subject: `Margin Guardrail: webhook to ${host} disabled`,
    text: [
      `Your webhook receiver at ${host} answered 410 Gone on ${at.toISOString()}.`,
      "Margin Guardrail has stopped sending alerts to that URL.",
      "",
      "If the receiver is back, enable it again on the Alerts page (or remove the URL):",
      `${appUrl.replace(/\/$/, "")}/alerts`,
      "",
      "Your other alert channels are not affected.",
    ].join("\n"),
  };
}
