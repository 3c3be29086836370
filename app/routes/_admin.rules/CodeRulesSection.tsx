import { Banner, BlockStack, Text } from "@shopify/polaris";
import { useState } from "react";
import { PlanButton } from "../../components/AdminPage";
import { askForScopes } from "../../components/askForScopes";
import { useRevalidator } from "@remix-run/react";
import { CodeRulesForm } from "./CodeRulesForm";
import { shopifyOf, type CodeRulesSectionData } from "./code-rules-view";

export type { CodeRulesSectionData } from "./code-rules-view";

/** Asks Shopify for write_discounts (App Bridge's scopes.request), then reloads the page's data. */
function GrantPermission() {
  const revalidator = useRevalidator();
  const [problem, setProblem] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const ask = async () => {
    setAsking(true);
    const answer = await askForScopes(["write_discounts"]);
    if (answer.granted) {
      // the scopes health check asks Shopify and stores what it granted, before the webhook says so
      await fetch("/api/health/scopes");
      revalidator.revalidate();
    } else {
      setProblem(
        answer.why === "not embedded"
          ? "Open Margin Guardrail from your Shopify admin to grant it."
          : answer.why === "declined"
            ? "Shopify did not grant it, so code rules stay off at checkout."
            : `Shopify could not ask for it: ${answer.error}`,
      );
    }
    setAsking(false);
  };
  return (
    <Banner
      tone="warning"
      title="Code rules need Shopify's permission to manage discounts"
      action={{ content: "Grant permission", onAction: () => void ask(), loading: asking }}
    >
      {problem ?? "Margin Guardrail runs your code rules as an app discount. Grant the permission, then save."}
    </Banner>
  );
}

/** Where the saved rules stand at checkout. */
function CheckoutState({ data }: { data: CodeRulesSectionData }) {
  if (data.needsPermission) return <GrantPermission />;
  if (data.discountId && !data.discountActive) {
    return (
      <Banner tone="warning" title="Code rules are off at checkout">
        {`Your plan includes code rules again, but switching their app discount back on in ${shopifyOf(data)} did not work yet${data.syncError ? `: ${data.syncError}` : ""}. It is tried again by itself; saving the rules tries at once.`}
      </Banner>
    );
  }
  if (data.syncError) {
    return (
      <Banner tone="warning" title="Checkout does not have your latest code rules">
        {data.syncError}
      </Banner>
    );
  }
  return (
    <Text as="p" tone={data.discountId ? "success" : "subdued"}>
      {data.discountId
        ? `Live at checkout: the app discount "Margin Guardrail: code rules" runs these rules${data.demo ? " (in the demo store's stand-in of Shopify)" : ""}.`
        : "Not at checkout yet: saving a rule creates the app discount that runs them."}
    </Text>
  );
}

/**
 * The Code rules page's section (docs/product.md#code-rules): the settings, saved on Core and
 * Plus with the page's save bar, and a live preview of what they (as typed, before saving) do to
 * a cart. Protected products and collections are chosen with Shopify's resource picker.
 */
export function CodeRulesSection({ data }: { data: CodeRulesSectionData }) {
  return (
    <BlockStack gap="400">
      {data.available ? <CheckoutState data={data} /> : null}
      {!data.available && data.discountId ? (
        data.discountActive ? (
          <Banner tone="warning" title="Code rules still turn codes away at checkout">
            {`The plan no longer includes code rules, but switching their app discount off in ${shopifyOf(data)} did not work yet${data.syncError ? `: ${data.syncError}` : ""}. It is tried again by itself until it works.`}
          </Banner>
        ) : (
          <Banner tone="info" title="Code rules are off at checkout">
            {`The plan no longer includes code rules, so their app discount is switched off in ${shopifyOf(data)} and no code is turned away. Your rules are kept: upgrading to Core switches them back on.`}
          </Banner>
        )
      ) : null}
      {data.available ? (
        <CodeRulesForm data={data} />
      ) : (
        <BlockStack gap="300" inlineAlign="start">
          <Text as="p">Code rules come with the Core plan. Upgrade to turn codes away at checkout.</Text>
          <PlanButton target="core" />
        </BlockStack>
      )}
    </BlockStack>
  );
}
