import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Badge, BlockStack, Card, InlineGrid, InlineStack, Text } from "@shopify/polaris";
import { AdminPage } from "../../components/AdminPage";
import { NamedCard } from "../../components/NamedCard";
import prisma from "../../db.server";
import { getEnv } from "../../env.server";
import { orderQueueCounts } from "../../db/order-queue.sql.server";
import { requireAdmin } from "../../services/shops/admin-context.server";
import { planHasAlerts } from "../../domain/plans";
import { getAlertSettings } from "../../services/alerts/settings.server";
import { integrationAction } from "./actions.server";
import { SlackCard, SmtpCard } from "./ChannelCards";

export const meta: MetaFunction = () => [{ title: "Integration · Margin Guardrail" }];

export const loader = async ({ request, context: load }: LoaderFunctionArgs) => {
  const { shop, demo, plan } = await requireAdmin(request, load);
  const [config, queue, alerts] = await Promise.all([
    prisma.functionConfig.findUnique({ where: { shopId: shop.id } }),
    orderQueueCounts(shop.id),
    getAlertSettings(shop.id),
  ]);
  const granted = new Set((shop.grantedScopes ?? "").split(",").filter(Boolean));
  const missingScopes = demo ? [] : getEnv().scopes.filter((scope) => !granted.has(scope));
  return {
    demo,
    installState: shop.installState,
    missingScopes,
    thresholdPercent: config?.thresholdPercent ?? 40,
    deployed: Boolean(config?.deployedAt),
    queue,
    alertsAvailable: planHasAlerts(plan),
    slack: { connected: Boolean(alerts.slackWebhook), channel: alerts.slackChannel, url: alerts.slackWebhook },
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

function Status({ label, ok, text }: { label: string; ok: boolean; text: string }) {
  return (
    <div role="group" aria-label={label}>
      <InlineStack align="space-between" blockAlign="center">
        <Text as="span">{label}</Text>
        <Badge tone={ok ? "success" : "attention"}>{text}</Badge>
      </InlineStack>
    </div>
  );
}

export default function Integration() {
  const data = useLoaderData<typeof loader>();
  return (
    <AdminPage title="Integration" description="Connections, app status and checkout blocking">
      <InlineGrid columns={{ xs: 1, md: 2 }} gap="400">
        <SlackCard available={data.alertsAvailable} {...data.slack} />
        <SmtpCard available={data.alertsAvailable} {...data.smtp} />
        <NamedCard name="App status">
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd">
              App status
            </Text>
            <Status label="Shopify connection" ok={!data.demo} text={data.demo ? "Demo store" : "Connected"} />
            <Status
              label="Order monitoring webhooks"
              ok={data.installState === "installed"}
              text={data.installState === "installed" ? "Active" : "Uninstalled"}
            />
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
              label="Access scopes"
              ok={data.missingScopes.length === 0}
              text={data.missingScopes.length === 0 ? "Granted" : `Missing: ${data.missingScopes.join(", ")}`}
            />
          </BlockStack>
        </NamedCard>
        <Card>
          <BlockStack gap="300">
            <InlineStack align="space-between" blockAlign="center">
              <Text as="h2" variant="headingMd">
                Shopify Plus Features
              </Text>
              <Badge tone="info">Coming Soon</Badge>
            </InlineStack>
            <Text as="p">Real-time checkout blocking stops a breaching checkout before it is paid for.</Text>
            <Status
              label="Function threshold"
              ok={data.deployed}
              text={`${data.thresholdPercent}% ${data.deployed ? "deployed" : "not deployed"}`}
            />
          </BlockStack>
        </Card>
      </InlineGrid>
    </AdminPage>
  );
}
