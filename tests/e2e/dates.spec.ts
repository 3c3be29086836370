import { formatShopDateTime } from "../../app/domain/dates";
import { DEMO_TIMEZONE } from "../../app/demo/demo-store";
import { expect, test } from "./fixtures";

// One date and time format in the admin, "Nov 24, 2026, 4:11 PM",
// in the shop's time zone (the demo store's is America/Chicago), the same on the server and in
// the browser (the browser runs in another zone here, so a date made in the browser would differ).
test.use({ timezoneId: "Asia/Tokyo", locale: "de-DE" });

/** "24 Nov 2026" or "24/11/2026": a day-first date, the format the admin no longer writes. */
const DAY_FIRST = /\b\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}\b|\b\d{1,2}\/\d{1,2}\/\d{4}\b/;

for (const path of ["/dashboard", "/audit-log"]) {
  test(`${path} writes its times in the shop's zone and the one format`, async ({ page }) => {
    const mismatches: string[] = [];
    page.on("console", (message) => {
      if (/hydrat|did not match/i.test(message.text())) mismatches.push(message.text());
    });
    await page.goto(path);
    const times = page.getByRole("main").locator("time[datetime]");
    await expect(times.first()).toBeVisible();
    const shown = await times.evaluateAll((nodes) =>
      nodes.map((node) => ({ at: node.getAttribute("datetime")!, text: node.textContent!.trim() })),
    );
    expect(shown.length).toBeGreaterThan(0);
    for (const { at, text } of shown) {
      expect(text).toBe(formatShopDateTime(at, { timeZone: DEMO_TIMEZONE }));
      expect(text).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/);
    }
    expect(await page.getByRole("main").innerText()).not.toMatch(DAY_FIRST);
    expect(mismatches).toEqual([]);
  });
}
