import { Badge, BlockStack, Button, IndexTable, InlineStack, List, Text } from "@shopify/polaris";
import { useRef, useState } from "react";
import { ConfirmDialog } from "../ConfirmDialog";
import { useActionFetcher } from "../useActionFetcher";
import {
  audienceExceeded,
  audienceText,
  countText,
  countriesCell,
  countriesText,
  customersCell,
  customersText,
  dateAndTime,
  lastHourText,
  percentText,
  segmentText,
  statusBadges,
  usesText,
  type CodeRow,
} from "./code-rows";

/** What every row needs besides its code. */
export interface CodeRowContext {
  /** flags and the deactivate button (Core and Plus) */
  flags: boolean;
  /** codes Shopify has no discount for: nothing to deactivate */
  notInShopify: readonly string[];
  /** write_discounts is not granted: the switch is shown but disabled (the page says why) */
  needsPermission: boolean;
  /** the shop's zone, for "Last used" */
  timeZone: string;
  onEdit: (code: string) => void;
}

/**
 * The code whose Deactivate is being asked, held by the table: a row's layout is made again when
 * the table narrows or widens, and the question stays open across it.
 */
interface Asking {
  code: string | null;
  set: (code: string | null) => void;
}

function Wrap({ children }: { children: React.ReactNode }) {
  // IndexTable cells do not wrap: the signals and figures do here, between words, so no column is
  // cut off and none breaks a word in two
  return <div style={{ whiteSpace: "normal", overflowWrap: "break-word" }}>{children}</div>;
}

function Badges({ code }: { code: CodeRow }) {
  return (
    <InlineStack gap="100">
      {statusBadges(code).map((badge) => (
        <Badge key={badge.label} tone={badge.tone}>
          {badge.label}
        </Badge>
      ))}
    </InlineStack>
  );
}

/** The signals that fired, in words, with their figures and limits. */
/** The code's name with its badges, then the signals that fired. */
function CodeHeading({ code }: { code: CodeRow }) {
  return (
    <>
      <InlineStack gap="200" blockAlign="center">
        {/* a code is one word, up to 255 characters: it may break anywhere rather than widen its column */}
        <span style={{ whiteSpace: "normal", overflowWrap: "anywhere" }}>
          <Text as="span" fontWeight="semibold">
            {code.code}
          </Text>
        </span>
        <Badges code={code} />
      </InlineStack>
      <Signals code={code} />
    </>
  );
}

function Signals({ code }: { code: CodeRow }) {
  if (code.signalsInWords.length === 0) return null;
  return (
    <Wrap>
      <BlockStack gap="050">
        <Text as="p" variant="bodySm" fontWeight="medium">
          Signals that fired
        </Text>
        <List>
          {code.signalsInWords.map((signal) => (
            <List.Item key={signal}>
              <Text as="span" variant="bodySm">
                {signal}
              </Text>
            </List.Item>
          ))}
        </List>
      </BlockStack>
    </Wrap>
  );
}

function Uses({ code }: { code: CodeRow }) {
  const audience = audienceText(code);
  const lastHour = lastHourText(code);
  return (
    <Wrap>
      <BlockStack gap="050">
        <Text as="span" fontWeight="semibold" numeric>
          {countText(code.uses)}
        </Text>
        {audience ? (
          <Text as="span" variant="bodySm" tone={audienceExceeded(code) ? "critical" : "subdued"}>
            {audience}
          </Text>
        ) : null}
        {lastHour ? (
          <Text as="span" variant="bodySm" tone="subdued">
            {lastHour}
          </Text>
        ) : null}
      </BlockStack>
    </Wrap>
  );
}

function Customers({ code }: { code: CodeRow }) {
  const segment = segmentText(code);
  return (
    <Wrap>
      <BlockStack gap="050">
        <Text as="span" numeric>
          {customersCell(code.customers, code.uses)}
        </Text>
        {segment ? (
          <Text as="span" variant="bodySm" tone="subdued">
            {segment}
          </Text>
        ) : null}
      </BlockStack>
    </Wrap>
  );
}

/** When the code was last used: the day, and under it the time (wide), or on one line (condensed). */
function LastUsed({ code, timeZone, oneLine = false }: { code: CodeRow; timeZone: string; oneLine?: boolean }) {
  const { date, time } = dateAndTime(code.lastUsedAt, timeZone);
  if (oneLine) return <time dateTime={code.lastUsedAt}>{`${date}, ${time}`}</time>;
  return (
    <time dateTime={code.lastUsedAt}>
      <BlockStack gap="050">
        <Text as="span">{date}</Text>
        <Text as="span" variant="bodySm" tone="subdued">
          {time}
        </Text>
      </BlockStack>
    </time>
  );
}

/**
 * Edit, and Deactivate in Shopify (asked first, offered only for a code Shopify has) or
 * Reactivate (Core and Plus).
 */
function Actions({
  code,
  context,
  asking,
  inline,
}: {
  code: CodeRow;
  context: CodeRowContext;
  asking: Asking;
  inline: boolean;
}) {
  const toggle = useActionFetcher(`code-${code.code}`);
  const confirming = asking.code === code.code;
  const setConfirming = (open: boolean) => asking.set(open ? code.code : null);
  const deactivateButton = useRef<HTMLDivElement>(null);
  const busy = toggle.state !== "idle";
  const submit = (intent: "deactivate" | "reactivate") =>
    toggle.submit({ intent, code: code.code }, { method: "post" });
  const missing = context.notInShopify.includes(code.code);
  const buttons = (
    <>
      <Button size="slim" onClick={() => context.onEdit(code.code)} accessibilityLabel={`Edit ${code.code}`}>
        Edit
      </Button>
      {!context.flags ? null : code.deactivatedAt ? (
        <Button
          size="slim"
          onClick={() => submit("reactivate")}
          loading={busy}
          disabled={context.needsPermission}
          accessibilityLabel={`Reactivate ${code.code}`}
        >
          Reactivate
        </Button>
      ) : missing ? (
        <Text as="span" variant="bodySm" tone="subdued">
          Shopify has no discount with this code
        </Text>
      ) : (
        <div ref={deactivateButton}>
          <Button
            size="slim"
            tone="critical"
            onClick={() => setConfirming(true)}
            loading={busy}
            disabled={context.needsPermission}
            accessibilityLabel={`Deactivate in Shopify: ${code.code}`}
          >
            Deactivate in Shopify
          </Button>
        </div>
      )}
    </>
  );
  // drawn only while asking: a closed dialog in every row would weigh on the table
  const dialog = confirming ? (
    <ConfirmDialog
      open
      title={`Deactivate ${code.code} in Shopify?`}
      confirm={{
        content: "Deactivate in Shopify",
        onAction: () => {
          setConfirming(false);
          submit("deactivate");
        },
      }}
      onClose={() => setConfirming(false)}
      returnFocusTo={() => deactivateButton.current?.querySelector("button")}
    >
      <Text as="p">
        Shopify switches off the discount behind {code.code}: buyers can no longer use it, nor any other code of the
        same discount. Orders already placed keep their discount.
      </Text>
      <Text as="p">Reactivate, on this page, switches it on again.</Text>
    </ConfirmDialog>
  ) : null;
  // side by side in the stacked row; one above the other in the table's narrow last column
  return (
    <>
      {inline ? (
        <InlineStack gap="200" blockAlign="center">
          {buttons}
        </InlineStack>
      ) : (
        <BlockStack gap="200" inlineAlign="start">
          {buttons}
        </BlockStack>
      )}
      {dialog}
    </>
  );
}

/**
 * One code. The same component in both layouts, so its switch's fetcher (and its toast) is not
 * made again when the table narrows.
 */
function CodeTableRow({
  code,
  position,
  condensed,
  context,
  asking,
}: {
  code: CodeRow;
  position: number;
  condensed: boolean;
  context: CodeRowContext;
  asking: Asking;
}) {
  if (condensed) {
    const audience = audienceText(code);
    const segment = segmentText(code);
    const lastHour = lastHourText(code);
    return (
      <IndexTable.Row id={code.code} position={position}>
        <IndexTable.Cell>
          <Wrap>
            <BlockStack gap="200">
              <CodeHeading code={code} />
              <BlockStack gap="050">
                <Text as="span">
                  {`${usesText(code.uses)} by ${customersText(code.customers, code.uses)}`}
                  {audience ? (
                    <Text as="span" tone={audienceExceeded(code) ? "critical" : "subdued"}>
                      {` · ${audience}`}
                    </Text>
                  ) : null}
                </Text>
                <Text as="span" variant="bodySm" tone="subdued">
                  {[
                    lastHour,
                    `first-time customers ${percentText(code.firstTimeShare)}`,
                    segment,
                    countriesText(code.countries, code.uses),
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </Text>
                <Text as="span" variant="bodySm" tone="subdued">
                  Last used <LastUsed code={code} timeZone={context.timeZone} oneLine />
                </Text>
              </BlockStack>
              <Actions code={code} context={context} asking={asking} inline />
            </BlockStack>
          </Wrap>
        </IndexTable.Cell>
      </IndexTable.Row>
    );
  }
  return (
    <IndexTable.Row id={code.code} position={position}>
      <IndexTable.Cell>
        <BlockStack gap="200">
          <CodeHeading code={code} />
        </BlockStack>
      </IndexTable.Cell>
      <IndexTable.Cell>
        <Uses code={code} />
      </IndexTable.Cell>
      <IndexTable.Cell>
        <Customers code={code} />
      </IndexTable.Cell>
      <IndexTable.Cell>{percentText(code.firstTimeShare)}</IndexTable.Cell>
      <IndexTable.Cell>{countriesCell(code.countries, code.uses)}</IndexTable.Cell>
      <IndexTable.Cell>
        <LastUsed code={code} timeZone={context.timeZone} />
      </IndexTable.Cell>
      <IndexTable.Cell>
        <Actions code={code} context={context} asking={asking} inline={false} />
      </IndexTable.Cell>
    </IndexTable.Row>
  );
}

const HEADINGS: [{ title: string }, ...{ title: string; hidden?: boolean }[]] = [
  { title: "Code" },
  { title: "Uses" },
  { title: "Customers" },
  { title: "First-time" },
  { title: "Countries" },
  { title: "Last used" },
  { title: "Actions", hidden: true },
];

/**
 * The shop's discount codes as Shopify's own indexes list them (docs/product.md#leaked-codes):
 * a row per code, flagged first, its status and the signals that fired in words, its figures,
 * and its actions in the row. Narrow, the table is IndexTable's condensed list, a code per
 * stacked cell.
 */
export function CodesTable({
  codes,
  condensed,
  context,
}: {
  /** in the table's order (sortCodes) */
  codes: CodeRow[];
  condensed: boolean;
  context: CodeRowContext;
}) {
  const [askingCode, setAskingCode] = useState<string | null>(null);
  const asking = { code: askingCode, set: setAskingCode };
  return (
    <IndexTable
      resourceName={{ singular: "code", plural: "codes" }}
      itemCount={codes.length}
      headings={HEADINGS}
      selectable={false}
      condensed={condensed}
    >
      {codes.map((code, position) => (
        <CodeTableRow
          key={code.code}
          code={code}
          position={position}
          condensed={condensed}
          context={context}
          asking={asking}
        />
      ))}
    </IndexTable>
  );
}
