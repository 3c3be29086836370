/**
 * The client's network address, as server.js puts it into Remix's load context: the
 * socket's address, or with TRUST_PROXY set, the address that many proxy hops report in
 * X-Forwarded-For (Express's "trust proxy"). Request headers alone are never trusted: any
 * client can write them.
 */
export function clientAddress(context: unknown): string {
  const address = (context as { clientAddress?: unknown } | null | undefined)?.clientAddress;
  return typeof address === "string" && address !== "" ? address : "unknown-client";
}
