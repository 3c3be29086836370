/**
 * npm run demo:checkout -- [percent]
 *
 * Posts a signed checkouts/create of a $120 cart with one code taking `percent`% off (50 by
 * default), to the running app (the demo store by default: npm run demo) and prints what the
 * checkout rule decided: blocked (the validation is deployed: the Audit Log, Dashboard and ROI
 * dashboard count it), shadow (not deployed: counted in shadow mode) or allowed.
 */
import { checkoutPayload } from "../app/demo/checkout-payload-builder";
import { centsToDecimal, percentOfCents } from "../app/domain/money";
import { base, postWebhook } from "./demo-webhook";

const OUTCOMES: Record<string, string> = {
  blocked:
    "Blocked: the deployed checkout rule stopped it. See it in the Audit Log, the Dashboard and the ROI dashboard.",
  shadow: "Not deployed: shadow mode counted it as a checkout the rule would have blocked (Integration page).",
  allowed: "Allowed: the checkout is within the checkout rule's limits.",
  "unknown-shop": "The app does not know this shop: is the demo store running (npm run demo)?",
};

async function main() {
  const percent = Number(process.argv[2] ?? 50);
  if (!Number.isFinite(percent) || percent <= 0 || percent >= 100) {
    throw new Error("The percent off must be a number between 0 and 100.");
  }
  const totalCents = 12_000;
  const offCents = percentOfCents(totalCents, percent);
  const token = `demo-${Date.now().toString(36)}`;
  const payload = checkoutPayload({
    token,
    lines: [{ title: "Walnut desk tidy", price: centsToDecimal(totalCents) }],
    codes: [{ code: `VIP${Math.round(percent)}`, amount: centsToDecimal(offCents) }],
  });
  const response = await postWebhook("checkouts/create", payload, `checkout ${token} (${percent}% off)`);
  const outcome = response.headers.get("X-Checkout-Outcome") ?? "";
  console.log(OUTCOMES[outcome] ?? `The app answered ${outcome || "without an outcome"}.`);
  if (outcome === "blocked") console.log(`${base}/audit-log?type=checkout_blocked`);
}

main().catch((error) => {
  console.error(`✖ ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
});
