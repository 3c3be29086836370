import { BlockStack, Button, IndexTable, InlineStack, Text } from "@shopify/polaris";
import { ChevronDownIcon, ChevronUpIcon } from "@shopify/polaris-icons";
import { Fragment, useState } from "react";
import type { AuditGroup } from "../../domain/audit/audit-groups";
import type { AuditEventView } from "../../domain/audit/audit-view";
import { SeverityBadge } from "../EventList";
import { useActionFetcher } from "../useActionFetcher";

/** An event as the Audit Log's loader sends it: the shared view plus the order's id and hold. */
export interface AuditRowEvent extends AuditEventView {
  orderId: string | null;
  preDiscountSubtotal: string | null;
  /** a fulfilment hold: `closed` says how it ended ("Released by …", "Order cancelled"), null while open */
  hold: { closed: string | null } | null;
}

export type AuditRowGroup = AuditGroup<AuditRowEvent>;

/** The held order's "Release hold" button, or how its hold ended (released, the order cancelled). */
function HoldAction({ eventId, closed }: { eventId: string; closed: string | null }) {
  const fetcher = useActionFetcher(`release-${eventId}`);
  if (closed) {
    return (
      <Wrap>
        <Text as="span" tone="subdued">
          {closed}
        </Text>
      </Wrap>
    );
  }
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="releaseHold" />
      <input type="hidden" name="eventId" value={eventId} />
      <Button submit size="slim" loading={fetcher.state !== "idle"}>
        Release hold
      </Button>
    </fetcher.Form>
  );
}

/** The row's action: the newest hold still open, else how the newest one ended. */
function RowAction({ group }: { group: AuditRowGroup }) {
  const holds = group.events.filter((event) => event.hold);
  const held = holds.find((event) => !event.hold?.closed) ?? holds[0];
  return held?.hold ? <HoldAction eventId={held.id} closed={held.hold.closed} /> : null;
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** "4 rules broken, Alert sent, Fulfilment held": what happened to the order, in a line. */
export function groupSummary(group: AuditRowGroup): string {
  const parts: string[] = [];
  // each rule once, however often the order broke it; a testing rule's would-have event is its own label
  const rules = group.rulesBroken;
  const blocked = group.events.filter((event) => event.eventType === "checkout_blocked").length;
  if (rules > 0) parts.push(plural(rules, "rule broken", "rules broken"));
  if (blocked > 0) parts.push(plural(blocked, "checkout blocked", "checkouts blocked"));
  const others = new Set(
    group.events
      .filter((event) => event.eventType !== "rule_triggered" && event.eventType !== "checkout_blocked")
      .map((event) => event.typeLabel),
  );
  return [...parts, ...others].join(", ");
}

const RULES_SHOWN = 3;

function ruleNames(group: AuditRowGroup): string | null {
  const names = group.ruleNames;
  if (names.length === 0) return null;
  const shown = names.slice(0, RULES_SHOWN).join("; ");
  return names.length > RULES_SHOWN ? `${shown} and ${names.length - RULES_SHOWN} more` : shown;
}

function codesText(event: AuditRowEvent): string {
  const codes = event.discountCodes.join(", ");
  return event.moreCodes > 0 ? `${codes} and ${event.moreCodes} more` : codes;
}

/** The figures of the order: its discount share, amount and codes, as its breach recorded them. */
function discountOf(group: AuditRowGroup): AuditRowEvent | undefined {
  // the breach's figures (percent, amount, codes) before a later event's: a cancellation or an edit
  // down records the amount alone, and the row would lose what the rules measured
  return (
    group.events.find((event) => event.discountPercent) ??
    group.events.find((event) => event.totalDiscount) ??
    group.events[0]
  );
}

function Wrap({ children, words = false }: { children: React.ReactNode; words?: boolean }) {
  // IndexTable cells do not wrap: messages and rule names do here, so no column is cut off;
  // `words` keeps each word whole (a code such as WELCOME20), the column as wide as the longest
  return <div style={{ whiteSpace: "normal", overflowWrap: words ? "break-word" : "anywhere" }}>{children}</div>;
}

function Figures({ event }: { event: AuditRowEvent | undefined }) {
  if (!event) return null;
  const codes = codesText(event);
  return (
    <Wrap words>
      <BlockStack gap="050">
        {event.discountPercent ? (
          <Text as="span" fontWeight="semibold">
            {`${event.discountPercent} off`}
          </Text>
        ) : null}
        {event.totalDiscount ? <Text as="span">{event.totalDiscount}</Text> : null}
        {event.preDiscountSubtotal ? (
          <Text as="span" tone="subdued" variant="bodySm">
            {`of ${event.preDiscountSubtotal}`}
          </Text>
        ) : null}
        {codes ? (
          <Text as="span" tone="subdued" variant="bodySm">
            {codes}
          </Text>
        ) : null}
      </BlockStack>
    </Wrap>
  );
}

function Title({ group }: { group: AuditRowGroup }) {
  const newest = group.events[0];
  return (
    <BlockStack gap="050">
      <Text as="span" fontWeight="semibold">
        {group.kind === "event" ? newest.typeLabel : group.orderName}
      </Text>
      {group.kind === "checkout" ? (
        <Text as="span" tone="subdued" variant="bodySm">
          Checkout
        </Text>
      ) : null}
      <Text as="span" tone="subdued" variant="bodySm">
        <time dateTime={newest.createdAt}>{newest.time}</time>
      </Text>
    </BlockStack>
  );
}

/** What happened: a lone event's own words, or a summary of the order's events. */
function WhatHappened({ group }: { group: AuditRowGroup }) {
  if (group.events.length === 1) {
    const event = group.events[0];
    return (
      <Wrap>
        <BlockStack gap="050">
          {group.kind === "event" ? null : (
            <Text as="span" fontWeight="medium">
              {event.typeLabel}
            </Text>
          )}
          <Text as="p">{event.message}</Text>
          {event.ruleName ? (
            <Text as="span" tone="subdued" variant="bodySm">
              {`Rule: ${event.ruleName}`}
            </Text>
          ) : null}
        </BlockStack>
      </Wrap>
    );
  }
  const rules = ruleNames(group);
  return (
    <Wrap>
      <BlockStack gap="050">
        <Text as="span" fontWeight="medium">
          {groupSummary(group)}
        </Text>
        {rules ? (
          <Text as="span" tone="subdued" variant="bodySm">
            {`Rules: ${rules}`}
          </Text>
        ) : null}
      </BlockStack>
    </Wrap>
  );
}

function Toggle({ group, open, onToggle }: { group: AuditRowGroup; open: boolean; onToggle: () => void }) {
  if (group.events.length < 2) return null;
  const label = open ? "Hide events" : `Show ${group.events.length} events`;
  return (
    <Button
      variant="plain"
      icon={open ? ChevronUpIcon : ChevronDownIcon}
      onClick={onToggle}
      ariaExpanded={open}
      accessibilityLabel={`${label} of ${group.orderName ?? "this row"}`}
    >
      {label}
    </Button>
  );
}

/** Whether an event's figures are the row's own: then its row inside does not repeat them. */
function sameFigures(event: AuditRowEvent, row: AuditRowEvent | undefined): boolean {
  return (
    !!row &&
    event.discountPercent === row.discountPercent &&
    event.totalDiscount === row.totalDiscount &&
    codesText(event) === codesText(row)
  );
}

/** One event inside an expanded order: when, what, which rule, its figures. */
function EventDetail({ event }: { event: AuditRowEvent }) {
  return (
    <Wrap>
      <BlockStack gap="050">
        <InlineStack gap="200" blockAlign="center">
          <Text as="span" fontWeight="medium">
            {event.typeLabel}
          </Text>
          <SeverityBadge severity={event.severity} />
        </InlineStack>
        <Text as="p">{event.message}</Text>
        {event.ruleName ? (
          <Text as="span" tone="subdued" variant="bodySm">
            {`Rule: ${event.ruleName}`}
          </Text>
        ) : null}
        <Text as="span" tone="subdued" variant="bodySm">
          <time dateTime={event.createdAt}>{event.time}</time>
        </Text>
      </BlockStack>
    </Wrap>
  );
}

/** Whether a row has an action (a hold to release, or how its hold ended). */
function hasAction(group: AuditRowGroup): boolean {
  return group.events.some((event) => event.hold);
}

const HEADINGS = [
  { title: "Order" },
  { title: "What happened" },
  { title: "Severity" },
  { title: "Discount" },
] as const;

/**
 * The Audit Log as Shopify's own indexes: one row per order or checkout, its events folded
 * inside and shown on demand, the row's action in the row: an "Action" column only when a row
 * of the page has one, so no column stands empty. Under 800 px the table becomes
 * IndexTable's condensed list, each row one stacked cell (docs/product.md#audit-log).
 */
export function AuditTable({
  groups,
  condensed,
  loading = false,
}: {
  groups: AuditRowGroup[];
  condensed: boolean;
  /** other rows are on their way (a filter or page changed): IndexTable's loading panel */
  loading?: boolean;
}) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const actions = groups.some(hasAction);
  let position = 0;
  const rows = groups.map((group) => {
    const isOpen = open.has(group.key) && group.events.length > 1;
    const groupPosition = position++;
    const figures = discountOf(group);
    const row = condensed ? (
      <IndexTable.Row id={group.key} key={group.key} position={groupPosition}>
        <IndexTable.Cell>
          <BlockStack gap="200">
            <InlineStack blockAlign="start" gap="300" wrap={false}>
              <Title group={group} />
              <SeverityBadge severity={group.severity} />
            </InlineStack>
            <WhatHappened group={group} />
            <Figures event={figures} />
            <InlineStack gap="300" blockAlign="center">
              <Toggle group={group} open={isOpen} onToggle={() => toggle(group.key)} />
              <RowAction group={group} />
            </InlineStack>
          </BlockStack>
        </IndexTable.Cell>
      </IndexTable.Row>
    ) : (
      <IndexTable.Row id={group.key} key={group.key} position={groupPosition}>
        <IndexTable.Cell>
          <Title group={group} />
        </IndexTable.Cell>
        <IndexTable.Cell>
          <BlockStack gap="100" inlineAlign="start">
            <WhatHappened group={group} />
            <Toggle group={group} open={isOpen} onToggle={() => toggle(group.key)} />
          </BlockStack>
        </IndexTable.Cell>
        <IndexTable.Cell>
          <SeverityBadge severity={group.severity} />
        </IndexTable.Cell>
        <IndexTable.Cell>
          <Figures event={figures} />
        </IndexTable.Cell>
        {actions ? (
          <IndexTable.Cell>
            <RowAction group={group} />
          </IndexTable.Cell>
        ) : null}
      </IndexTable.Row>
    );
    const children = isOpen
      ? group.events.map((event) =>
          condensed ? (
            <IndexTable.Row id={event.id} key={event.id} position={position++} rowType="child">
              <IndexTable.Cell>
                <EventDetail event={event} />
              </IndexTable.Cell>
            </IndexTable.Row>
          ) : (
            <IndexTable.Row id={event.id} key={event.id} position={position++} rowType="child">
              <IndexTable.Cell />
              <IndexTable.Cell>
                <EventDetail event={event} />
              </IndexTable.Cell>
              <IndexTable.Cell />
              <IndexTable.Cell>{sameFigures(event, figures) ? null : <Figures event={event} />}</IndexTable.Cell>
              {actions ? <IndexTable.Cell /> : null}
            </IndexTable.Row>
          ),
        )
      : [];
    return (
      <Fragment key={group.key}>
        {row}
        {children}
      </Fragment>
    );
  });

  return (
    <IndexTable
      resourceName={{ singular: "order", plural: "orders" }}
      itemCount={position}
      headings={actions ? [...HEADINGS, { title: "Action" }] : [...HEADINGS]}
      selectable={false}
      condensed={condensed}
      loading={loading}
    >
      {rows}
    </IndexTable>
  );
}
