import { Badge, BlockStack, Box, Button, Checkbox, InlineStack, Text } from "@shopify/polaris";
import { IllustratedEmptyState } from "../../components/IllustratedEmptyState";
import { useCallback, useEffect, useState } from "react";
import { PAUSED_LABEL } from "../../domain/rules/rule-display";
import { RULE_LIMIT_REACHED } from "../../domain/billing/plans";
import type { RuleListItem } from "./rule-list-items";
import { useRulesFetcher } from "./useRulesFetcher";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { useHydrated } from "./useHydrated";

const STATUS_TONES: Record<string, "success" | "critical" | "warning" | "attention" | undefined> = {
  Alert: "success",
  Block: "critical",
  Inactive: undefined,
  [PAUSED_LABEL]: "warning",
  // breaches recorded as would-have events only (docs/product.md#status-and-schedule)
  Testing: "attention",
};

/** A schedule to come or running stands out; an ended one is plain (docs/product.md#status-and-schedule). */
function scheduleTone(schedule: string): "info" | undefined {
  return schedule.startsWith("Ended") ? undefined : "info";
}

/** Off at the plan's limit (`limitReached`), a rule's switch cannot go on: it is disabled, saying why. */
function ActiveToggle({ rule, limitReached }: { rule: RuleListItem; limitReached: boolean }) {
  const [checked, setChecked] = useState(rule.isActive);
  const hydrated = useHydrated();
  const fetcher = useRulesFetcher(`toggle-${rule.id}`);
  // Once settled the box shows what the server has: a refused change (the plan's limit) goes back.
  useEffect(() => {
    if (fetcher.state === "idle") setChecked(rule.isActive);
  }, [rule.isActive, fetcher.state, fetcher.data]);
  const atLimit = limitReached && !rule.isActive;
  const reasonId = `limit-${rule.id}`;
  const toggle = (
    <Checkbox
      label="Active"
      checked={checked}
      disabled={!hydrated || fetcher.state !== "idle" || atLimit}
      ariaDescribedBy={atLimit ? reasonId : undefined}
      onChange={(next) => {
        setChecked(next);
        fetcher.submit(
          { intent: rule.collectionRule ? "toggleCollectionRule" : "toggle", id: rule.id, isActive: String(next) },
          { method: "post" },
        );
      }}
    />
  );
  if (!atLimit) return toggle;
  // the reason beside the switch, not as its help text: a disabled switch's help text is greyed
  // below the contrast a reason needs
  return (
    <BlockStack gap="100">
      {toggle}
      <Text as="p" variant="bodySm" tone="subdued" id={reasonId}>
        {RULE_LIMIT_REACHED}
      </Text>
    </BlockStack>
  );
}

/** The Delete buttons focus may go to once `deleted` is gone: the row after it's, or the row before it's. */
function neighbourDeletes(rules: RuleListItem[], deleted: RuleListItem): string[] {
  const index = rules.findIndex((rule) => rule.id === deleted.id);
  return [rules[index + 1], rules[index - 1]].filter(Boolean).map((rule) => `Delete ${rule.name}`);
}

function firstButton(labels: string[]): HTMLElement | null {
  for (const label of labels) {
    const button = document.querySelector<HTMLElement>(`button[aria-label="${CSS.escape(label)}"]`);
    if (button) return button;
  }
  return null;
}

/**
 * The delete confirmation (docs/product.md#rules), naming the rule; it lives with the list, so
 * its answer outlives the deleted row. Cancel and Escape give focus back to the row's Delete.
 */
function DeleteConfirmation({
  rule,
  rules,
  onClose,
}: {
  rule: RuleListItem | null;
  rules: RuleListItem[];
  onClose: () => void;
}) {
  const fetcher = useRulesFetcher("delete-rule", onClose);
  // the rule stays named while the dialog fades out; its neighbours are read while it is listed
  const [shown, setShown] = useState<{ rule: RuleListItem; neighbours: string[] } | null>(null);
  if (rule && rule !== shown?.rule) setShown({ rule, neighbours: neighbourDeletes(rules, rule) });
  return (
    <ConfirmDialog
      open={rule !== null}
      title={shown ? `Delete “${shown.rule.name}”?` : "Delete rule"}
      confirm={{
        content: "Delete rule",
        loading: fetcher.state !== "idle",
        onAction: () =>
          rule &&
          fetcher.submit(
            { intent: rule.collectionRule ? "deleteCollectionRule" : "delete", id: rule.id },
            { method: "post" },
          ),
      }}
      onClose={onClose}
      returnFocusTo={() => firstButton(shown?.neighbours ?? [])}
    >
      <Text as="p">Are you sure you want to delete this rule?</Text>
      <Text as="p" tone="subdued">
        It is no longer checked against new orders. What it caught stays in the Audit Log. This can&apos;t be undone.
      </Text>
    </ConfirmDialog>
  );
}

/**
 * Every row laid out alike, whatever its type, length or status (docs/product.md#rules): the name
 * top left, the status badge in its own column, the type badge and value under the name, and
 * the Active switch, Edit and Delete at the same place on the right. Where the list is narrower
 * than 560 px (a phone, or beside the app's sidebar at 800 px) every row puts the status beside
 * the name and the controls under the rule: a container query, so all rows change together and
 * nothing moves after hydration. (No quotes or ">" in it: React escapes a style element's text on
 * the server, not in the browser.)
 */
const ROW_CSS = `
.mg-rule-list { container-type: inline-size; list-style: none; margin: 0; padding: 0;
  display: grid; gap: var(--p-space-300); }
.mg-rule-row { display: grid; grid-template-columns: minmax(0, 1fr) 8rem auto;
  column-gap: var(--p-space-400); row-gap: var(--p-space-100); align-items: start; }
.mg-rule-name { grid-column: 1; grid-row: 1; min-width: 0; }
.mg-rule-body { grid-column: 1; grid-row: 2; min-width: 0; }
.mg-rule-status { grid-column: 2; grid-row: 1 / span 2; }
.mg-rule-controls { grid-column: 3; grid-row: 1 / span 2; }
@container (max-width: 559px) {
  .mg-rule-row { grid-template-columns: minmax(0, 1fr) auto; row-gap: var(--p-space-200); }
  .mg-rule-status { grid-column: 2; grid-row: 1; justify-self: end; }
  .mg-rule-body { grid-column: 1 / span 2; grid-row: 2; }
  .mg-rule-controls { grid-column: 1 / span 2; grid-row: 3; }
}`;

/** The seed's sentence for a shop without rules (docs/product.md#rules). */
export const RULES_EMPTY_TEXT = 'No rules configured yet. Click "Add Rule" to get started.';

/** The illustration of a shop with no rules (ours, public/empty-rules.svg). */
export const EMPTY_RULES_IMAGE = "/empty-rules.svg";

/**
 * The Basic Rules list: ordinary and collection rules (docs/product.md#rules). A shop without
 * rules sees an empty state whose one action is Add Rule (docs/product.md#rules).
 */
export function RuleList({
  rules,
  onEdit,
  onAdd,
  limitReached = false,
}: {
  rules: RuleListItem[];
  onEdit: (rule: RuleListItem) => void;
  onAdd: () => void;
  /** the plan's active rules are all in use: switches that are off stay off */
  limitReached?: boolean;
}) {
  const [deleting, setDeleting] = useState<RuleListItem | null>(null);
  const closeDelete = useCallback(() => setDeleting(null), []);
  const confirmation = <DeleteConfirmation rule={deleting} rules={rules} onClose={closeDelete} />;
  if (rules.length === 0) {
    return (
      <>
        <IllustratedEmptyState
          heading="Add your first rule"
          action={{ content: "Add Rule", onAction: onAdd }}
          image={EMPTY_RULES_IMAGE}
        >
          {RULES_EMPTY_TEXT} A rule sets how far discounts may go: a cap on the discount, a margin floor, or no
          stacking; every order is checked against your rules.
        </IllustratedEmptyState>
        {confirmation}
      </>
    );
  }
  return (
    <>
      <style>{ROW_CSS}</style>
      <ul className="mg-rule-list">
        {rules.map((rule) => (
          <Box as="li" key={rule.id} padding="400" background="bg-surface-secondary" borderRadius="300">
            <section aria-label={rule.name} className="mg-rule-row">
              <div className="mg-rule-name">
                <Text as="h4" variant="headingSm" breakWord>
                  {rule.name}
                </Text>
              </div>
              <div className="mg-rule-status">
                <Badge tone={STATUS_TONES[rule.status]}>{rule.status}</Badge>
              </div>
              <div className="mg-rule-body">
                <BlockStack gap="100" inlineAlign="start">
                  <InlineStack gap="200" blockAlign="center" wrap>
                    <Badge>{rule.typeLabel}</Badge>
                    {/* read (and copied) as one line: "Maximum Discount (%) · 40%" */}
                    <Text as="span" visuallyHidden>
                      {" · "}
                    </Text>
                    <Text as="span" fontWeight="semibold">
                      {rule.value}
                    </Text>
                  </InlineStack>
                  <Text as="p" tone="subdued">
                    {rule.description || "No description"}
                  </Text>
                  {rule.schedule ? <Badge tone={scheduleTone(rule.schedule)}>{rule.schedule}</Badge> : null}
                  {rule.tested ? (
                    <Text as="p" variant="bodySm" tone="caution">
                      {rule.tested}
                    </Text>
                  ) : null}
                  {rule.actions.length ? (
                    <Text as="p" variant="bodySm" tone="subdued">
                      On breach: {rule.actions.join(", ")}
                    </Text>
                  ) : null}
                </BlockStack>
              </div>
              <div className="mg-rule-controls">
                <InlineStack gap="300" blockAlign="center" wrap={false}>
                  <ActiveToggle rule={rule} limitReached={limitReached} />
                  <Button onClick={() => onEdit(rule)} accessibilityLabel={`Edit ${rule.name}`}>
                    Edit
                  </Button>
                  <Button
                    tone="critical"
                    variant="tertiary"
                    onClick={() => setDeleting(rule)}
                    accessibilityLabel={`Delete ${rule.name}`}
                  >
                    Delete
                  </Button>
                </InlineStack>
              </div>
            </section>
          </Box>
        ))}
      </ul>
      {confirmation}
    </>
  );
}
