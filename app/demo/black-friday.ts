/**
 * The demo store's Black Friday week (docs/product.md#demo-store): from Black Friday (the day
 * after the fourth Thursday of November) to the end of the Tuesday after Cyber Monday, in the
 * shop's zone, of the year the demo is seeded in that zone: 27 Nov to 1 Dec in 2026, whether the
 * seed runs before the week (the rule is scheduled), during it (in force) or after it (ended).
 * Pure: give it "now".
 */
import { offsetMs, zonedToUtc } from "../domain/rules/rule-schedule";

const DAY_MS = 86_400_000;

export function blackFridayWeek(now: Date, timeZone: string): { startsAt: Date; endsAt: Date } {
  const year = new Date(now.getTime() + offsetMs(now.getTime(), timeZone)).getUTCFullYear();
  const firstOfNovember = Date.UTC(year, 10, 1);
  const firstThursday = 1 + ((4 - new Date(firstOfNovember).getUTCDay() + 7) % 7);
  const blackFriday = Date.UTC(year, 10, firstThursday + 21 + 1);
  return {
    startsAt: zonedToUtc(blackFriday, timeZone),
    // the Tuesday after Cyber Monday ends at the next midnight
    endsAt: zonedToUtc(blackFriday + 5 * DAY_MS, timeZone),
  };
}
