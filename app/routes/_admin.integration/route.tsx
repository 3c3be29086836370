import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Badge, BlockStack, InlineGrid, InlineStack, Text } from "@shopify/polaris";
import { AdminPage } from "../../components/AdminPage";
import { NamedCard } from "../../components/NamedCard";
import { getEnv } from "../../env.server";
import { orderQueueCounts } from "../../services/monitoring/order-webhooks.server";
import { requireAdmin } from "../../services/shops/admin-context.server";
import { planHasAlerts } from "../../domain/billing/plans";
import { getAlertSettings } from "../../services/alerts/settings.server";
import { DEFAULT_SMTP_PORT } from "../../forms/alerts";
import { useActionFetcher } from "../../components/useActionFetcher";
import { integrationAction, type IntegrationActionResult } from "./actions.server";
import { SlackCard, SmtpCard } from "./ChannelCards";
import { FunctionCard, PlusFeaturesCard } from "./CheckoutBlockingCards";
import { IntegrationSettingsForm, type SettingsDefaults } from "./SettingsForm";
import { flowTriggerStatuses } from "./flow-triggers";
import { getFunctionConfig } from "../../services/checkout/function-config.server";
import { checkoutClientOf, refreshValidationState } from "../../services/checkout/deploy.server";
import { shadowSummary } from "../../services/checkout/checkout-webhooks.server";
import { embedHealth, scopeHealth } from "../../services/health/health.server";
import { getBlockingSettings } from "../../services/rules/settings.server";
import { requiredScopePurpose } from "../../domain/shops/scopes";
import { planHasChartMarkers } from "../../domain/markers/chart-markers";
import { markersGranted, markersShown } from "../../services/markers/chart-markers.server";
import { ChartMarkersCard } from "./ChartMarkersCard";

export const meta: MetaFunction = () => [{ title: "Integration · Margin Guardrail" }];

export const loader = async ({ request, context: load }: LoaderFunctionArgs) => {
  const context = await requireAdmin(request, load);
  const { shop, demo, plan } = context;
  await refreshValidationState(shop.id, checkoutClientOf(context)?.graphql ?? null);
  const [functionStatus, shadow, blocking, scopes, queue, alerts, markersUp] = await Promise.all([
    getFunctionConfig(shop.id),
    shadowSummary(shop.id),
    getBlockingSettings(shop.id),
    scopeHealth(context),
    orderQueueCounts(shop.id),
    getAlertSettings(shop.id),
    markersShown(shop.id),
  ]);
  const embed = embedHealth(shop.domain, new URL(request.url).searchParams.get("host"));
  return {
    demo,
    timeZone: shop.timezone,
    installState: shop.installState,
    // both Flow triggers' states, as Flow's lifecycle callback reported them
    flowTriggers: flowTriggerStatuses({
      plan,
      flowTriggerEnabled: shop.flowTriggerEnabled,
      flowLeakTriggerEnabled: shop.flowLeakTriggerEnabled,
    }),
    scopes,
    embed: "error" in embed ? { embedded: false, reason: embed.error } : embed,
    plusEnabled: getEnv().plusPlanEnabled,
    functionStatus,
    shadow: { total: shadow.total, overLimitCents: shadow.overLimitCents },
    blocking,
    queue,
    alertsAvailable: planHasAlerts(plan),
    // the markers on Shopify's charts (docs/product.md#markers-on-shopifys-charts); the scope as
    // Shopify last said it (the Permissions row above reads it afresh)
    chartMarkers: {
      on: shop.chartMarkers,
      available: planHasChartMarkers(plan),
      granted: demo || markersGranted(shop),
      shown: markersUp,
    },
    // the card names the channel; the webhook's (masked) address is the Slack page's detail
    slack: { connected: Boolean(alerts.slackWebhook), channel: alerts.slackChannel },
    smtp: {
      host: alerts.smtpHost,
      port: alerts.smtpPort,
      username: alerts.smtpUsername,
      password: alerts.smtpPassword,
      recipients: alerts.emails.length,
    },
  };
};

export const action = ({ request }: ActionFunctionArgs) => integrationAction(request);

/**
 * One row of App status: what is checked, its state as a badge, (optionally) Shopify's name for
 * it in small print (`detail`, a permission's scope), and what that state means.
 */
function Status({
  label,
  ok,
  text,
  help,
  detail,
}: {
  label: string;
  ok: boolean;
  text: string;
  help?: string;
  detail?: string;
}) {
  return (
    <div role="group" aria-label={label}>
      <BlockStack gap="100">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <BlockStack>
            <Text as="span" breakWord>
              {label}
            </Text>
            {detail ? (
              <Text as="span" variant="bodySm" tone="subdued" breakWord>
                {detail}
              </Text>
            ) : null}
          </BlockStack>
          <Badge tone={ok ? "success" : "attention"}>{text}</Badge>
        </InlineStack>
        {help ? (
          <Text as="p" variant="bodySm" tone="subdued">
            {help}
          </Text>
        ) : null}
      </BlockStack>
    </div>
  );
}

/** The page form's starting text: what is stored (the SMTP password never; SMTP not on Free). */
function settingsDefaults(data: {
  alertsAvailable: boolean;
  smtp: { host: string | null; port: number; username: string | null };
  functionStatus: { thresholdPercent: number };
  blocking: { instantBlocking: boolean; staffOverride: boolean; customerMessage: string };
  chartMarkers: { on: boolean };
}): SettingsDefaults {
  return {
    ...(data.alertsAvailable
      ? {
          smtpHost: data.smtp.host ?? "",
          smtpPort: String(data.smtp.port || DEFAULT_SMTP_PORT),
          smtpUsername: data.smtp.username ?? "",
          smtpPassword: "",
        }
      : {}),
    thresholdPercent: String(data.functionStatus.thresholdPercent),
    instantBlocking: String(data.blocking.instantBlocking),
    staffOverride: String(data.blocking.staffOverride),
    customerMessage: data.blocking.customerMessage,
    chartMarkers: String(data.chartMarkers.on),
  };
}

export default function Integration() {
  const data = useLoaderData<typeof loader>();
  // here, not in the form: the form starts again after a save, and the toast shows once
  const save = useActionFetcher<IntegrationActionResult>("integration-settings");
  return (
    <AdminPage title="Integration" description="Connections, app status and checkout blocking">
      <IntegrationSettingsForm defaults={settingsDefaults(data)} save={save}>
        <InlineGrid columns={{ xs: 1, md: 2 }} gap="400">
          <SlackCard available={data.alertsAvailable} {...data.slack} />
          <SmtpCard
            available={data.alertsAvailable}
            host={data.smtp.host}
            password={data.smtp.password}
            recipients={data.smtp.recipients}
          />
          <NamedCard name="App status">
            <BlockStack gap="300">
              <Text as="h2" variant="headingMd">
                App status
              </Text>
              <Status label="Shopify connection" ok={!data.demo} text={data.demo ? "Demo store" : "Connected"} />
              <Status
                label="Open inside Shopify admin"
                ok={data.embed.embedded}
                text={data.embed.embedded ? "Yes" : data.demo ? "Demo store (outside Shopify)" : "No"}
                help={
                  data.embed.embedded || data.demo
                    ? undefined
                    : "Open Margin Guardrail from Apps in your Shopify admin to use it there."
                }
              />
              <Status
                label="Order monitoring"
                ok={data.installState === "installed"}
                text={data.installState === "installed" ? "On" : "Off (app uninstalled)"}
              />
              {data.flowTriggers.map((trigger) => (
                <Status key={trigger.label} {...trigger} />
              ))}
              <Status
                label="Orders waiting to be checked"
                ok={data.queue.waiting === 0}
                text={data.queue.waiting === 0 ? "None" : String(data.queue.waiting)}
              />
              <Status
                label="Orders whose check failed (retried automatically)"
                ok={data.queue.failed === 0}
                text={data.queue.failed === 0 ? "None" : String(data.queue.failed)}
              />
              <Status
                label="Permissions"
                ok={data.scopes.source !== "demo" && data.scopes.missing.length === 0}
                text={
                  data.scopes.source === "demo"
                    ? "Demo store (not asked)"
                    : data.scopes.missing.length === 0
                      ? `All granted (${data.scopes.required.length} of ${data.scopes.required.length})`
                      : `${data.scopes.missing.length} missing`
                }
                help={
                  data.scopes.missing.length > 0
                    ? "Shopify asks you to grant them the next time you open the app from your Shopify admin."
                    : undefined
                }
              />
              {data.scopes.missing.map((scope) => (
                <Status key={scope} label={requiredScopePurpose(scope)} detail={scope} ok={false} text="Not granted" />
              ))}
              {data.scopes.error ? (
                <Text as="p" tone="subdued">
                  {data.scopes.error}
                </Text>
              ) : null}
              <Text as="h3" variant="headingSm">
                Optional permissions
              </Text>
              <Text as="p" tone="subdued">
                Asked for only when you turn on what needs them, in a rule&apos;s order actions or the code rules.
              </Text>
              {data.scopes.optional.map((entry) => (
                <Status
                  key={entry.scope}
                  label={entry.purpose}
                  detail={entry.scope}
                  ok={entry.granted}
                  text={
                    data.scopes.source === "demo" ? "Demo store (not asked)" : entry.granted ? "Granted" : "Not granted"
                  }
                />
              ))}
            </BlockStack>
          </NamedCard>
          <FunctionCard
            status={data.functionStatus}
            shadow={data.shadow}
            plusEnabled={data.plusEnabled}
            demo={data.demo}
            timeZone={data.timeZone}
          />
          <PlusFeaturesCard plusEnabled={data.plusEnabled} />
          <ChartMarkersCard
            on={data.chartMarkers.on}
            available={data.chartMarkers.available}
            granted={data.chartMarkers.granted}
            shown={data.chartMarkers.shown}
          />
        </InlineGrid>
      </IntegrationSettingsForm>
    </AdminPage>
  );
}
