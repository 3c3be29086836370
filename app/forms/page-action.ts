import type { SubmissionResult } from "@conform-to/react";

/** The product's toast for what a page's action did. */
export interface PageToast {
  title: string;
  description?: string;
  error?: boolean;
}

/**
 * What every admin page's action answers (app/http/page-action.server.ts), read by the page's
 * fetchers (app/components/useActionFetcher.ts).
 */
export interface PageActionResult<Value = unknown> {
  /** the posted intent, "unknown" when there was none the page knows */
  intent: string;
  ok: boolean;
  status: number;
  /** the product's toast; absent when the page says it another way (a wizard's next step) */
  toast?: PageToast;
  /** conform's reply: the form's field errors, or its reset after a create */
  result?: SubmissionResult<string[]>;
  /** what the page shows from the answer (a signing secret made once, a test's outcome) */
  value?: Value;
}
