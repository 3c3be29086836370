// What every rule and collection rule save shares: its owner, schedule, on/off switch and order actions.
import type { Prisma } from "@prisma/client";
import prisma from "../../db.server";
import type { PlanId } from "../../domain/billing/plans";
import {
  ORDER_ACTIONS_LOCKED,
  orderActionsOf,
  planHasOrderActions,
  type OrderActions,
} from "../../domain/actions/order-actions";
import { fail, ok, type Result } from "../../domain/result";
import { parseScheduleInstant, statusColumns, type RuleStatus } from "../../domain/rules/rule-schedule";
import { END_AFTER_START } from "../../forms/rules";
import { planLimitMessage, roomForOneMore } from "./plan-limit.server";

/** The shop a rules operation runs for: every query below is scoped by its id. */
export interface RuleOwner {
  id: string;
  plan: PlanId;
  currency?: string;
  /** the shop's IANA zone, for schedules written without an offset; read from the shop when left out */
  timeZone?: string;
}

/** A rules operation's answer: 403 (the plan), 404 (not the shop's rule) or 409 (the plan's limit). */
export type RuleResult<T> = Result<T>;

type Tx = Prisma.TransactionClient;

/**
 * A rule's schedule as stored (docs/product.md#status-and-schedule): each instant
 * read in the shop's zone unless written with an offset; left out or empty is none. An end not
 * after the start is refused (400, naming endsAt) before anything is written.
 */
async function scheduleColumns(
  owner: RuleOwner,
  input: { startsAt?: string | null; endsAt?: string | null },
  tx: Tx = prisma,
): Promise<Result<{ startsAt: Date | null; endsAt: Date | null }>> {
  if (!input.startsAt && !input.endsAt) return ok({ startsAt: null, endsAt: null });
  const timeZone =
    owner.timeZone ??
    (await tx.shop.findUnique({ where: { id: owner.id }, select: { timezone: true } }))?.timezone ??
    "UTC";
  const startsAt = input.startsAt ? parseScheduleInstant(input.startsAt, timeZone) : null;
  const endsAt = input.endsAt ? parseScheduleInstant(input.endsAt, timeZone) : null;
  if (startsAt && endsAt && endsAt.getTime() <= startsAt.getTime()) {
    return fail(400, END_AFTER_START, { fields: { endsAt: [END_AFTER_START] } });
  }
  return ok({ startsAt, endsAt });
}

/**
 * The on/off switch and testing flag a status or isActive sets; neither sent: none. A status
 * that keeps the rule on or off as it was (the edit dialog always sends one) leaves the switch
 * alone, so a rule paused by the plan stays paused; an explicit isActive switches as before.
 */
function statusSwitch(
  input: { status?: RuleStatus; isActive?: boolean },
  existing?: { isActive: boolean },
): { isActive?: boolean; testing?: boolean } {
  if (input.status) {
    const columns = statusColumns(input.status);
    const keep = input.isActive === undefined && existing?.isActive === columns.isActive;
    return keep ? { testing: columns.testing } : columns;
  }
  return input.isActive === undefined ? {} : { isActive: input.isActive };
}

/** The stored columns of a rule's or collection rule's order actions: what the input says, else what it had. */
export function orderActionColumns(
  input: { orderActions?: Partial<OrderActions> },
  existing?: { tagOrder: boolean; holdOrder: boolean; flowTrigger: boolean },
) {
  return {
    tagOrder: input.orderActions?.tag ?? existing?.tagOrder ?? false,
    holdOrder: input.orderActions?.hold ?? existing?.holdOrder ?? false,
    flowTrigger: input.orderActions?.flow ?? existing?.flowTrigger ?? false,
  };
}

/** Turning an order action on needs a paid plan; keeping or turning one off never does. */
function orderActionsRefused(
  owner: RuleOwner,
  input: { orderActions?: Partial<OrderActions> },
  existing?: { tagOrder: boolean; holdOrder: boolean; flowTrigger: boolean } | null,
) {
  const was = existing ? orderActionsOf(existing) : null;
  const turnedOn = Object.entries(input.orderActions ?? {}).some(
    ([action, on]) => on && !was?.[action as keyof OrderActions],
  );
  return turnedOn && !planHasOrderActions(owner.plan) ? fail(403, ORDER_ACTIONS_LOCKED) : null;
}

/** Evaluated: on, and not paused by the plan. */
function isEvaluated(rule: { isActive: boolean; pausedByPlan: string | null }): boolean {
  return rule.isActive && rule.pausedByPlan === null;
}

/** A merchant's switch: on or off, and no longer paused by the plan either way. */
function switchedTo(isActive: boolean) {
  return { isActive, pausedByPlan: null, pausedAt: null };
}

/** What a save sends beside the rule's own fields. */
interface SaveInput {
  startsAt?: string | null;
  endsAt?: string | null;
  status?: RuleStatus;
  isActive?: boolean;
  orderActions?: Partial<OrderActions>;
}

/** The order actions, switch and pause state an edit reads of the stored rule. */
interface StoredSwitch {
  isActive: boolean;
  pausedByPlan: string | null;
  tagOrder: boolean;
  holdOrder: boolean;
  flowTrigger: boolean;
}

/**
 * What a create writes beside the rule's fields: its schedule, on unless said otherwise, and its
 * testing flag. Refused: 403 (an order action the plan lacks), 400 (the schedule), 409 (the plan's limit).
 */
export async function createColumns(owner: RuleOwner, input: SaveInput, tx: Tx) {
  const refused = orderActionsRefused(owner, input);
  if (refused) return refused;
  const schedule = await scheduleColumns(owner, input, tx);
  if (!schedule.ok) return schedule;
  const { isActive = true, testing = false } = statusSwitch(input);
  if (isActive && !(await roomForOneMore(owner, tx))) return fail(409, planLimitMessage(owner.plan));
  return ok({ ...schedule.value, isActive, testing });
}

/**
 * What an edit writes beside the rule's fields: its schedule, and the switch and testing flag when
 * it sends them. Refused as a create is; switching on a rule that was not evaluated needs the plan's room.
 */
export async function editColumns(owner: RuleOwner, input: SaveInput, existing: StoredSwitch, tx: Tx) {
  const refused = orderActionsRefused(owner, input, existing);
  if (refused) return refused;
  const schedule = await scheduleColumns(owner, input, tx);
  if (!schedule.ok) return schedule;
  const { isActive, testing } = statusSwitch(input, existing);
  if (isActive && !isEvaluated(existing) && !(await roomForOneMore(owner, tx))) {
    return fail(409, planLimitMessage(owner.plan));
  }
  return ok({
    ...schedule.value,
    ...(isActive === undefined ? {} : switchedTo(isActive)),
    ...(testing === undefined ? {} : { testing }),
  });
}

/** The list's switch: on or off, no longer paused; switching on a rule not evaluated needs the plan's room (409). */
export async function switchColumns(owner: RuleOwner, existing: StoredSwitch, isActive: boolean, tx: Tx) {
  if (isActive && !isEvaluated(existing) && !(await roomForOneMore(owner, tx))) {
    return fail(409, planLimitMessage(owner.plan));
  }
  return ok(switchedTo(isActive));
}
