import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { Badge, Banner, BlockStack, Button, Card, InlineStack, List, Text } from "@shopify/polaris";
import { AdminPage } from "../components/AdminPage";
import { withEmbeddedQuery } from "../components/admin-nav";
import { DiscountNotFound, DiscountUnreachable } from "../components/DiscountPageScreens";
import { formatShopDateTime } from "../domain/dates";
import { parseDiscountId, parseFunctionId } from "../domain/code-rules/discount-paths";
import { actionClientOf } from "../services/actions/admin-client.server";
import { CODE_RULES_NEED_CORE, CODES_DISCOUNT_TITLE, getCodeRules } from "../services/code-rules/code-rules.server";
import { discountInShopify, isCodesFunction, rulesInBrief } from "../services/code-rules/discount-pages.server";
import { requireAdmin } from "../services/shops/admin-context.server";

/**
 * /discounts/:functionId/:id: the page Shopify's Discounts page opens for the code-rules discount
 * (its `[extensions.ui.paths]` details path; docs/discount-apps.md,
 * docs/product.md#shopifys-discounts-page): whether it is active in Shopify, when the rules
 * were last written there, the rules in brief, and the way to its settings (the Code rules tab).
 * Any other discount or Function gets the not-found screen (404).
 */

export const meta: MetaFunction = () => [{ title: "Code rules discount · Margin Guardrail" }];

export const loader = async ({ request, params, context: load }: LoaderFunctionArgs) => {
  const context = await requireAdmin(request, load);
  const functionId = parseFunctionId(params.functionId);
  const discountId = parseDiscountId(params.id);
  const notFound = () => data({ page: "not-found" as const }, { status: 404 });
  if (!functionId || !discountId) return notFound();
  const codeRules = await getCodeRules({ id: context.shop.id, plan: context.plan });
  // only the shop's own code-rules discount has a page here
  if (codeRules.discountId !== discountId) return notFound();
  const client = actionClientOf(context);
  const ours = await isCodesFunction(client, functionId);
  if (!ours.ok) return data({ page: "unreachable" as const, message: ours.error.message }, { status: 502 });
  if (!ours.value) return notFound();
  const shopify = await discountInShopify(client, discountId);
  const when = (iso: string | null) => (iso ? formatShopDateTime(iso, { timeZone: context.shop.timezone }) : null);
  return data({
    page: "details" as const,
    // the texts come from server modules, which the browser's bundle does not have
    title: shopify.title || CODES_DISCOUNT_TITLE,
    coreOnly: CODE_RULES_NEED_CORE,
    available: codeRules.available,
    demo: context.demo,
    switchedOn: codeRules.discountActive,
    shopify,
    syncedAt: when(codeRules.syncedAt),
    syncError: codeRules.syncError,
    rules: rulesInBrief(codeRules.rules),
  });
};

type Details = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { page: "details" }>;

/** "Active at checkout" only when Shopify says so and the app has it switched on. */
function stateOf(details: Details): {
  badge: string;
  tone: "success" | "warning" | "critical" | undefined;
  text: string;
} {
  const where = details.demo ? "the demo store's stand-in of Shopify" : "Shopify";
  if (details.shopify.missing) {
    return {
      badge: "Not in Shopify",
      tone: "critical",
      text: `The discount is gone from ${where} (deleted there). Saving your code rules creates it again.`,
    };
  }
  if (!details.switchedOn) {
    return {
      badge: "Off",
      tone: "warning",
      text: details.available
        ? `Your plan includes code rules, but switching the discount back on in ${where} did not work yet. It is tried again by itself.`
        : `Switched off in ${where}: ${details.coreOnly}`,
    };
  }
  if (details.shopify.error) {
    return {
      badge: "Active",
      tone: "success",
      text: `Switched on. ${where} did not answer just now, so its own status is not shown: ${details.shopify.error}`,
    };
  }
  if (details.shopify.status === "ACTIVE") {
    return { badge: "Active", tone: "success", text: `Active in ${where}: checkout runs your code rules.` };
  }
  return {
    badge: details.shopify.status === "SCHEDULED" ? "Scheduled" : "Expired",
    tone: "warning",
    text: `${where} has it ${details.shopify.status === "SCHEDULED" ? "scheduled, not active yet" : "expired or switched off"}: checkout does not run your code rules now.`,
  };
}

export default function DiscountDetails() {
  const loaded = useLoaderData<typeof loader>();
  const { search } = useLocation();
  if (loaded.page === "not-found") return <DiscountNotFound />;
  if (loaded.page === "unreachable") return <DiscountUnreachable message={loaded.message} />;
  const state = stateOf(loaded);
  return (
    <AdminPage
      title={loaded.title}
      description="Runs your code rules at checkout: codes are turned away with your message. It gives no discount itself."
      titleMetadata={<Badge tone={state.tone}>{state.badge}</Badge>}
      backAction={{ content: "Code rules", url: "/rules/code-rules" }}
    >
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            State
          </Text>
          <Text as="p">{state.text}</Text>
          <Text as="p" tone="subdued">
            {loaded.syncedAt
              ? `Rules last written to ${loaded.demo ? "the stand-in" : "Shopify"}: ${loaded.syncedAt}`
              : "Rules not written yet."}
          </Text>
          {loaded.syncError && (
            <Banner tone="warning" title="Checkout does not have your latest code rules">
              <p>{loaded.syncError}</p>
            </Banner>
          )}
        </BlockStack>
      </Card>
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            Rules
          </Text>
          {loaded.rules.length ? (
            <List type="bullet">
              {loaded.rules.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          ) : (
            <Text as="p">No rule is on yet: the discount turns no code away.</Text>
          )}
          <InlineStack>
            <Button variant="primary" url={withEmbeddedQuery("/rules/code-rules", search)}>
              Edit code rules
            </Button>
          </InlineStack>
        </BlockStack>
      </Card>
    </AdminPage>
  );
}
