import dns from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import ipaddr from "ipaddr.js";
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from "request-filtering-agent";
import { getEnv } from "../env.server";

/**
 * The one HTTP client for addresses merchants enter (Slack and webhook URLs). With the guard
 * on (production), an address that is private, loopback, link-local (cloud metadata),
 * unique-local, carrier-grade NAT or unspecified is refused: when the URL is saved (by its
 * resolved addresses) and again when the connection is made (request-filtering-agent checks
 * the address it actually connects to, so a DNS answer that changes in between does not get
 * through). Redirects are never followed. docs/security.md#what-is-verified.
 */

export const OUTBOUND_TIMEOUT_MS = 10_000;
/** What a receiver may answer that is kept (for the delivery log). */
const MAX_RESPONSE_BYTES = 2_000;

export class OutboundRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OutboundRefused";
  }
}

const PUBLIC_RANGE = "unicast";

/** True when the address is one a merchant's URL may point at. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return parsed.range() === PUBLIC_RANGE;
}

/**
 * The guard against private addresses: on in production (unless ALERTS_ALLOW_PRIVATE_URLS
 * lets alerts reach the app's own network), or as a caller says.
 */
export function guardOn(guard: boolean | undefined): boolean {
  if (guard !== undefined) return guard;
  const env = getEnv();
  return env.isProduction && !env.alertsAllowPrivateUrls;
}

/**
 * Checks a URL a merchant enters: http(s), and with the guard on, every address its host
 * resolves to is public. Returns the message to show, or null when it may be saved.
 */
export async function outboundUrlProblem(url: string, options: { guard?: boolean } = {}): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `"${url}" is not a URL`;
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return `"${url}" must start with https://`;
  return hostProblem(parsed.hostname, options);
}

/**
 * Why a merchant's host (a URL's, or an SMTP server's) may not be reached, or null: with the
 * guard on, every address it resolves to must be public.
 */
export async function hostProblem(hostname: string, options: { guard?: boolean } = {}): Promise<string | null> {
  if (!guardOn(options.guard)) return null;
  return (await publicAddresses(hostname)).problem;
}

/** The host's addresses when all are public; else why not. */
export async function publicAddresses(
  hostname: string,
): Promise<{ addresses: string[]; problem: null } | { addresses: null; problem: string }> {
  const host = hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  try {
    addresses = ipaddr.isValid(host) ? [host] : (await dns.lookup(host, { all: true })).map((entry) => entry.address);
  } catch {
    return { addresses: null, problem: `${hostname} could not be found` };
  }
  return addresses.every(isPublicAddress)
    ? { addresses, problem: null }
    : {
        addresses: null,
        problem: `${hostname} points at a private or local address; alerts go only to public addresses`,
      };
}

export interface OutboundResponse {
  status: number;
  body: string;
  /** the answer's headers (a 3xx's Location is not followed; a 429's Retry-After is read by the caller) */
  headers: http.IncomingHttpHeaders;
}

/** POSTs a body to a merchant's URL through the guard; no redirects, a 10 s timeout. */
/** Kept-alive connections, checked when each is made: a busy receiver is not dialled per alert. */
const FILTER = { allowPrivateIPAddress: false, allowMetaIPAddress: false, keepAlive: true, maxSockets: 50 };
const guardedAgents = {
  http: new RequestFilteringHttpAgent(FILTER),
  https: new RequestFilteringHttpsAgent(FILTER),
};

/**
 * Hosts found public when an alert was sent, and until when that answer stands: a busy shop's
 * alerts do not each ask DNS again. The agent still checks the address of every connection it
 * makes; a refusal is never remembered, and saving a URL always asks afresh.
 */
const publicHosts = new Map<string, number>();
const PUBLIC_HOST_TTL_MS = 30_000;
const PUBLIC_HOSTS_KEPT = 1_000;

export async function sendTimeProblem(url: string, guard: boolean): Promise<string | null> {
  const host = guard && URL.canParse(url) ? new URL(url).hostname : undefined;
  if (host && (publicHosts.get(host) ?? 0) > Date.now()) return null;
  const problem = await outboundUrlProblem(url, { guard });
  if (host && problem === null) {
    if (publicHosts.size >= PUBLIC_HOSTS_KEPT) publicHosts.clear();
    publicHosts.set(host, Date.now() + PUBLIC_HOST_TTL_MS);
  }
  return problem;
}

export async function postOutbound(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { guard?: boolean; timeoutMs?: number } = {},
): Promise<OutboundResponse> {
  const guard = guardOn(options.guard);
  const problem = await sendTimeProblem(url, guard);
  if (problem) throw new OutboundRefused(problem);
  const target = new URL(url);
  const secure = target.protocol === "https:";
  const agent = guard
    ? secure
      ? guardedAgents.https
      : guardedAgents.http
    : secure
      ? https.globalAgent
      : http.globalAgent;
  return new Promise((resolve, reject) => {
    const request = (secure ? https : http).request(
      target,
      {
        method: "POST",
        agent,
        headers: { "Content-Length": Buffer.byteLength(body), ...headers },
        timeout: options.timeoutMs ?? OUTBOUND_TIMEOUT_MS,
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          if (text.length < MAX_RESPONSE_BYTES) text += chunk;
        });
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            body: text.slice(0, MAX_RESPONSE_BYTES),
            headers: response.headers,
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("timeout", () =>
      request.destroy(new Error(`No answer from ${target.host} within ${options.timeoutMs ?? OUTBOUND_TIMEOUT_MS} ms`)),
    );
    request.on("error", (error) =>
      reject(
        /not allowed|private|meta/i.test(error.message)
          ? new OutboundRefused(`${target.hostname}: ${error.message}`)
          : error,
      ),
    );
    request.end(body);
  });
}

/** postOutbound as the fetch @slack/webhook takes. */
export function guardedFetch(options: { guard?: boolean } = {}) {
  return async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const result = await postOutbound(url, typeof init?.body === "string" ? init.body : "", headers, options);
    return new Response(result.body, { status: result.status });
  };
}
