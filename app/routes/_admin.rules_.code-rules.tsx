import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BlockStack, Card } from "@shopify/polaris";
import { AdminPage } from "../components/AdminPage";
import { grantedScopesOf, missingScopes } from "../domain/shops/scopes";
import { actionClientOf } from "../services/actions/admin-client.server";
import { getCodeRules } from "../services/code-rules/code-rules.server";
import { pickerCatalog, resourceTitles } from "../services/code-rules/resources.server";
import { requireAdmin } from "../services/shops/admin-context.server";
import { handleRulesAction } from "./_admin.rules/actions.server";
import { CodeRulesSection, type CodeRulesSectionData } from "./_admin.rules/CodeRulesSection";
import { RulesTabs } from "./_admin.rules/RulesTabs";

/**
 * /rules/code-rules: the code rules (docs/product.md#code-rules) on a page of their own in the
 * Rules area (docs/product.md#code-rules), server-rendered, with the
 * page's one save bar; the protected products and collections chosen with the resource picker.
 */

export const meta: MetaFunction = () => [{ title: "Code rules · Margin Guardrail" }];

export const loader = async ({ request, context: load }: LoaderFunctionArgs) => {
  const context = await requireAdmin(request, load);
  const { shop, plan, demo } = context;
  const codeRules = await getCodeRules({ id: shop.id, plan });
  const client = actionClientOf(context);
  const { settings } = codeRules;
  // the saved ids by title; the demo store's picker lists what its stand-in of Shopify has
  const [resources, catalog] = await Promise.all([
    codeRules.available
      ? resourceTitles(client, [...settings.protectedProductIds, ...settings.protectedCollectionIds])
      : { titles: {}, error: null },
    demo && codeRules.available ? pickerCatalog(client) : null,
  ]);
  return {
    codeRules: {
      settings,
      available: codeRules.available,
      discountId: codeRules.discountId,
      discountActive: codeRules.discountActive,
      syncError: codeRules.syncError,
      demo,
      needsPermission: !demo && missingScopes(["write_discounts"], grantedScopesOf(shop.grantedScopes)).length > 0,
      titles: resources.titles,
      titlesError: resources.error,
      pickerOptions: catalog,
    } satisfies CodeRulesSectionData,
  };
};

/** The Rules area's action (./_admin.rules/actions.server.ts), for this page's one form: "saveCodeRules". */
export const action = async ({ request }: ActionFunctionArgs) =>
  handleRulesAction(request, await requireAdmin(request), { codeRulesOnly: true });

export default function CodeRules() {
  const { codeRules } = useLoaderData<typeof loader>();
  return (
    <AdminPage
      title="Code rules"
      description="Turn discount codes away as customers enter them at checkout, with your message, before they pay."
    >
      <BlockStack gap="400">
        <RulesTabs selected="code-rules" />
        <Card>
          <CodeRulesSection data={codeRules} />
        </Card>
      </BlockStack>
    </AdminPage>
  );
}
