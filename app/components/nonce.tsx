import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of the document being rendered (app/entry.server.tsx makes
 * one per response); undefined in the browser, where it is no longer needed once scripts ran.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}

/**
 * Shopify's library answers some admin requests with an HTML page of its own (App Bridge's
 * script, a redirect out of the admin's frame) that an error boundary renders: its inline
 * scripts get this document's nonce so the policy lets them run. The HTML is the library's,
 * never a merchant's or a buyer's.
 */
export function withNonce(html: string, nonce: string | undefined): string {
  return nonce ? html.replace(/<script(?=[\s>])/g, `<script nonce="${nonce}"`) : html;
}
