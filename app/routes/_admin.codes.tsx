import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Banner, BlockStack, Box, Card, Text } from "@shopify/polaris";
import { useCallback, useMemo, useState } from "react";
import { AdminPage } from "../components/AdminPage";
import { useNarrow } from "../components/audit-log/useNarrow";
import { CodeSettingsDialog } from "../components/codes/CodeSettingsDialog";
import { CodesTable } from "../components/codes/CodesTable";
import { sortCodes } from "../components/codes/code-rows";
import { LEAK_THRESHOLDS, planHasLeakFlags } from "../domain/leaks/code-leaks";
import { grantedScopesOf, missingScopes } from "../domain/shops/scopes";
import { formIntent, pageAction } from "../http/page-action.server";
import { codeSettingsFormSchema, codeSwitchSchema } from "../forms/codes";
import { ok } from "../domain/result";
import { actionClientOf } from "../services/actions/admin-client.server";
import { codesMissingInShopify, listCodes, saveCodeSettings, setCodeActive } from "../services/leaks/codes.server";
import { requireAdmin, type AdminContext } from "../services/shops/admin-context.server";

export const meta: MetaFunction = () => [{ title: "Discount codes · Margin Guardrail" }];

/** /codes: the leaked-code detector (docs/product.md#leaked-codes). */
export const loader = async ({ request, context: load }: LoaderFunctionArgs) => {
  const context = await requireAdmin(request, load);
  const codes = await listCodes({ id: context.shop.id, plan: context.plan }, { limit: 200 });
  const flags = planHasLeakFlags(context.plan);
  return {
    codes,
    flags,
    // the deactivate button is offered only for codes Shopify has a discount for
    notInShopify: flags ? await codesMissingInShopify(actionClientOf(context), codes) : [],
    needsPermission:
      !context.demo && missingScopes(["write_discounts"], grantedScopesOf(context.shop.grantedScopes)).length > 0,
    timeZone: context.shop.timezone,
  };
};

/** The page's intents, with the API's rules: save a code's settings, deactivate or reactivate it. */
// made inside a function: a route module's top level reaches the browser's bundle
const codesAction = () =>
  pageAction<AdminContext>(
    {
      settings: formIntent(codeSettingsFormSchema, { failure: "Not saved" }, async ({ code, ...settings }, context) => {
        const saved = await saveCodeSettings({ ...context.shop, plan: context.plan }, code, settings);
        return saved.ok ? ok({ title: `${code} saved` }) : saved;
      }),
      deactivate: formIntent(codeSwitchSchema, { failure: "Not done" }, async ({ code }, context) => {
        const done = await setCodeActive(context, actionClientOf(context), code, false);
        return done.ok ? ok({ title: `${code} deactivated` }) : done;
      }),
      reactivate: formIntent(codeSwitchSchema, { failure: "Not done" }, async ({ code }, context) => {
        const done = await setCodeActive(context, actionClientOf(context), code, true);
        return done.ok ? ok({ title: `${code} reactivated` }) : done;
      }),
    },
    "Not saved",
  );

export const action = async ({ request }: ActionFunctionArgs) => codesAction()(request, await requireAdmin(request));

/**
 * The page: the rules in brief, the plan's and the permission's notes, and the table of codes
 * (app/components/codes/); a row's Edit opens the code's settings in a dialog.
 */
export default function CodesPage() {
  const { codes, flags, notInShopify, needsPermission, timeZone } = useLoaderData<typeof loader>();
  const [listBox, narrow] = useNarrow();
  const [editing, setEditing] = useState<{ code: string; opening: number } | null>(null);
  const onEdit = useCallback(
    (code: string) => setEditing((current) => ({ code, opening: (current?.opening ?? 0) + 1 })),
    [],
  );
  const close = useCallback(() => setEditing(null), []);
  const rows = useMemo(() => sortCodes(codes), [codes]);
  const edited = editing ? rows.find((code) => code.code === editing.code) : undefined;
  const t = LEAK_THRESHOLDS;
  return (
    <AdminPage title="Discount codes" description="Every code seen in your orders, and the ones that probably leaked">
      <BlockStack gap="400">
        {/* on a phone the page's cards reach the screen's edges; its text keeps a margin */}
        <Box paddingInline={{ xs: "400", sm: "0" }}>
          <Text as="p" tone="subdued">
            A code is flagged “probably leaked” when a rule you can read fires: a velocity spike ({t.velocityFactor}×
            its own hourly baseline of the previous 7 days, at least {t.velocityMinUses} uses in the hour), its audience
            exceeded (or, with no audience set, {t.usageLimitShare * 100} % of Shopify&apos;s usage limit reached within{" "}
            {t.usageLimitDays} days of the first use, at least {t.usageLimitMinUses} uses), more than{" "}
            {t.segmentMaxShare * 100} % of orders from outside its segment (at least {t.segmentMinOutside}), more than{" "}
            {t.firstTimeMaxShare * 100} % first-time customers (over at least {t.firstTimeMinOrders} orders) or more
            than {t.maxCountries} shipping countries.
          </Text>
        </Box>
        {!flags ? (
          <Banner tone="info">
            <Text as="p">
              Counts are kept on every plan; flags, their alerts and the deactivate button are part of Core and Plus.
            </Text>
          </Banner>
        ) : null}
        {flags && needsPermission ? (
          <Banner tone="warning">
            <Text as="p">
              Shopify has not granted Margin Guardrail permission to manage discounts (write_discounts): grant it on the
              Code rules page to deactivate a code from here.
            </Text>
          </Banner>
        ) : null}
        {rows.length === 0 ? (
          <Card>
            <Text as="p">No order has used a discount code yet.</Text>
          </Card>
        ) : (
          <div ref={listBox}>
            <Card padding="0">
              <CodesTable
                codes={rows}
                condensed={narrow}
                context={{ flags, notInShopify, needsPermission, timeZone, onEdit }}
              />
            </Card>
          </div>
        )}
      </BlockStack>
      {editing && edited ? (
        <CodeSettingsDialog
          key={editing.opening}
          code={edited}
          submission={`${edited.code}-${editing.opening}`}
          onClose={close}
        />
      ) : null}
    </AdminPage>
  );
}
