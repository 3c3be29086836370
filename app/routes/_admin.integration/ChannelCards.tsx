import { useLocation } from "@remix-run/react";
import { Badge, BlockStack, Button, FormLayout, InlineStack, Text, TextField } from "@shopify/polaris";
import { PlanButton } from "../../components/AdminPage";
import { withEmbeddedQuery } from "../../components/admin-nav";
import { NamedCard } from "../../components/NamedCard";
import { useActionFetcher } from "../../components/useActionFetcher";
import type { IntegrationActionResult } from "./actions.server";
import { SAVE_FIRST, useIntegrationSettings } from "./SettingsForm";

function Header({ title, on, onText, offText }: { title: string; on: boolean; onText: string; offText: string }) {
  return (
    <InlineStack align="space-between" blockAlign="center">
      <Text as="h2" variant="headingMd">
        {title}
      </Text>
      <Badge tone={on ? "success" : undefined}>{on ? onText : offText}</Badge>
    </InlineStack>
  );
}

function Locked() {
  return (
    <BlockStack gap="200" inlineAlign="start">
      <Text as="p" tone="subdued">
        Alerts come with the Core plan.
      </Text>
      <PlanButton target="core" />
    </BlockStack>
  );
}

/** A channel's test button: sends a test alert with the saved settings. */
export function ChannelTestButton({
  channel,
  label,
  disabled = false,
}: {
  channel: string;
  label: string;
  disabled?: boolean;
}) {
  const fetcher = useActionFetcher<IntegrationActionResult>(`integration-test-${channel}`);
  return (
    <Button
      disabled={disabled}
      loading={fetcher.state !== "idle"}
      onClick={() => fetcher.submit({ intent: "test", channel }, { method: "post" })}
    >
      {label}
    </Button>
  );
}

/** The chat card: Slack alerts through an incoming webhook, connected with a short guide. */
export function SlackCard({
  available,
  connected,
  channel,
}: {
  available: boolean;
  connected: boolean;
  channel: string;
}) {
  const location = useLocation();
  const disconnect = useActionFetcher<IntegrationActionResult>("integration-slack-disconnect");
  return (
    <NamedCard name="Slack">
      <BlockStack gap="300">
        <Header title="Slack" on={available && connected} onText="Connected" offText="Not connected" />
        <Text as="p">Alerts and digests in a Slack channel, with a button to open the order.</Text>
        {!available ? (
          <Locked />
        ) : connected ? (
          <BlockStack gap="300">
            <Text as="p">Alerts post to {channel}.</Text>
            <InlineStack gap="300">
              <ChannelTestButton channel="slack" label="Send test Slack message" />
              <SlackDisconnectButton disconnect={disconnect} />
            </InlineStack>
          </BlockStack>
        ) : (
          <InlineStack>
            <Button variant="primary" url={withEmbeddedQuery("/api/integrations/slack/install", location.search)}>
              Connect Slack
            </Button>
          </InlineStack>
        )}
      </BlockStack>
    </NamedCard>
  );
}

/** The SMTP e-mail card: the merchant's own mail server for their alert e-mails. */
export function SmtpCard({
  available,
  host,
  password,
  recipients,
}: {
  available: boolean;
  host: string | null;
  /** the stored password, masked */
  password: string | null;
  recipients: number;
}) {
  return (
    <NamedCard name="Your mail server">
      <BlockStack gap="300">
        <Header
          title="Your mail server"
          on={available && Boolean(host)}
          onText={`Using ${host}`}
          offText="Not set up"
        />
        <Text as="p">
          Send alert e-mails through your own mail server (SMTP). Without one, they come from Margin Guardrail&apos;s
          mailer.
        </Text>
        {!available ? <Locked /> : <SmtpForm host={host} password={password} recipients={recipients} />}
      </BlockStack>
    </NamedCard>
  );
}

/**
 * The SMTP fields of the page's settings form (saved by its save bar), the test and Remove:
 * those two act on the saved server, so they wait while the fields are changed.
 */
function SmtpForm({
  host,
  password,
  recipients,
}: {
  host: string | null;
  password: string | null;
  recipients: number;
}) {
  const { fields, dirty } = useIntegrationSettings();
  const remove = useActionFetcher<IntegrationActionResult>("integration-smtp-remove");
  return (
    <FormLayout>
      <FormLayout.Group>
        <TextField label="SMTP host" placeholder="smtp.example.com" {...fields.smtpHost.textField} />
        <TextField
          label="Port"
          type="number"
          helpText="587 with STARTTLS; 465 for TLS."
          {...fields.smtpPort.textField}
        />
      </FormLayout.Group>
      <FormLayout.Group>
        <TextField label="Username" {...fields.smtpUsername.textField} />
        <TextField
          label="Password"
          type="password"
          placeholder={password ? `Stored: ${password}` : undefined}
          helpText={password ? "Stored encrypted. Type a new one to replace it." : "Stored encrypted."}
          {...fields.smtpPassword.textField}
        />
      </FormLayout.Group>
      <InlineStack gap="300">
        <ChannelTestButton channel="email" label="Send test e-mail" disabled={dirty} />
        {host ? (
          <Button
            tone="critical"
            disabled={dirty}
            loading={remove.state !== "idle"}
            onClick={() => remove.submit({ intent: "removeSmtp" }, { method: "post" })}
          >
            Remove
          </Button>
        ) : null}
      </InlineStack>
      <Text as="p" tone="subdued">
        {dirty
          ? SAVE_FIRST
          : recipients === 0
            ? "Add recipients on the Alerts page to send a test."
            : `The test goes to your ${recipients} alert recipient${recipients === 1 ? "" : "s"}.`}
      </Text>
    </FormLayout>
  );
}

/** Disconnect Slack, through `disconnect`: the caller's fetcher, so its toast outlives the card. */
export function SlackDisconnectButton({
  disconnect,
}: {
  disconnect: ReturnType<typeof useActionFetcher<IntegrationActionResult>>;
}) {
  return (
    <Button
      tone="critical"
      loading={disconnect.state !== "idle"}
      onClick={() => disconnect.submit({ intent: "disconnectSlack" }, { method: "post" })}
    >
      Disconnect
    </Button>
  );
}
