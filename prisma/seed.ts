/**
 * Seeds the demo store (docs/product.md#modes): rules, settings, and a few hundred sample orders
 * over the last 90 days run through the monitoring engine.
 *
 *   npm run seed            seeds once; an existing demo store is left as it is
 *   npm run seed -- --reset deletes the demo store and seeds it again
 */
import prisma from "../app/db.server";
import { seedDemoStore } from "../app/demo/seed.server";
import { getEnv } from "../app/env.server";

async function main() {
  const env = getEnv();
  const reset = process.argv.includes("--reset");
  const existing = await prisma.shop.findUnique({ where: { domain: env.demoShopDomain } });
  if (existing && !reset) {
    console.log(`Demo store ${env.demoShopDomain} already seeded; use --reset to seed it again.`);
    return;
  }
  if (existing) await prisma.shop.delete({ where: { id: existing.id } });
  const started = Date.now();
  const seeded = await seedDemoStore(env.demoShopDomain);
  console.log(
    `Seeded demo store ${env.demoShopDomain}: ${seeded.rules} rules, ${seeded.collectionRules} collection rule, ` +
      `${seeded.orders} sample orders through the engine, ${seeded.events} breaches recorded, ` +
      `${seeded.holds.held} orders held (${seeded.holds.cancelled} cancelled, ${seeded.holds.edited} edited down, ` +
      `${seeded.holds.released} released) (${Date.now() - started} ms).`,
  );
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => prisma.$disconnect());
