import { getFormProps } from "@conform-to/react";
import { useFetcherForm } from "../components/useFetcherForm";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import {
  Banner,
  BlockStack,
  Button,
  Card,
  FormLayout,
  InlineStack,
  Link,
  List,
  Text,
  TextField,
} from "@shopify/polaris";
import { useMemo } from "react";
import { AdminPage, PlanButton } from "../components/AdminPage";
import { withEmbeddedQuery } from "../components/admin-nav";
import { useField } from "../components/form-fields";
import { useActionFetcher } from "../components/useActionFetcher";
import { planHasAlerts } from "../domain/plans";
import { getEnv } from "../env.server";
import { slackConnectSchema } from "../forms/alerts";
import { getAlertSettings } from "../services/alerts/settings.server";
import { requireAdmin } from "../services/shops/admin-context.server";
import { ChannelTestButton } from "./_admin.integration/ChannelCards";
import { integrationAction, type IntegrationActionResult } from "./_admin.integration/actions.server";

export const action = ({ request }: ActionFunctionArgs) => integrationAction(request);

export const meta: MetaFunction = () => [{ title: "Connect Slack · Margin Guardrail" }];

export const loader = async ({ request, context: load }: LoaderFunctionArgs) => {
  const { shop, plan } = await requireAdmin(request, load);
  const settings = await getAlertSettings(shop.id);
  return {
    available: planHasAlerts(plan),
    connected: Boolean(settings.slackWebhook),
    channel: settings.slackChannel,
    production: getEnv().isProduction,
  };
};

/** The guided page of docs/product.md#integration-center: connect Slack in three steps. */
export default function ConnectSlack() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const fetcher = useActionFetcher<IntegrationActionResult>("slack-connect");
  const schema = useMemo(() => slackConnectSchema({ production: data.production }), [data.production]);
  const [form, fields] = useFetcherForm({
    id: "slack-connect",
    schema,
    fetcher,
    defaultValue: { slackWebhook: "", slackChannel: data.channel },
  });
  const slackWebhook = useField(fields.slackWebhook);
  const slackChannel = useField(fields.slackChannel);
  const back = withEmbeddedQuery("/integration", location.search);
  return (
    <AdminPage title="Connect Slack" description="Alerts in a Slack channel, in three steps">
      <BlockStack gap="400">
        {!data.available ? (
          <Card>
            <BlockStack gap="200" inlineAlign="start">
              <Text as="p">Slack alerts come with the Core plan.</Text>
              <PlanButton target="core" />
            </BlockStack>
          </Card>
        ) : null}
        <Card>
          <BlockStack gap="200">
            <Text as="h2" variant="headingMd">
              1. Create an incoming webhook in Slack
            </Text>
            <List type="number">
              <List.Item>
                Open{" "}
                <Link url="https://api.slack.com/apps" target="_blank">
                  api.slack.com/apps
                </Link>{" "}
                and choose Create New App, From scratch; name it &quot;Margin Guardrail&quot; and pick your workspace.
              </List.Item>
              <List.Item>Under Incoming Webhooks, turn Activate Incoming Webhooks on.</List.Item>
              <List.Item>
                Choose Add New Webhook to Workspace, pick the channel for alerts, and allow it. Copy the Webhook URL (it
                starts with https://hooks.slack.com/services/).
              </List.Item>
            </List>
          </BlockStack>
        </Card>
        <Card>
          <form {...getFormProps(form)}>
            <input type="hidden" name="intent" value="connectSlack" />
            <BlockStack gap="300">
              <Text as="h2" variant="headingMd">
                2. Paste its URL
              </Text>
              {form.errors?.[0] ? <Banner tone="critical" title={form.errors[0]} /> : null}
              <FormLayout>
                <TextField
                  label="Slack incoming-webhook URL"
                  type="password"
                  placeholder="https://hooks.slack.com/services/…"
                  helpText="Stored encrypted; never shown again in full."
                  {...slackWebhook.textField}
                />
                <TextField
                  label="Slack channel"
                  helpText="The channel you picked, for the alerts' text."
                  {...slackChannel.textField}
                />
              </FormLayout>
              <InlineStack>
                <Button submit variant="primary" loading={fetcher.state !== "idle"} disabled={!data.available}>
                  Connect Slack
                </Button>
              </InlineStack>
            </BlockStack>
          </form>
        </Card>
        <Card>
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd">
              3. Send a test
            </Text>
            <Text as="p" tone="subdued">
              {data.connected
                ? `Slack is connected (${data.channel}). A test message shows what an alert looks like.`
                : "Once connected, send a test message to check that alerts arrive."}
            </Text>
            <InlineStack gap="300">
              {data.connected ? <ChannelTestButton channel="slack" label="Send test Slack message" /> : null}
              <Button url={back}>Back to Integration</Button>
            </InlineStack>
          </BlockStack>
        </Card>
      </BlockStack>
    </AdminPage>
  );
}
