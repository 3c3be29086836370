import { useActionFetcher } from "../../components/useActionFetcher";
import type { PageActionResult } from "../../forms/page-action";

/**
 * A fetcher for one of the Rules page's intents: shows the product's toast when it settles and
 * calls `onSuccess` once per successful answer.
 */
export function useRulesFetcher(key: string, onSuccess?: (result: PageActionResult) => void) {
  return useActionFetcher<PageActionResult>(key, onSuccess);
}
