import { useActionFetcher } from "../../components/useActionFetcher";
import type { RulesActionResult } from "./actions.server";

/**
 * A fetcher for one of the Rules page's intents: shows the product's toast when it settles and
 * calls `onSuccess` once per successful answer.
 */
export function useRulesFetcher(key: string, onSuccess?: (result: RulesActionResult) => void) {
  return useActionFetcher<RulesActionResult>(key, onSuccess);
}
