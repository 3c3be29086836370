import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useToast, type ToastMessage } from "./Toasts";

/** What an admin page's action answers: whether it worked, and the product's toast. */
export interface ToastingResult {
  ok: boolean;
  toast: ToastMessage;
}

/**
 * A keyed fetcher for one of a page's intents: shows the answer's toast when it settles and
 * calls `onSuccess` once per successful answer. Keep it in a component that is not remounted
 * by the answer (a reloaded form is), or the toast shows twice.
 */
export function useActionFetcher<Result extends ToastingResult>(key: string, onSuccess?: (result: Result) => void) {
  const fetcher = useFetcher<Result>({ key });
  const toast = useToast();
  const handled = useRef<Result | undefined>(undefined);
  useEffect(() => {
    const result = fetcher.data as Result | undefined;
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    toast(result.toast);
    if (result.ok) onSuccess?.(result);
  }, [fetcher.state, fetcher.data, toast, onSuccess]);
  return fetcher;
}
