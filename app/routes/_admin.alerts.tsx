import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Badge, BlockStack, Card, InlineStack, Text } from "@shopify/polaris";
import { AdminPage, PlanButton } from "../components/AdminPage";
import { codesOf } from "../domain/audit-view";
import prisma from "../db.server";
import { requireAdmin } from "../services/shops/admin-context.server";

export const meta: MetaFunction = () => [{ title: "Alerts · Margin Guardrail" }];

export const loader = async ({ request, context: load }: LoaderFunctionArgs) => {
  const { shop, plan } = await requireAdmin(request, load);
  if (plan === "free") return { locked: true as const };
  const settings = await prisma.alertSettings.findUnique({ where: { shopId: shop.id } });
  return {
    locked: false as const,
    settings: settings && {
      emailEnabled: settings.emailEnabled,
      slackEnabled: settings.slackEnabled,
      webhookEnabled: settings.webhookEnabled,
      emails: codesOf(settings.emails),
      slackChannel: settings.slackChannel,
      webhooks: codesOf(settings.webhooks),
      frequency: settings.frequency,
      minSeverity: settings.minSeverity,
      quietHours: settings.quietStart && settings.quietEnd ? `${settings.quietStart}–${settings.quietEnd}` : null,
    },
  };
};

function Channel({ name, enabled, detail }: { name: string; enabled: boolean; detail: string }) {
  return (
    <InlineStack align="space-between" blockAlign="center">
      <BlockStack gap="050">
        <Text as="h3" variant="headingSm">
          {name}
        </Text>
        <Text as="p" tone="subdued">
          {detail}
        </Text>
      </BlockStack>
      <Badge tone={enabled ? "success" : undefined}>{enabled ? "On" : "Off"}</Badge>
    </InlineStack>
  );
}

export default function Alerts() {
  const data = useLoaderData<typeof loader>();
  if (data.locked) {
    return (
      <AdminPage title="Alerts" description="E-mail, Slack and webhook alerts when a rule is broken">
        <Card>
          <BlockStack gap="300" inlineAlign="start">
            <Text as="h2" variant="headingLg">
              Unlock Alerts with Core
            </Text>
            <Text as="p">
              Upgrade for alerts: hear about every breach by e-mail, Slack or webhook, with digests and quiet hours.
            </Text>
            <PlanButton target="core" />
          </BlockStack>
        </Card>
      </AdminPage>
    );
  }
  const settings = data.settings;
  return (
    <AdminPage title="Alerts" description="E-mail, Slack and webhook alerts when a rule is broken">
      <Card>
        <BlockStack gap="400">
          <Text as="h2" variant="headingMd">
            Notification channels
          </Text>
          {settings ? (
            <>
              <Channel
                name="E-mail"
                enabled={settings.emailEnabled}
                detail={settings.emails.join(", ") || "No recipients yet"}
              />
              <Channel name="Slack" enabled={settings.slackEnabled} detail={settings.slackChannel} />
              <Channel
                name="Webhooks"
                enabled={settings.webhookEnabled}
                detail={settings.webhooks.join(", ") || "No webhook URLs yet"}
              />
              <Text as="p">
                Frequency: {settings.frequency} · Minimum severity: {settings.minSeverity} · Quiet hours:{" "}
                {settings.quietHours ?? "none"}
              </Text>
            </>
          ) : (
            <Text as="p" tone="subdued">
              No alert settings saved yet.
            </Text>
          )}
        </BlockStack>
      </Card>
    </AdminPage>
  );
}
