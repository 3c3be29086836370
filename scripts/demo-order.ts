/**
 * npm run demo:order -- [payload.json]
 *
 * Signs an orders/create payload with SHOPIFY_API_SECRET, posts it to the running app (the
 * demo store by default: npm run demo) and prints the audit events the engine produced.
 * Without a file it sends a sample order that stacks a staff code, an automatic sale and
 * free shipping, with a new order number each time.
 */
import fs from "node:fs";
import { orderPayload } from "../app/demo/order-payload-builder";
import { base, postWebhook } from "./demo-webhook";

function samplePayload() {
  const number = 20_000 + Math.floor(Math.random() * 70_000);
  return orderPayload({
    id: Date.now(),
    number,
    createdAt: new Date().toISOString(),
    codes: [
      { code: "STAFF40", amount: "75.20", type: "percentage" },
      { code: "FREESHIP", amount: "8.00", type: "percentage" },
    ],
    applications: [
      { type: "discount_code", target: "line_item", valueType: "percentage", value: "40.0", code: "STAFF40" },
      { type: "automatic", target: "line_item", valueType: "percentage", value: "15.0", title: "Summer Sale 15% off" },
      { type: "discount_code", target: "shipping_line", valueType: "percentage", value: "100.0", code: "FREESHIP" },
    ],
    lines: [
      {
        variant: 9001,
        product: 8001,
        price: { shop: "68.00" },
        allocations: [
          { index: 0, amount: { shop: "27.20" } },
          { index: 1, amount: { shop: "6.12" } },
        ],
      },
      {
        variant: 9006,
        product: 8006,
        price: { shop: "120.00" },
        allocations: [
          { index: 0, amount: { shop: "48.00" } },
          { index: 1, amount: { shop: "10.80" } },
        ],
      },
    ],
    shipping: { price: { shop: "8.00" }, allocations: [{ index: 2, amount: { shop: "8.00" } }] },
  });
}

async function main() {
  const file = process.argv[2];
  const payload = file ? JSON.parse(fs.readFileSync(file, "utf8")) : samplePayload();
  await postWebhook("orders/create", payload, payload.name);

  const search = encodeURIComponent(String(payload.name).toLowerCase());
  for (let attempt = 0; attempt < 20; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const audit = await fetch(`${base}/api/audit?q=${search}&type=rule_triggered`);
    if (audit.status === 401) {
      console.log("The app is not the demo store: open its Audit Log in Shopify to see the events.");
      return;
    }
    const { events } = (await audit.json()) as {
      events: { severity: string; ruleName: string; message: string; orderName: string }[];
    };
    const mine = events.filter((event) => event.orderName === payload.name);
    if (mine.length > 0) {
      console.log(`\n${mine.length} event${mine.length === 1 ? "" : "s"} recorded:`);
      for (const event of mine) console.log(`  [${event.severity}] ${event.ruleName}: ${event.message}`);
      console.log(`\nSee them in the Audit Log: ${base}/audit-log?q=${search}`);
      return;
    }
  }
  console.log(
    "No event was recorded: the order breaks no active rule, or it was already evaluated with these discounts.",
  );
}

main().catch((error) => {
  console.error(`✖ ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
});
