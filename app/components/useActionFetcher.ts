import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { PageActionResult } from "../forms/page-action";
import { useToast } from "./Toasts";

/**
 * A keyed fetcher for one of a page's intents: shows the answer's toast when it settles and
 * calls `onSuccess` once per successful answer. Keep it in a component that is not remounted
 * by the answer (a reloaded form is), or the toast shows twice.
 */
export function useActionFetcher<Result extends PageActionResult = PageActionResult>(
  key: string,
  onSuccess?: (result: Result) => void,
) {
  const fetcher = useFetcher<Result>({ key });
  const toast = useToast();
  const handled = useRef<Result | undefined>(undefined);
  useEffect(() => {
    const result = fetcher.data as Result | undefined;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.toast) toast(result.toast);
    if (result.ok) onSuccess?.(result);
  }, [fetcher.state, fetcher.data, toast, onSuccess]);
  return fetcher;
}
