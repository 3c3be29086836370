import { Banner, List } from "@shopify/polaris";
import type { PausedRulesView } from "../domain/billing/plan-truth";
import { planName } from "../domain/billing/plans";

/**
 * Rules a plan change paused (docs/product.md#plans): which, and why; with the way
 * to resume them when the plan has room again (room made by a deleted rule), or to the plan
 * that does (an upgrade resumes them by itself).
 */
export function PausedRulesBanner({
  paused,
  action,
}: {
  paused: PausedRulesView;
  /** Resume (the Rules page), or where to go (the Dashboard) */
  action?: { content: string; onAction?: () => void; url?: string; loading?: boolean };
}) {
  const count = paused.names.length;
  const title = `${count} ${count === 1 ? "rule is" : "rules are"} paused by the ${planName(paused.pausedBy)} plan`;
  return (
    <Banner tone="warning" title={title} action={action}>
      <p>
        {`When the plan changed to ${planName(paused.pausedBy)}, the rules beyond its limit were paused, keeping the oldest active. They are kept as they were, but orders are not checked against them.`}
      </p>
      <List>
        {paused.names.map((name) => (
          <List.Item key={name}>{name}</List.Item>
        ))}
      </List>
      <p>
        {paused.resumable > 0
          ? `Your plan has room for ${paused.resumable === count ? (count === 1 ? "it" : "all of them") : paused.resumable} again.`
          : "Upgrading resumes them by itself, the oldest first, as many as the new plan has room for."}
      </p>
    </Banner>
  );
}
