import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Banner, BlockStack, Card, Divider, InlineStack, Text } from "@shopify/polaris";
import { useCallback, useState } from "react";
import { AdminPage, useAdminLayout } from "../../components/AdminPage";
import { AdvancedRules, DiscountMethodKinds } from "./AdvancedRules";
import { CollectionRuleForm } from "./CollectionRuleForm";
import { CollectionRuleDialog } from "./CollectionRuleDialog";
import { EMPTY_RULE, RuleDialog, type RuleFormValues } from "./RuleDialog";
import { PlusIcon } from "@shopify/polaris-icons";
import { RuleList } from "./RuleList";
import { useAppBridgePresent } from "../../components/useAppBridge";
import { PLANS, RULE_LIMIT_REACHED, canActivateAnotherRule } from "../../domain/billing/plans";
import { requireAdmin } from "../../services/shops/admin-context.server";
import { handleRulesAction } from "./actions.server";
import { collectionRuleListItem, ruleListItem, type CollectionRuleValues, type RuleListItem } from "./rule-list-items";
import {
  countActiveRules,
  listCollectionRules,
  listRules,
  pausedRulesView,
  RESUMED_SHOWN_MS,
  rulesResumedSince,
  planLimitMessage,
  testedCounts,
} from "../../services/rules/rules.server";
import { PausedRulesBanner } from "../../components/PausedRulesBanner";
import { useRulesFetcher } from "./useRulesFetcher";
import { BacktestPanel, useBacktest } from "../../components/Backtest";
import { planHasOrderActions } from "../../domain/actions/order-actions";
import { grantedScopesOf } from "../../domain/shops/scopes";
import type { OrderActionsAccess } from "./OrderActionsFields";
import { RulesTabs } from "./RulesTabs";

export const meta: MetaFunction = () => [{ title: "Rules · Margin Guardrail" }];

async function ruleItems(shopId: string, timeZone: string): Promise<RuleListItem[]> {
  const [rules, collectionRules, tested] = await Promise.all([
    listRules(shopId),
    listCollectionRules(shopId),
    testedCounts(shopId),
  ]);
  // each rule's status and schedule in the shop's zone (docs/product.md#status-and-schedule)
  const context = { now: new Date(), timeZone, tested };
  return [
    ...rules.map((rule) => ruleListItem(rule, context)),
    ...collectionRules.map((rule) => collectionRuleListItem(rule, context)),
  ];
}

export const loader = async ({ request, context: load }: LoaderFunctionArgs) => {
  const { shop, plan, demo } = await requireAdmin(request, load);
  // the list is rendered on the server with the page, not streamed (docs/architecture.md#before-hydration,
  // docs/product.md#rules); code rules and the settings have pages of their own
  const [rules, activeCount, paused] = await Promise.all([
    ruleItems(shop.id, shop.timezone),
    countActiveRules(shop.id),
    pausedRulesView(shop.id, plan),
  ]);
  // what a plan change resumed lately, named (docs/product.md#plans)
  const resumed = await rulesResumedSince(shop.id, new Date(Date.now() - RESUMED_SHOWN_MS));
  const atLimit = !canActivateAnotherRule(plan, activeCount);
  const granted = grantedScopesOf(shop.grantedScopes);
  return {
    rules,
    activeCount,
    ruleLimit: PLANS[plan].ruleLimit,
    limitReached: atLimit,
    limitNotice: atLimit ? planLimitMessage(plan) : null,
    timeZone: shop.timezone,
    paused,
    resumed,
    orderActions: {
      available: planHasOrderActions(plan),
      // the demo store acts on its stand-in of Shopify, which asks for no permission
      grantedScopes: demo ? null : granted,
      flowTriggerEnabled: shop.flowTriggerEnabled,
    } satisfies OrderActionsAccess,
  };
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const context = await requireAdmin(request);
  return handleRulesAction(request, context);
};

export default function Rules() {
  const { rules, activeCount, ruleLimit, limitReached, limitNotice, paused, resumed, orderActions, timeZone } =
    useLoaderData<typeof loader>();
  const resume = useRulesFetcher("resume-paused");
  const { demo, plan, plusEnabled } = useAdminLayout();
  const appBridge = useAppBridgePresent(demo);
  const [dialog, setDialog] = useState<{ mode: "add" | "edit"; values: RuleFormValues } | null>(null);
  const [collectionEdit, setCollectionEdit] = useState<{ name: string; values: CollectionRuleValues } | null>(null);
  const close = useCallback(() => setDialog(null), []);
  const closeCollectionEdit = useCallback(() => setCollectionEdit(null), []);
  const edit = useCallback((rule: RuleListItem) => {
    if (rule.collectionEdit) setCollectionEdit({ name: rule.name, values: rule.collectionEdit });
    else if (rule.edit)
      setDialog({
        mode: "edit",
        values: (({ status, startsAt, endsAt, ...edit }) => ({
          id: rule.id,
          name: rule.name,
          description: rule.description ?? "",
          ...edit,
          schedule: { status, startsAt, endsAt },
        }))(rule.edit),
      });
  }, []);
  const add = useCallback(() => setDialog({ mode: "add", values: EMPTY_RULE }), []);

  // The list is server-rendered with the page: no "Loading rules..." that the cards then push
  // down (docs/product.md#rules). With no rules, the empty state's Add Rule is the
  // page's one primary action. At the plan's limit Add Rule is disabled, the banner saying why
  // (docs/product.md#plans); the server refuses one more active rule all the same.
  return (
    <AdminPage
      title="Rules"
      description="Discount thresholds and margin protection for every order"
      primaryAction={
        rules.length > 0
          ? {
              content: "Add Rule",
              icon: PlusIcon,
              onAction: add,
              disabled: limitReached,
              helpText: limitReached ? RULE_LIMIT_REACHED : undefined,
            }
          : undefined
      }
    >
      <RulesTabs selected="rules" />
      <Card>
        <BlockStack gap="500">
          <BlockStack gap="100">
            <Text as="h2" variant="headingLg">
              Rule Builder
            </Text>
            <Text as="p" tone="subdued">
              Configure discount thresholds and margin protection
            </Text>
          </BlockStack>
          {paused ? (
            <PausedRulesBanner
              paused={paused}
              action={
                paused.resumable > 0
                  ? {
                      content: "Resume paused rules",
                      loading: resume.state !== "idle",
                      onAction: () => resume.submit({ intent: "resumePaused" }, { method: "post" }),
                    }
                  : undefined
              }
            />
          ) : null}
          {resumed.length > 0 ? (
            <Banner
              tone="success"
              title={`${resumed.length === 1 ? "1 rule" : `${resumed.length} rules`} resumed by your plan`}
            >
              <p>{`Your plan has room for them again, so they are checked against every order: ${resumed.join(", ")}.`}</p>
            </Banner>
          ) : null}
          {limitNotice ? <Banner tone="warning">{limitNotice}</Banner> : null}
          <InlineStack align="space-between">
            <Text as="h3" variant="headingMd">
              Basic Rules
            </Text>
            <Text as="span" tone="subdued">
              {ruleLimit === null ? `${activeCount} active` : `${activeCount} active of your plan's ${ruleLimit}`}
            </Text>
          </InlineStack>
          <RuleList rules={rules} onEdit={edit} onAdd={add} limitReached={limitReached} />
          <Divider />
          <CollectionRuleForm appBridge={appBridge} timeZone={timeZone} limitReached={limitReached} />
          <Divider />
          <AdvancedRules plan={plan} plusEnabled={plusEnabled} />
          <Divider />
          <DiscountMethodKinds />
        </BlockStack>
      </Card>
      <RulesBacktestCard />
      {dialog ? (
        <RuleDialog
          key={dialog.values.id ?? "new"}
          mode={dialog.mode}
          initial={dialog.values}
          onClose={close}
          access={orderActions}
          timeZone={timeZone}
        />
      ) : null}
      <CollectionRuleDialog
        editing={collectionEdit}
        appBridge={appBridge}
        access={orderActions}
        onClose={closeCollectionEdit}
        timeZone={timeZone}
      />
    </AdminPage>
  );
}

/** "What would these rules have caught": the active rules over the last 60 days of orders. */
function RulesBacktestCard() {
  const backtest = useBacktest();
  return (
    <Card>
      <BlockStack gap="400">
        <BlockStack gap="100">
          <Text as="h2" variant="headingLg">
            What would your rules have caught?
          </Text>
          <Text as="p" tone="subdued">
            Runs your active rules over your orders of the last 60 days, as if they had been on. Nothing is recorded and
            nobody is alerted.
          </Text>
        </BlockStack>
        <BacktestPanel backtest={backtest} request={() => ({})} />
      </BlockStack>
    </Card>
  );
}
