import prisma from "../../db.server";
import { DEFAULT_THRESHOLD_PERCENT, testCheckout, type CheckoutConfig } from "../../domain/checkout/checkout-blocking";
import { cachedForShop, forgetShopRules } from "../rules/cache.server";
import { getBlockingSettings } from "../rules/settings.server";

/**
 * The checkout Function's configuration (docs/product.md#integration-center): the threshold
 * kept here, the customer message and staff override from the Rules page's blocking
 * settings, one stacked discount at most when the stacking settings are on. The same
 * configuration is what the validation's metafield holds once deployed.
 */

export interface FunctionConfigView {
  thresholdPercent: number;
  deployed: boolean;
  /** Shopify's switch of the deployed validation, as last seen */
  enabled: boolean;
  validationId: string | null;
  deployedAt: string | null;
  metafieldSyncedAt: string | null;
  /** the deployed validation's metafield holds the configuration as last saved */
  inStep: boolean;
}

/** The shop's function row, made with the defaults on first use. */
export async function functionConfigRow(shopId: string) {
  return prisma.functionConfig.upsert({
    where: { shopId },
    create: { shopId, thresholdPercent: DEFAULT_THRESHOLD_PERCENT },
    update: {},
  });
}

export type FunctionConfigRow = Awaited<ReturnType<typeof functionConfigRow>>;

/** The validation is deployed and switched on: checkouts are being blocked. */
export function isBlockingLive(row: Pick<FunctionConfigRow, "validationId" | "validationEnabled">): boolean {
  return row.validationId !== null && row.validationEnabled;
}

function view(row: FunctionConfigRow): FunctionConfigView {
  return {
    thresholdPercent: row.thresholdPercent,
    deployed: row.validationId !== null,
    enabled: isBlockingLive(row),
    validationId: row.validationId,
    deployedAt: row.deployedAt?.toISOString() ?? null,
    metafieldSyncedAt: row.metafieldSyncedAt?.toISOString() ?? null,
    inStep: row.validationId !== null && row.metafieldSyncedAt !== null && row.metafieldSyncedAt >= row.updatedAt,
  };
}

export async function getFunctionConfig(shopId: string): Promise<FunctionConfigView> {
  return view(await functionConfigRow(shopId));
}

export async function saveFunctionThreshold(shopId: string, thresholdPercent: number): Promise<FunctionConfigView> {
  const row = await prisma.functionConfig.upsert({
    where: { shopId },
    create: { shopId, thresholdPercent },
    update: { thresholdPercent },
  });
  forgetShopRules(shopId);
  return view(row);
}

/** The configuration the Function decides with, for the shop's function row, as the metafield stores it. */
export async function checkoutConfigFor(
  row: Pick<FunctionConfigRow, "shopId" | "thresholdPercent">,
): Promise<CheckoutConfig> {
  const [blocking, stacking] = await Promise.all([
    getBlockingSettings(row.shopId),
    prisma.stackingSettings.findUnique({ where: { shopId: row.shopId }, select: { enabled: true } }),
  ]);
  return {
    thresholdPercent: row.thresholdPercent,
    maxDiscountCents: null,
    maxStackedDiscounts: stacking?.enabled ? 1 : null,
    staffOverride: blocking.staffOverride,
    instantBlocking: blocking.instantBlocking,
    message: blocking.customerMessage,
  };
}

export interface CheckoutSetup {
  config: CheckoutConfig;
  /** the validation is deployed and switched on (isBlockingLive) */
  live: boolean;
  /** the validation was deployed (switched on or not): the shop set checkout blocking up */
  deployed: boolean;
}

/**
 * What checkout webhooks and staff overrides are decided with: the configuration and whether
 * it is live, cached with the shop's rules (forgotten by every change to either), and read
 * without writing a row for a shop that never opened the Integration Center.
 */
export function shopCheckoutSetup(shopId: string): Promise<CheckoutSetup> {
  return cachedForShop(
    shopId,
    async () => {
      const row = await prisma.functionConfig.findUnique({ where: { shopId } });
      return {
        config: await checkoutConfigFor(row ?? { shopId, thresholdPercent: DEFAULT_THRESHOLD_PERCENT }),
        live: row !== null && isBlockingLive(row),
        deployed: row?.validationId != null,
      };
    },
    "checkout",
  );
}

/** The Integration Center's test: the same decision as the Function, with the shop's message. */
export async function testFunction(
  shopId: string,
  input: { subtotal: number; discount: number; thresholdPercent: number },
) {
  const blocking = await getBlockingSettings(shopId);
  return testCheckout(input, blocking.customerMessage);
}
