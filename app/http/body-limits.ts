/**
 * Request body limits, enforced by the server before a byte of an oversized body is read
 * (server.js answers 413). Shopify's order webhooks are well below 1 MB even for large
 * orders; 5 MB leaves room for orders with hundreds of lines. Forms and JSON bodies of the
 * admin and the public site are a few kilobytes. See docs/security.md#what-is-verified.
 */
export const WEBHOOK_BODY_LIMIT_BYTES = 5 * 1024 * 1024;
export const DEFAULT_BODY_LIMIT_BYTES = 1 * 1024 * 1024;

export function bodyLimitFor(pathname: string): number {
  return pathname.startsWith("/webhooks/") ? WEBHOOK_BODY_LIMIT_BYTES : DEFAULT_BODY_LIMIT_BYTES;
}

/** Methods the app answers; anything else (TRACE, CONNECT, ...) gets 405 from the server. */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

export function isAllowedMethod(method: string): boolean {
  return (ALLOWED_METHODS as readonly string[]).includes(method.toUpperCase());
}
