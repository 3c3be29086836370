import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminPage, useAdminLayout } from "../components/AdminPage";
import { CostSettingsLink } from "../components/CostSettingsLink";
import { useActionFetcher } from "../components/useActionFetcher";
import { getBlockingSettings, getStackingSettings } from "../services/rules/settings.server";
import { requireAdmin } from "../services/shops/admin-context.server";
import { handleRulesAction } from "./_admin.rules/actions.server";
import type { PageActionResult } from "../forms/page-action";
import { RulesTabs } from "./_admin.rules/RulesTabs";
import { RulesSettingsForm } from "./_admin.rules/SettingsForms";

export const meta: MetaFunction = () => [{ title: "Stacking & blocking · Rules · Margin Guardrail" }];

/** /rules/settings: the stacking and blocking settings, one form (docs/product.md#rules). */
export const loader = async ({ request, context: load }: LoaderFunctionArgs) => {
  const { shop } = await requireAdmin(request, load);
  const [stacking, blocking] = await Promise.all([getStackingSettings(shop.id), getBlockingSettings(shop.id)]);
  return { settings: { stacking, blocking } };
};

/** The Rules pages' one action (app/routes/_admin.rules/actions.server.ts): its intents and toasts. */
export const action = async ({ request }: ActionFunctionArgs) => {
  const context = await requireAdmin(request);
  return handleRulesAction(request, context);
};

export default function RulesSettings() {
  const { settings } = useLoaderData<typeof loader>();
  const { plan, plusEnabled } = useAdminLayout();
  const save = useActionFetcher<PageActionResult>("rules-settings-save");
  return (
    <AdminPage title="Rules" description="Discount thresholds and margin protection for every order">
      <RulesTabs selected="settings" />
      <RulesSettingsForm settings={settings} save={save} plan={plan} plusEnabled={plusEnabled} />
      <CostSettingsLink />
    </AdminPage>
  );
}
