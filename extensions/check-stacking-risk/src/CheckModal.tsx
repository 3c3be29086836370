/** @jsxImportSource preact */
/**
 * The action's modal (docs/product.md#checking-one-discount): Shopify's AdminAction with Polaris web
 * components (`s-*`), drawn from the states check.ts makes. `CheckModal` is a pure view of those
 * states (rendered to a string in check.test.ts); `StackingRiskAction` holds them, asks the app for
 * each selected discount, and is what the targets render.
 */
import { useCallback, useEffect, useState } from "preact/hooks";
import {
  checkDiscount,
  MAX_SELECTED,
  MESSAGES,
  modalView,
  selectedIds,
  type CheckState,
  type Fetch,
  type Selection,
} from "./check";

export interface CheckModalProps {
  states: CheckState[];
  /** selected discounts past MAX_SELECTED, not checked */
  skipped: number;
  onClose: () => void;
  onRetry: () => void;
}

function Checked({ state, many }: { state: Extract<CheckState, { kind: "checked" }>; many: boolean }) {
  const view = modalView(state.answer);
  return (
    <s-stack direction="block" gap="base">
      {many && <s-heading>{view.heading}</s-heading>}
      <s-banner tone={view.tone}>
        <s-paragraph>{view.summary}</s-paragraph>
      </s-banner>
      {view.worst && (
        <s-section heading="Worst reachable stack">
          <s-stack direction="block" gap="small">
            <s-paragraph>{view.worst.depth}</s-paragraph>
            <s-paragraph>{view.worst.margin}</s-paragraph>
            <s-paragraph>{view.worst.codes}</s-paragraph>
            <s-paragraph>{view.worst.automatic}</s-paragraph>
            <s-paragraph>{view.worst.rulesNote}</s-paragraph>
            {view.worst.rulesBroken.length > 0 && (
              <s-unordered-list>
                {view.worst.rulesBroken.map((sentence) => (
                  <s-list-item key={sentence}>{sentence}</s-list-item>
                ))}
              </s-unordered-list>
            )}
          </s-stack>
        </s-section>
      )}
      <s-section heading={view.hygieneHeading}>
        <s-stack direction="block" gap="small">
          {view.hygiene.map((finding) => (
            <s-stack key={finding.finding} direction="block" gap="small-300">
              <s-stack direction="inline" gap="small-200">
                <s-badge tone={finding.tone}>{finding.severityLabel}</s-badge>
                <s-text>{finding.finding}</s-text>
              </s-stack>
              <s-text color="subdued">{finding.fix}</s-text>
              {finding.href && <s-link href={finding.href}>{finding.linkText}</s-link>}
            </s-stack>
          ))}
        </s-stack>
      </s-section>
      {view.rolloutsNote && <s-paragraph color="subdued">{view.rolloutsNote}</s-paragraph>}
      <s-link href={view.preflightHref}>{view.preflightText}</s-link>
    </s-stack>
  );
}

function StateView({ state, many }: { state: CheckState; many: boolean }) {
  if (state.kind === "loading") {
    return (
      <s-stack direction="inline" gap="small" alignItems="center">
        <s-spinner accessibilityLabel="Checking" />
        <s-text>{MESSAGES.loading}</s-text>
      </s-stack>
    );
  }
  if (state.kind === "failed") {
    return (
      <s-banner tone="critical" heading="The check did not run">
        <s-paragraph>{state.message}</s-paragraph>
      </s-banner>
    );
  }
  return <Checked state={state} many={many} />;
}

/** The modal for the states of the selected discounts (one on a discount's page). */
export function CheckModal({ states, skipped, onClose, onRetry }: CheckModalProps) {
  const many = states.length > 1;
  const first = states[0];
  const heading = !many && first?.kind === "checked" ? modalView(first.answer).heading : "Check stacking risk";
  const failed = states.some((state) => state.kind === "failed");
  return (
    <s-admin-action heading={heading} loading={states.some((state) => state.kind === "loading")}>
      <s-stack direction="block" gap="large">
        {states.length === 0 && <s-paragraph>{MESSAGES.noSelection}</s-paragraph>}
        {states.map((state) => (
          <StateView key={state.discountId} state={state} many={many} />
        ))}
        {skipped > 0 && (
          <s-paragraph color="subdued">
            {`${skipped} more selected ${skipped === 1 ? "discount was" : "discounts were"} not checked: select at most ${MAX_SELECTED} at a time.`}
          </s-paragraph>
        )}
      </s-stack>
      <s-button slot="primary-action" variant="primary" onClick={onClose}>
        Done
      </s-button>
      {failed && (
        <s-button slot="secondary-actions" onClick={onRetry}>
          Try again
        </s-button>
      )}
    </s-admin-action>
  );
}

export interface ActionApi {
  data: Selection;
  close: () => void;
}

/** The action: checks each selected discount, one request at a time, and shows each as it answers. */
export function StackingRiskAction({ api, fetchApp }: { api: ActionApi; fetchApp: Fetch }) {
  const { ids, skipped } = selectedIds(api.data);
  const key = ids.join(" ");
  const [states, setStates] = useState<CheckState[]>(() => ids.map((discountId) => ({ kind: "loading", discountId })));
  const [round, setRound] = useState(0);

  useEffect(() => {
    let current = true;
    const wanted = key ? key.split(" ") : [];
    setStates(wanted.map((discountId) => ({ kind: "loading", discountId })));
    void (async () => {
      for (const [index, discountId] of wanted.entries()) {
        const state = await checkDiscount(fetchApp, discountId);
        if (!current) return;
        setStates((before) => before.map((each, at) => (at === index ? state : each)));
      }
    })();
    return () => {
      current = false;
    };
  }, [key, round, fetchApp]);

  const retry = useCallback(() => setRound((value) => value + 1), []);
  return <CheckModal states={states} skipped={skipped} onClose={api.close} onRetry={retry} />;
}
