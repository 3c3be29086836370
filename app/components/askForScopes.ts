/**
 * Asks the merchant for optional access scopes with App Bridge's Scopes API (`shopify.scopes.request`),
 * which opens Shopify's permission dialog (docs/product.md#order-actions). Outside Shopify's
 * admin (the demo store, a page opened directly) there is no App Bridge to ask with.
 */
import { messageOf } from "../domain/result";
export type ScopesAnswer =
  | { granted: true }
  | { granted: false; why: "not embedded" }
  | { granted: false; why: "declined" }
  | { granted: false; why: "failed"; error: string };

interface ScopesApi {
  request(scopes: string[]): Promise<{ result: "granted-all" | "declined-all" }>;
}

export async function askForScopes(scopes: string[]): Promise<ScopesAnswer> {
  const api = (globalThis as { shopify?: { scopes?: ScopesApi } }).shopify?.scopes;
  if (!api) return { granted: false, why: "not embedded" };
  try {
    const answer = await api.request(scopes);
    return answer.result === "granted-all" ? { granted: true } : { granted: false, why: "declined" };
  } catch (error) {
    return { granted: false, why: "failed", error: messageOf(error) };
  }
}
