/**
 * Seeds the demo store (decisions.md #13): rules, settings and a few hundred audit events
 * over the last 90 days, so every screen has something true to show.
 *
 *   npm run seed            seeds once; an existing demo store is left as it is
 *   npm run seed -- --reset deletes the demo store and seeds it again
 */
import prisma from "../app/db.server";
import { getEnv } from "../app/env.server";
import { buildDemoStore } from "../app/demo/demo-store";
import { recordAuditEvents } from "../app/services/audit.server";
import { ensureShop } from "../app/services/shops.server";

async function main() {
  const env = getEnv();
  const reset = process.argv.includes("--reset");
  const existing = await prisma.shop.findUnique({ where: { domain: env.demoShopDomain } });
  if (existing && !reset) {
    console.log(`Demo store ${env.demoShopDomain} already seeded; use --reset to seed it again.`);
    return;
  }
  if (existing) await prisma.shop.delete({ where: { id: existing.id } });

  const demo = buildDemoStore(new Date());
  const shop = await ensureShop(env.demoShopDomain, {
    name: "Margin Guardrail Demo",
    isDemo: true,
    currency: "USD",
    timezone: demo.timezone,
  });
  await prisma.shop.update({
    where: { id: shop.id },
    data: { plan: demo.plan, onboardingStep: 3, onboardingCompletedAt: demo.rules[0].createdAt },
  });
  for (const rule of demo.rules) await prisma.rule.create({ data: { ...rule, shopId: shop.id } });
  for (const rule of demo.collectionRules) {
    await prisma.collectionRule.create({ data: { ...rule, shopId: shop.id } });
  }
  await prisma.alertSettings.update({ where: { shopId: shop.id }, data: demo.alertSettings });
  await prisma.stackingSettings.update({ where: { shopId: shop.id }, data: demo.stackingSettings });
  await recordAuditEvents(shop.id, demo.events);
  console.log(
    `Seeded demo store ${env.demoShopDomain}: ${demo.rules.length} rules, ` +
      `${demo.collectionRules.length} collection rule, ${demo.events.length} audit events.`,
  );
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => prisma.$disconnect());
