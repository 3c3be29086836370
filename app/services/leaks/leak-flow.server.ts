/**
 * A leak flag's Shopify Flow trigger, "Discount code probably leaked" (extensions/discount-code-leaked,
 * docs/product.md#leaked-codes). Queued on the outbox's
 * flow_trigger channel in the transaction that raises the flag, only in shops whose Flow lifecycle
 * callback said an enabled workflow uses the trigger; the alert worker makes the call once (the
 * row's action key is the flag's), as it does the order actions.
 */
import type { Prisma } from "@prisma/client";
import { insertActionRows, type NewActionRow } from "../../db/outbox-queue.sql.server";
import type { AlertEvent } from "../../domain/alerts/alert-event";
import { leakFlowCall, type LeakSignal } from "../../domain/leaks/code-leaks";
import { ACTION_CHANNELS, type ActionEvent } from "../../domain/actions/order-actions";

type Tx = Prisma.TransactionClient;

/** A flag just raised: its audit event, the code's counts and what Shopify says of its discount. */
export interface RaisedFlag {
  auditEventId: string;
  event: Omit<AlertEvent, "id">;
  usage: {
    code: string;
    codeKey: string;
    uses: number;
    customers: number;
    firstSeenAt: Date;
    audienceSize: number | null;
  };
  signals: LeakSignal[];
  flaggedAt: Date;
  discount: { discountId: string; usageLimit: number | null } | null;
}

/** The outbox row's key: one trigger per shop, code and flag. */
export function leakFlowActionKey(shopId: string, codeKey: string, flaggedAt: Date): string {
  return `${shopId}|code_leak|${codeKey}|${flaggedAt.getTime()}|${ACTION_CHANNELS.flow}`;
}

/** The outbox rows of the flags' triggers (pure: the caller says whether the shop's Flow uses it). */
export function leakFlowRows(shopId: string, flags: RaisedFlag[]): NewActionRow[] {
  return flags.map((flag) => {
    const payload: ActionEvent = {
      ...flag.event,
      id: flag.auditEventId,
      ruleId: "",
      ruleType: "code_leak",
      flow: leakFlowCall({
        ...flag.usage,
        signals: flag.signals,
        usageLimit: flag.discount?.usageLimit ?? null,
        discountId: flag.discount?.discountId ?? null,
        flaggedAt: flag.flaggedAt,
      }),
    };
    return {
      auditEventId: flag.auditEventId,
      channel: ACTION_CHANNELS.flow,
      actionKey: leakFlowActionKey(shopId, flag.usage.codeKey, flag.flaggedAt),
      payload,
    };
  });
}

/**
 * Queues the flags' Flow triggers in the caller's transaction when the shop's Flow uses the
 * trigger; returns how many were queued (due now: the worker is woken for them).
 */
export async function queueLeakFlowTriggers(tx: Tx, shopId: string, flags: RaisedFlag[], now: Date): Promise<number> {
  if (flags.length === 0) return 0;
  const shop = await tx.shop.findUnique({ where: { id: shopId }, select: { flowLeakTriggerEnabled: true } });
  if (!shop?.flowLeakTriggerEnabled) return 0;
  const rows = leakFlowRows(shopId, flags);
  await insertActionRows(tx, shopId, rows, now);
  return rows.length;
}

/** Shopify's usage limit and discount of each code, as the discount sync (docs/product.md#code-rules) keeps them. */
export async function discountsOfCodes(
  db: Pick<Tx, "discountCodeValue">,
  shopId: string,
  codeKeys: string[],
): Promise<Map<string, { discountId: string; usageLimit: number | null }>> {
  if (codeKeys.length === 0) return new Map();
  const rows = await db.discountCodeValue.findMany({
    where: { shopId, codeKey: { in: codeKeys } },
    select: { codeKey: true, discountId: true, usageLimit: true },
  });
  return new Map(rows.map((row) => [row.codeKey, { discountId: row.discountId, usageLimit: row.usageLimit }]));
}
