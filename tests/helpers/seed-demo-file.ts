// Seeds the demo store into DATABASE_URL at the instant given as the first argument, and prints
// what it seeded as one line of JSON (tests/helpers/seeded-demo.ts runs it once per Vitest run).
import prisma from "../../app/db.server";
import { seedDemoStore } from "../../app/demo/seed.server";
import { DEMO_SHOP_DOMAIN } from "../../app/env.server";

const seeded = await seedDemoStore(DEMO_SHOP_DOMAIN, new Date(process.argv[2]));
await prisma.$disconnect();
console.log(
  JSON.stringify({
    shop: { id: seeded.shop.id, domain: seeded.shop.domain },
    orders: seeded.orders,
    events: seeded.events,
    holds: seeded.holds,
  }),
);
