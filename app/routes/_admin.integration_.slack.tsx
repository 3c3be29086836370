import { getFormProps } from "@conform-to/react";
import { useFetcherForm } from "../components/useFetcherForm";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation, useNavigate } from "@remix-run/react";
import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Card,
  Collapsible,
  FormLayout,
  InlineStack,
  Link,
  List,
  Text,
  TextField,
} from "@shopify/polaris";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { AdminPage, PlanButton, useAdminLayout } from "../components/AdminPage";
import { withEmbeddedQuery } from "../components/admin-nav";
import { useField } from "../components/form-fields";
import { useActionFetcher } from "../components/useActionFetcher";
import { useAppBridgePresent } from "../components/useAppBridge";
import { useToast } from "../components/Toasts";
import { planHasAlerts } from "../domain/billing/plans";
import { getEnv } from "../env.server";
import { slackConnectSchema } from "../forms/alerts";
import { getAlertSettings } from "../services/alerts/settings.server";
import { SLACK_OUTCOMES, isSlackOutcomeProblem } from "../services/alerts/slack-oauth";
import { slackInstallUrl } from "../services/alerts/slack-oauth.server";
import { requireAdmin } from "../services/shops/admin-context.server";
import { ChannelTestButton, SlackDisconnectButton } from "./_admin.integration/ChannelCards";
import { integrationAction, type IntegrationActionResult } from "./_admin.integration/actions.server";

export const action = ({ request }: ActionFunctionArgs) => integrationAction(request);

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.connected ? "Slack" : "Connect Slack"} · Margin Guardrail` },
];

export const loader = async ({ request, context: load }: LoaderFunctionArgs) => {
  const { shop, plan } = await requireAdmin(request, load);
  const settings = await getAlertSettings(shop.id);
  const available = planHasAlerts(plan);
  const outcome = new URL(request.url).searchParams.get("slack");
  return {
    available,
    connected: Boolean(settings.slackWebhook),
    channel: settings.slackChannel,
    /** the stored webhook URL, masked */
    webhook: settings.slackWebhook,
    production: getEnv().isProduction,
    // null without a Slack app of ours (SLACK_CLIENT_ID): merchants paste a webhook URL
    installUrl: available ? slackInstallUrl(shop.domain, request) : null,
    oauth: getEnv().slack !== null,
    outcome: outcome === "connected" || isSlackOutcomeProblem(outcome) ? outcome : null,
  };
};

/** Making the incoming webhook by hand in Slack, for the pasted-URL path. */
function ManualSteps() {
  return (
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
        Choose Add New Webhook to Workspace, pick the channel for alerts, and allow it. Copy the Webhook URL (it starts
        with https://hooks.slack.com/services/).
      </List.Item>
    </List>
  );
}

/** The pasted incoming-webhook URL and its channel. */
function PasteForm({
  available,
  channel,
  production,
  connected,
}: {
  available: boolean;
  channel: string;
  production: boolean;
  connected: boolean;
}) {
  const fetcher = useActionFetcher<IntegrationActionResult>("slack-connect");
  const schema = useMemo(() => slackConnectSchema({ production }), [production]);
  const [form, fields] = useFetcherForm({
    id: "slack-connect",
    schema,
    fetcher,
    defaultValue: { slackWebhook: "", slackChannel: channel },
  });
  const slackWebhook = useField(fields.slackWebhook);
  const slackChannel = useField(fields.slackChannel);
  return (
    <form {...getFormProps(form)}>
      <input type="hidden" name="intent" value="connectSlack" />
      <BlockStack gap="300">
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
          <Button submit loading={fetcher.state !== "idle"} disabled={!available}>
            {connected ? "Replace the webhook" : "Connect Slack"}
          </Button>
        </InlineStack>
      </BlockStack>
    </form>
  );
}

/**
 * "Add to Slack": Slack's consent screen, where the merchant picks the channel. It cannot open
 * inside Shopify's admin (Slack refuses to be framed): embedded, App Bridge opens it at the top
 * of the admin; in the demo store the link leaves the page the same way.
 */
function AddToSlackButton({ url, disabled }: { url: string | null; disabled: boolean }) {
  const { demo } = useAdminLayout();
  const appBridge = useAppBridgePresent(demo);
  if (!url || disabled) {
    return (
      <Button variant="primary" disabled>
        Add to Slack
      </Button>
    );
  }
  return appBridge ? (
    <Button variant="primary" onClick={() => window.open(url, "_top")}>
      Add to Slack
    </Button>
  ) : (
    <Button variant="primary" url={url} target="_top">
      Add to Slack
    </Button>
  );
}

/** What the merchant sees after coming back from Slack: a toast when connected, else a banner that says why not. */
function useSlackOutcome(outcome: string | null, channel: string) {
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const shown = useRef(false);
  const [problem, setProblem] = useState(isSlackOutcomeProblem(outcome) ? outcome : null);
  useEffect(() => {
    if (shown.current || !outcome) return;
    shown.current = true;
    if (outcome === "connected") toast({ title: `Slack connected to ${channel}` });
    // the outcome is told once: a reload does not tell it again
    const query = new URLSearchParams(location.search);
    query.delete("slack");
    navigate(`${location.pathname}${query.size ? `?${query.toString()}` : ""}`, { replace: true });
  }, [outcome, channel, toast, navigate, location]);
  return { problem, dismiss: () => setProblem(null) };
}

/**
 * Slack as connected: where alerts post, a test, Disconnect, and the way back. `disconnect` is
 * the page's: this card is gone once Slack is disconnected, and its toast must still show.
 */
function ConnectedCard({
  channel,
  webhook,
  back,
  disconnect,
}: {
  channel: string;
  webhook: string | null;
  back: string;
  disconnect: ReturnType<typeof useActionFetcher<IntegrationActionResult>>;
}) {
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack gap="200" blockAlign="center">
          <Text as="h2" variant="headingMd">
            Slack is connected
          </Text>
          <Badge tone="success">Connected</Badge>
        </InlineStack>
        <Text as="p">
          Alerts post to {channel}
          {webhook ? ` through the incoming webhook ${webhook}` : ""}. A test message shows what an alert looks like.
        </Text>
        <InlineStack gap="300">
          <ChannelTestButton channel="slack" label="Send test Slack message" />
          <SlackDisconnectButton disconnect={disconnect} />
          <Button url={back}>Back to Integration Center</Button>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}

/** The guided page of docs/product.md#integration-center: connect Slack, then send a test. */
export default function ConnectSlack() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const back = withEmbeddedQuery("/integration", location.search);
  const { problem, dismiss } = useSlackOutcome(data.outcome, data.channel);
  const disconnect = useActionFetcher<IntegrationActionResult>("slack-disconnect");
  const [pasteOpen, setPasteOpen] = useState(false);
  const pasteId = useId();
  const paste = (
    <PasteForm
      available={data.available}
      channel={data.channel}
      production={data.production}
      connected={data.connected}
    />
  );
  const test =
    data.connected && data.available ? null : (
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {data.oauth ? "2. Send a test" : "3. Send a test"}
          </Text>
          <Text as="p" tone="subdued">
            Once connected, send a test message to check that alerts arrive.
          </Text>
          <InlineStack gap="300">
            <Button disabled>Send test Slack message</Button>
            <Button url={back}>Back to Integration Center</Button>
          </InlineStack>
        </BlockStack>
      </Card>
    );
  return (
    <AdminPage
      title={data.connected ? "Slack" : "Connect Slack"}
      description="Alerts in a Slack channel"
      backAction={{ content: "Integration Center", url: "/integration" }}
    >
      <BlockStack gap="400">
        {data.connected && data.available ? (
          <ConnectedCard channel={data.channel} webhook={data.webhook} back={back} disconnect={disconnect} />
        ) : null}
        {problem ? (
          <Banner tone="critical" title="Slack was not connected" onDismiss={dismiss}>
            <p>{SLACK_OUTCOMES[problem]}</p>
          </Banner>
        ) : null}
        {!data.available ? (
          <Card>
            <BlockStack gap="200" inlineAlign="start">
              <Text as="p">Slack alerts come with the Core plan.</Text>
              <PlanButton target="core" />
            </BlockStack>
          </Card>
        ) : null}
        {data.oauth ? (
          <>
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">
                  {data.connected ? "Pick another channel" : "1. Add Margin Guardrail to Slack"}
                </Text>
                <Text as="p">
                  {data.connected
                    ? `Alerts post to ${data.channel}. Add to Slack again to pick another channel.`
                    : "Slack asks you to sign in and pick the channel for alerts, then brings you back here."}
                </Text>
                <InlineStack>
                  <AddToSlackButton url={data.installUrl} disabled={!data.available} />
                </InlineStack>
                <BlockStack gap="200" inlineAlign="start">
                  <Button
                    variant="plain"
                    disclosure={pasteOpen ? "up" : "down"}
                    ariaExpanded={pasteOpen}
                    ariaControls={pasteId}
                    onClick={() => setPasteOpen((open) => !open)}
                  >
                    Paste a webhook URL instead
                  </Button>
                </BlockStack>
                <Collapsible id={pasteId} open={pasteOpen}>
                  <BlockStack gap="300">
                    <Text as="p" tone="subdued">
                      For a webhook you made in a Slack app of your own:
                    </Text>
                    <ManualSteps />
                    {paste}
                  </BlockStack>
                </Collapsible>
              </BlockStack>
            </Card>
            {test}
          </>
        ) : (
          <>
            <Card>
              <BlockStack gap="200">
                <Text as="h2" variant="headingMd">
                  1. Create an incoming webhook in Slack
                </Text>
                <ManualSteps />
              </BlockStack>
            </Card>
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">
                  2. Paste its URL
                </Text>
                {paste}
              </BlockStack>
            </Card>
            {test}
          </>
        )}
      </BlockStack>
    </AdminPage>
  );
}
