/**
 * Every alert's identity on every channel (docs/operations.md#repeated-alerts). Delivery is
 * at least once: a process that dies between sending and recording sends again. What is sent
 * again carries the same id, the outbox row's, so a receiver can drop the repeat: the
 * webhook's `Idempotency-Key` and body `id`, the e-mail's `Message-ID` and
 * `X-Margin-Guardrail-Alert-Id`, Resend's idempotency key, the Slack message's footer and
 * metadata. Pure.
 */

/** One breach's alert, or a digest of several (both are outbox rows; the id is the row's). */
export type AlertKind = "alert" | "digest";

/** The e-mail header that carries the id as it is, whatever the transport does to `Message-ID`. */
export const ALERT_ID_HEADER = "X-Margin-Guardrail-Alert-Id";

/** Slack's message metadata type for an alert (an app in the workspace can read the id there). */
export const SLACK_METADATA_TYPE = "margin_guardrail_alert";

const FALLBACK_DOMAIN = "margin-guardrail.invalid";
const DOMAIN = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/**
 * The domain after the `@` of the sender's address (`Name <no-reply@example.com>` or a bare
 * address); else the app's host; else a reserved name that never resolves.
 */
export function messageIdDomain(from: string, appUrl: string): string {
  const address = from.match(/<([^<>]*)>\s*$/)?.[1] ?? from;
  const domain = address.slice(address.lastIndexOf("@") + 1).trim();
  if (address.includes("@") && DOMAIN.test(domain)) return domain.toLowerCase();
  try {
    const host = new URL(appUrl).hostname;
    if (DOMAIN.test(host)) return host.toLowerCase();
  } catch {
    // not a URL: the fallback below
  }
  return FALLBACK_DOMAIN;
}

/**
 * An id as the left part of a Message-ID (RFC 5322 dot-atom text): letters, digits, `-` and
 * `_` as they are (cuid and UUID ids are only these); any other character as `=` and its hex
 * code, so two different ids never give the same Message-ID.
 */
function idAtom(id: string): string {
  if (id.length === 0) throw new Error("An alert's Message-ID needs its id");
  return Array.from(id, (char) =>
    /[A-Za-z0-9_-]/.test(char)
      ? char
      : Array.from(
          new TextEncoder().encode(char),
          (byte) => `=${byte.toString(16).toUpperCase().padStart(2, "0")}`,
        ).join(""),
  ).join("");
}

/** `<alert-{id}@{domain}>` (or `<digest-…>`): the same on every attempt, on every transport. */
export function alertMessageId(kind: AlertKind, id: string, domain: string): string {
  return `<${kind}-${idAtom(id)}@${domain}>`;
}

/** What a receiver reads back from a Message-ID this app made, or null for any other. */
export function alertOfMessageId(messageId: string): { kind: AlertKind; id: string } | null {
  const match = messageId.trim().match(/^<(alert|digest)-([A-Za-z0-9_=-]+)@[^<>@\s]+>$/);
  if (!match) return null;
  const bytes: number[] = [];
  const atom = match[2];
  for (let index = 0; index < atom.length;) {
    if (atom[index] === "=") {
      bytes.push(parseInt(atom.slice(index + 1, index + 3), 16));
      index += 3;
    } else {
      bytes.push(atom.charCodeAt(index));
      index += 1;
    }
  }
  return { kind: match[1] as AlertKind, id: new TextDecoder().decode(new Uint8Array(bytes)) };
}

/** The line a Slack message ends with: "Alert {id}" or "Digest {id}". */
export function slackIdLine(kind: AlertKind, id: string): string {
  return `${kind === "digest" ? "Digest" : "Alert"} ${id}`;
}
