/** Days covered by the Dashboard's ROI Summary card. */
export const ROI_WINDOW_DAYS = 30;

/** Days of alerts counted on the header's notification bell. */
export const BELL_WINDOW_DAYS = 7;
