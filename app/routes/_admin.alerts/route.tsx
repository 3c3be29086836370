import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BlockStack, Card, Text } from "@shopify/polaris";
import { AdminPage, PlanButton } from "../../components/AdminPage";
import { getEnv } from "../../env.server";
import { planHasAlerts } from "../../domain/billing/plans";
import { inQuietHours } from "../../domain/alerts/quiet-hours";
import { useActionFetcher } from "../../components/useActionFetcher";
import { recentDeliveries } from "../../services/alerts/delivery.server";
import { getAlertSettings } from "../../services/alerts/settings.server";
import { requireAdmin } from "../../services/shops/admin-context.server";
import { alertsAction, type AlertsActionResult } from "./actions.server";
import { AlertSettingsForm, settingsFormKey } from "./AlertSettingsForm";
import { DeliveryLog } from "./DeliveryLog";
import { WebhookHealth } from "./WebhookHealth";

export const meta: MetaFunction = () => [{ title: "Alerts · Margin Guardrail" }];

/** How many deliveries the page lists. */
const PAGE_DELIVERIES = 20;

export const loader = async ({ request, context: load }: LoaderFunctionArgs) => {
  const { shop, plan } = await requireAdmin(request, load);
  // locked on Free, the page still shows what was queued before and what became of it (alerts
  // a downgrade stopped say so: docs/product.md#plans)
  if (!planHasAlerts(plan)) {
    return {
      locked: true as const,
      deliveries: await recentDeliveries(shop.id, PAGE_DELIVERIES),
      timeZone: shop.timezone,
    };
  }
  const [settings, deliveries] = await Promise.all([
    getAlertSettings(shop.id),
    recentDeliveries(shop.id, PAGE_DELIVERIES),
  ]);
  const quiet =
    settings.quietStart && settings.quietEnd ? { start: settings.quietStart, end: settings.quietEnd } : null;
  const now = new Date();
  return {
    locked: false as const,
    settings,
    deliveries,
    timeZone: shop.timezone,
    quietNow: quiet && inQuietHours(quiet, now, shop.timezone) ? quiet.end : null,
    production: getEnv().isProduction,
  };
};

export const action = async ({ request }: ActionFunctionArgs) => {
  // the page is locked on Free; a form posted anyway is refused and changes nothing
  return alertsAction(request, await requireAdmin(request), getEnv().isProduction);
};

const DESCRIPTION = "E-mail, Slack and webhook alerts when a rule is broken";

export default function Alerts() {
  const loaded = useLoaderData<typeof loader>();
  // here, not in the form: a save reloads (remounts) the form, and its toast must show once
  const save = useActionFetcher<AlertsActionResult>("alerts-save");
  if (loaded.locked) {
    return (
      <AdminPage title="Alerts" description={DESCRIPTION}>
        <BlockStack gap="400">
          <Card>
            <BlockStack gap="300" inlineAlign="start">
              <Text as="h2" variant="headingLg">
                Unlock Alerts with Core
              </Text>
              <Text as="p">
                Upgrade for alerts: hear about every breach by e-mail, Slack or signed webhook, as it happens or in
                hourly and daily digests, with quiet hours.
              </Text>
              <PlanButton target="core" />
            </BlockStack>
          </Card>
          {/* what was queued before the plan changed, and what became of it */}
          {loaded.deliveries.length > 0 ? (
            <DeliveryLog deliveries={loaded.deliveries} timeZone={loaded.timeZone} />
          ) : null}
        </BlockStack>
      </AdminPage>
    );
  }
  return (
    <AdminPage title="Alerts" description={DESCRIPTION}>
      <BlockStack gap="400">
        <WebhookHealth endpoints={loaded.settings.webhookEndpoints} timeZone={loaded.timeZone} />
        <AlertSettingsForm
          // a save reloads the settings: the form starts again from what was stored
          key={settingsFormKey(loaded.settings)}
          settings={loaded.settings}
          save={save}
          timeZone={loaded.timeZone}
          quietNow={loaded.quietNow}
          production={loaded.production}
          savedSecret={
            save.state === "idle" && save.data?.intent === "save" ? save.data.value?.signingSecret : undefined
          }
        />
        <DeliveryLog deliveries={loaded.deliveries} timeZone={loaded.timeZone} />
      </BlockStack>
    </AdminPage>
  );
}
