import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { RulesActionResult } from "./actions.server";
import { useToast } from "../../components/Toasts";

/**
 * A fetcher for one of the Rules page's intents: shows the product's toast when it settles and
 * calls `onSuccess` once per successful answer.
 */
export function useRulesFetcher(key: string, onSuccess?: (result: RulesActionResult) => void) {
  const fetcher = useFetcher<RulesActionResult>({ key });
  const toast = useToast();
  const handled = useRef<RulesActionResult | undefined>(undefined);
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    toast(result.toast);
    if (result.ok) onSuccess?.(result);
  }, [fetcher.state, fetcher.data, toast, onSuccess]);
  return fetcher;
}
