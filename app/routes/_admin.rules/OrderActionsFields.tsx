import { Banner, BlockStack, Checkbox, Text } from "@shopify/polaris";
import { useState } from "react";
import {
  ORDER_ACTIONS,
  ORDER_ACTIONS_LOCKED,
  ORDER_ACTION_HELP,
  ORDER_ACTION_LABELS,
  ACTION_SCOPES,
  SCOPE_PURPOSES,
  type OrderAction,
  type OrderActions,
} from "../../domain/actions/order-actions";
import { missingScopes } from "../../domain/shops/scopes";
import { askForScopes } from "../../components/askForScopes";

/** What the Rules page knows about acting on orders in this shop. */
export interface OrderActionsAccess {
  /** the plan includes order actions (Core and Plus) */
  available: boolean;
  /** the access scopes Shopify granted; null in the demo store, whose stand-in needs none */
  grantedScopes: string[] | null;
  /** an enabled Shopify Flow workflow uses the trigger (Flow's lifecycle callback) */
  flowTriggerEnabled: boolean;
}

/**
 * "When this rule is breached": tag the order, hold its fulfilment, start Flow workflows
 * (docs/product.md#order-actions). Turning one on asks Shopify for the optional scopes it needs
 * first (App Bridge's scopes.request); declined, the box stays off.
 */
export function OrderActionsFields({
  value,
  onChange,
  access,
  form,
}: {
  value: OrderActions;
  onChange: (next: OrderActions) => void;
  access: OrderActionsAccess;
  /** the id of the rule form these fields are submitted with (they sit outside it) */
  form: string;
}) {
  const [granted, setGranted] = useState<string[] | null>(access.grantedScopes);
  const [problem, setProblem] = useState<string | null>(null);
  const [asking, setAsking] = useState<OrderAction | null>(null);

  const toggle = async (action: OrderAction, on: boolean) => {
    setProblem(null);
    const next = { ...value, [action]: on };
    const missing = on && granted ? missingScopes(ACTION_SCOPES[action], granted) : [];
    if (missing.length === 0) return onChange(next);
    setAsking(action);
    const answer = await askForScopes(missing);
    setAsking(null);
    if (answer.granted) {
      setGranted([...(granted ?? []), ...missing]);
      return onChange(next);
    }
    setProblem(
      answer.why === "not embedded"
        ? `This needs Shopify's permission to ${missing.map((scope) => SCOPE_PURPOSES[scope]?.toLowerCase() ?? scope).join(" and ")}. Open Margin Guardrail from your Shopify admin to grant it.`
        : answer.why === "declined"
          ? "Shopify did not grant the permission, so this action stays off."
          : `Shopify could not ask for the permission: ${answer.error}`,
    );
  };

  return (
    <BlockStack gap="200">
      <Text as="h3" variant="headingSm">
        When this rule is breached
      </Text>
      <Text as="p" tone="subdued">
        Besides the alert, Margin Guardrail can act on the order, once per order.
      </Text>
      {access.available ? null : <Banner tone="info">{ORDER_ACTIONS_LOCKED}</Banner>}
      {ORDER_ACTIONS.map((action) => (
        <div key={action}>
          <input type="hidden" form={form} name={`orderActions.${action}`} value={String(value[action])} />
          <Checkbox
            label={ORDER_ACTION_LABELS[action]}
            helpText={
              action === "flow" && value.flow && !access.flowTriggerEnabled
                ? `${ORDER_ACTION_HELP.flow} No enabled workflow uses it yet: build one in Shopify Flow with the trigger "Margin rule breached".`
                : ORDER_ACTION_HELP[action]
            }
            checked={value[action]}
            disabled={!access.available || asking !== null}
            onChange={(on) => void toggle(action, on)}
          />
        </div>
      ))}
      {problem ? (
        <Banner tone="warning" onDismiss={() => setProblem(null)}>
          {problem}
        </Banner>
      ) : null}
    </BlockStack>
  );
}
