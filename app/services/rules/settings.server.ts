// The shop's stacking and checkout blocking settings, as the Rules page's settings save them.
import prisma from "../../db.server";
import type { BlockingInput, StackingInput } from "../../forms/rules";
import { forgetShopRules } from "./cache.server";

export async function getStackingSettings(shopId: string): Promise<StackingInput> {
  const row = await prisma.stackingSettings.findUnique({ where: { shopId } });
  return {
    enabled: row?.enabled ?? false,
    blockedStacking: Array.isArray(row?.blockedStacking) ? (row.blockedStacking as string[][]) : [],
  };
}

export async function saveStackingSettings(shopId: string, input: StackingInput): Promise<StackingInput> {
  await prisma.stackingSettings.upsert({
    where: { shopId },
    create: { shopId, enabled: input.enabled, blockedStacking: input.blockedStacking },
    update: { enabled: input.enabled, blockedStacking: input.blockedStacking },
  });
  forgetShopRules(shopId);
  return input;
}

export async function getBlockingSettings(shopId: string): Promise<BlockingInput> {
  const row = await prisma.blockingSettings.upsert({ where: { shopId }, create: { shopId }, update: {} });
  return {
    instantBlocking: row.instantBlocking,
    staffOverride: row.staffOverride,
    customerMessage: row.customerMessage,
  };
}

export async function saveBlockingSettings(shopId: string, input: BlockingInput): Promise<BlockingInput> {
  await prisma.blockingSettings.upsert({ where: { shopId }, create: { shopId, ...input }, update: input });
  forgetShopRules(shopId);
  return input;
}
