import * as z from "zod";
import { wholeNumber } from "./fields";

/** What the Preflight page's form and POST /api/preflight say about a bad number of days. */
export const PREFLIGHT_DAYS_MESSAGE = "days must be a whole number from 1 to 365";

/** The Preflight page's form: how many days of recent carts to run on (docs/product.md#promotion-preflight). */
export const preflightFormSchema = z.object({
  days: wholeNumber({ min: 1, max: 365, message: PREFLIGHT_DAYS_MESSAGE }),
});
